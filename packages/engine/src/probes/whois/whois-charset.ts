import type { WhoisProfile } from "./whois-profiles.js";

const utf8 = new TextDecoder("utf-8", { fatal: true });
/** ISO-2022-JP's escapes into JIS X 0208 (`ESC $ B`, `ESC $ @`) and JIS X 0201 (`ESC ( J`). */
const jisEscapes = ["\u001b$B", "\u001b$@", "\u001b(J"];

/**
 * A WHOIS answer's text in the character set its registry wrote it in. ISO-2022-JP first when
 * its escapes are present (its bytes are 7-bit, so they would pass for UTF-8 with the escapes
 * left in the text); then UTF-8 when the bytes are valid UTF-8; then the profile's character
 * sets in order, the first that decodes without error (JPRS: ISO-2022-JP, then EUC-JP and
 * Shift_JIS as Japanese registrars send them); else Windows-1252, the superset of the Latin-1
 * registries mean. Node's WHATWG decoders (full ICU) read them all, ISO-2022-JP included, which
 * iconv-lite does not, so no text ends up as replacement characters.
 */
export function decodeWhoisBytes(bytes: Uint8Array, profile: WhoisProfile): string {
  const latin = new TextDecoder("windows-1252").decode(bytes);
  if (jisEscapes.some((sequence) => latin.includes(sequence))) {
    const jis = decodeStrictly(bytes, "iso-2022-jp");
    if (jis !== undefined) return jis;
  }
  const unicode = decodeStrictly(bytes, "utf-8");
  if (unicode !== undefined) return unicode;
  const encodings =
    typeof profile.encoding === "string" ? [profile.encoding] : (profile.encoding ?? []);
  for (const encoding of encodings) {
    const text = decodeStrictly(bytes, encoding);
    if (text !== undefined) return text;
  }
  return latin;
}

function decodeStrictly(bytes: Uint8Array, encoding: string): string | undefined {
  try {
    return encoding === "utf-8"
      ? utf8.decode(bytes)
      : new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    // Not this character set (or one this Node does not know).
    return undefined;
  }
}
