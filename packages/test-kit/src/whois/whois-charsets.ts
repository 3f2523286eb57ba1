/**
 * Text as the bytes a registry that does not answer in UTF-8 sends: a single-byte character set
 * (KOI8-R, ISO-8859-9, Windows-1251...), EUC-JP, or ISO-2022-JP (JIS X 0208 between `ESC $ B`
 * and `ESC ( B`). Built from Node's own decoders, read backwards, so no encoder library is needed.
 */
export function whoisBytesIn(text: string, encoding: string): Uint8Array {
  if (encoding === "euc-jp") return Uint8Array.from(eucJp(text).flat());
  if (encoding === "iso-2022-jp") return iso2022Jp(text);
  const byChar = reverseMap(encoding, singleBytes());
  return Uint8Array.from(
    [...text].map((char) => {
      const byte = byChar.get(char);
      if (byte === undefined) throw new Error(`${encoding} has no ${char}`);
      return byte[0]!;
    }),
  );
}

function singleBytes(): number[][] {
  return Array.from({ length: 256 }, (_, byte) => [byte]);
}

/** The two-byte JIS X 0208 codes of EUC-JP (each byte 0xA1 to 0xFE). */
function jisPairs(): number[][] {
  const pairs: number[][] = [];
  for (let first = 0xa1; first <= 0xfe; first++) {
    for (let second = 0xa1; second <= 0xfe; second++) pairs.push([first, second]);
  }
  return pairs;
}

const maps = new Map<string, Map<string, number[]>>();

function reverseMap(encoding: string, codes: number[][]): Map<string, number[]> {
  const known = maps.get(encoding);
  if (known) return known;
  const decoder = new TextDecoder(encoding, { fatal: true });
  const byChar = new Map<string, number[]>();
  for (const code of codes) {
    try {
      const char = decoder.decode(Uint8Array.from(code));
      if (!byChar.has(char)) byChar.set(char, code);
    } catch {
      // Not a character of this set.
    }
  }
  maps.set(encoding, byChar);
  return byChar;
}

/** Each character's EUC-JP bytes: ASCII as itself, the rest as a JIS X 0208 pair. */
function eucJp(text: string): number[][] {
  const pairs = reverseMap("euc-jp", jisPairs());
  return [...text].map((char) => {
    if (char.charCodeAt(0) < 0x80) return [char.charCodeAt(0)];
    const pair = pairs.get(char);
    if (!pair) throw new Error(`EUC-JP has no ${char}`);
    return pair;
  });
}

function iso2022Jp(text: string): Uint8Array {
  const out: number[] = [];
  let jis = false;
  for (const code of eucJp(text)) {
    const double = code.length === 2;
    if (double !== jis) {
      out.push(...(double ? [0x1b, 0x24, 0x42] : [0x1b, 0x28, 0x42]));
      jis = double;
    }
    out.push(...code.map((byte) => (double ? byte - 0x80 : byte)));
  }
  if (jis) out.push(0x1b, 0x28, 0x42);
  return Uint8Array.from(out);
}
