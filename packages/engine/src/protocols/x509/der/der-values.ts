import { contentOf, DerError, type DerNode, derTag, expect } from "./der-reader.js";

/** An OBJECT IDENTIFIER, dotted. */
export function oidOf(node: DerNode | undefined, what = "OID"): string {
  const bytes = contentOf(expect(node, derTag.oid, what));
  if (bytes.length === 0 || bytes.length > 64) throw new DerError(`${what} has a bad length`);
  const arcs: number[] = [];
  let value = 0;
  for (const byte of bytes) {
    value = value * 128 + (byte & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER / 128) throw new DerError(`${what} has a huge arc`);
    if ((byte & 0x80) === 0) {
      arcs.push(value);
      value = 0;
    }
  }
  if ((bytes.at(-1)! & 0x80) !== 0) throw new DerError(`${what} is truncated`);
  const first = arcs.shift()!;
  const top = first < 80 ? Math.floor(first / 40) : 2;
  return [top, first - top * 40, ...arcs].join(".");
}

/** An INTEGER's two's complement bytes. */
export function integerBytesOf(node: DerNode | undefined, what = "INTEGER"): Buffer {
  const bytes = contentOf(expect(node, derTag.integer, what));
  if (bytes.length === 0) throw new DerError(`${what} is empty`);
  return bytes;
}

/** A small non-negative INTEGER (versions, lengths). */
export function smallIntegerOf(node: DerNode | undefined, what = "INTEGER"): number {
  const bytes = integerBytesOf(node, what);
  if (bytes.length > 6 || (bytes[0]! & 0x80) !== 0) throw new DerError(`${what} is out of range`);
  return bytes.readUIntBE(0, bytes.length);
}

/** A positive INTEGER as a BigInt (moduli, primes). */
export function bigIntegerOf(node: DerNode | undefined, what = "INTEGER"): bigint {
  const bytes = integerBytesOf(node, what);
  return bytes.length === 0 ? 0n : BigInt(`0x${bytes.toString("hex")}`);
}

/** A BIT STRING's bytes (its unused-bits count must be zero: keys and signatures). */
export function bitStringOf(node: DerNode | undefined, what = "BIT STRING"): Buffer {
  const bytes = contentOf(expect(node, derTag.bitString, what));
  if (bytes.length === 0) throw new DerError(`${what} is empty`);
  return bytes.subarray(1);
}

export function booleanOf(node: DerNode | undefined, what = "BOOLEAN"): boolean {
  const bytes = contentOf(expect(node, derTag.boolean, what));
  if (bytes.length !== 1) throw new DerError(`${what} has a bad length`);
  return bytes[0] !== 0;
}

/** UTCTime (years 1950-2049, RFC 5280 4.1.2.5.1) or GeneralizedTime, seconds included. */
export function timeOf(node: DerNode | undefined, what = "time"): Date {
  if (!node) throw new DerError(`${what} is missing`);
  const text = contentOf(node).toString("latin1");
  const match =
    node.tag === derTag.utcTime
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : node.tag === derTag.generalizedTime
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/.exec(text)
        : null;
  if (!match) throw new DerError(`${what} is not a UTC time`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const year = node.tag === derTag.utcTime ? (y! < 50 ? 2000 + y! : 1900 + y!) : y!;
  const date = new Date(Date.UTC(year, mo! - 1, d!, h!, mi!, s!));
  if (Number.isNaN(date.getTime())) throw new DerError(`${what} is not a date`);
  return date;
}

const decoders: Record<number, (bytes: Buffer) => string> = {
  12: (bytes) => bytes.toString("utf8"), // UTF8String
  18: (bytes) => bytes.toString("latin1"), // NumericString
  19: (bytes) => bytes.toString("latin1"), // PrintableString
  20: (bytes) => bytes.toString("latin1"), // TeletexString, read as Latin-1 as OpenSSL does
  22: (bytes) => bytes.toString("latin1"), // IA5String
  26: (bytes) => bytes.toString("latin1"), // VisibleString
  28: (bytes) => utf32(bytes), // UniversalString
  30: (bytes) => utf16(bytes), // BMPString
};

/** A directory or IA5 string as text; undefined for another type. */
export function stringOf(node: DerNode): string | undefined {
  return decoders[node.tag]?.(contentOf(node));
}

function utf16(bytes: Buffer): string {
  const swapped = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return swapped.swap16().toString("utf16le");
}

function utf32(bytes: Buffer): string {
  let text = "";
  for (let at = 0; at + 4 <= bytes.length; at += 4) {
    const code = bytes.readUInt32BE(at);
    text += code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
  }
  return text;
}
