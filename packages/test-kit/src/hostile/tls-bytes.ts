import { randomBytes } from "node:crypto";

/**
 * TLS answers written byte by byte (RFC 8446 4, RFC 5246 7.4), for what no server library
 * would send: lengths that lie, versions that do not exist, a HelloRetryRequest twice.
 */

const u16 = (value: number) => Buffer.from([(value >> 8) & 0xff, value & 0xff]);
const u24 = (value: number) =>
  Buffer.from([(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]);

/** A record: content type (22 handshake, 21 alert), version, then its length (or `length`). */
export function tlsRecord(type: number, body: Buffer, length = body.length, version = 0x0303) {
  return Buffer.concat([Buffer.from([type]), u16(version), u16(length), body]);
}

/** A handshake message: type (2 ServerHello, 11 Certificate, 12 ServerKeyExchange), length. */
export function handshakeMessage(type: number, body: Buffer, length = body.length) {
  return Buffer.concat([Buffer.from([type]), u24(length), body]);
}

export function tlsExtension(type: number, body: Buffer): Buffer {
  return Buffer.concat([u16(type), u16(body.length), body]);
}

/** The random that makes a ServerHello a HelloRetryRequest (RFC 8446 4.1.3). */
export const helloRetryRandom = Buffer.from(
  "cf21ad74e59a6111be1d8c021e65b891c2a211167abb8c5e079e09e2c8a8339c",
  "hex",
);

/** A ServerHello body; `extensionsLength` may lie about the extensions that follow. */
export function serverHelloBody(options: {
  version?: number;
  random?: Buffer;
  suite: number;
  extensions?: readonly Buffer[];
  extensionsLength?: number;
  sessionIdLength?: number;
}): Buffer {
  const extensions = Buffer.concat(options.extensions ?? []);
  return Buffer.concat([
    u16(options.version ?? 0x0303),
    options.random ?? randomBytes(32),
    Buffer.from([options.sessionIdLength ?? 0]),
    u16(options.suite),
    Buffer.from([0]),
    u16(options.extensionsLength ?? extensions.length),
    extensions,
  ]);
}

/** A whole ServerHello record. */
export const serverHelloRecord = (options: Parameters<typeof serverHelloBody>[0]) =>
  tlsRecord(22, handshakeMessage(2, serverHelloBody(options)));

/** supported_versions as a server sends it: the one version chosen. */
export const supportedVersion = (version: number) => tlsExtension(0x002b, u16(version));

/** key_share of a HelloRetryRequest: the group the server wants. */
export const retryKeyShare = (group: number) => tlsExtension(0x0033, u16(group));

/** Whether a ClientHello record offers ALPN: Node's own hello does, the scan's never. */
export function offersAlpn(record: Buffer): boolean {
  if (record.length < 5 + 43 || record[0] !== 22 || record[5] !== 1) return false;
  const hello = record.subarray(9);
  let offset = 34;
  offset += 1 + hello[offset]!;
  if (offset + 2 > hello.length) return false;
  offset += 2 + hello.readUInt16BE(offset);
  offset += 1 + (hello[offset] ?? 0);
  if (offset + 2 > hello.length) return false;
  const end = Math.min(hello.length, offset + 2 + hello.readUInt16BE(offset));
  for (let at = offset + 2; at + 4 <= end; at += 4 + hello.readUInt16BE(at + 2)) {
    if (hello.readUInt16BE(at) === 0x0010) return true;
  }
  return false;
}

/** The suites a ClientHello record offers. */
export function offeredSuites(record: Buffer): number[] {
  if (record.length < 5 + 43 || record[5] !== 1) return [];
  const hello = record.subarray(9);
  let offset = 34;
  offset += 1 + hello[offset]!;
  if (offset + 2 > hello.length) return [];
  const length = hello.readUInt16BE(offset);
  const suites: number[] = [];
  for (let at = offset + 2; at + 2 <= Math.min(offset + 2 + length, hello.length); at += 2)
    suites.push(hello.readUInt16BE(at));
  return suites;
}
