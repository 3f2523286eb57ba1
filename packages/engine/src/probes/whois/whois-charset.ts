import type { WhoisProfile } from "./whois-profiles.js";

const utf8 = new TextDecoder("utf-8", { fatal: true });
/** ISO-2022-JP's escape into JIS X 0208 (`ESC $ B` or `ESC $ @`). */
const jisEscapes = ["\u001b$B", "\u001b$@"];

/**
 * A WHOIS answer's text in the character set its registry wrote it in: UTF-8 when the bytes
 * are valid UTF-8; otherwise the profile's character set (KOI8-R, EUC-JP...), ISO-2022-JP when
 * its escapes are present, else Windows-1252 (the superset of Latin-1 registries mean). Node's
 * own decoders (full ICU) read them all, so no text ends up as replacement characters.
 */
export function decodeWhoisBytes(bytes: Uint8Array, profile: WhoisProfile): string {
  try {
    return utf8.decode(bytes);
  } catch {
    // Not UTF-8: the registry's own character set.
  }
  const latin = new TextDecoder("windows-1252").decode(bytes);
  const encoding =
    profile.encoding ??
    (jisEscapes.some((sequence) => latin.includes(sequence)) ? "iso-2022-jp" : "windows-1252");
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    return latin;
  }
}
