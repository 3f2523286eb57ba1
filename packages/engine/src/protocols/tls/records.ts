import { u16, withLength16 } from "./hello-extensions.js";

/** TLS record content types (RFC 5246 6.2.1, RFC 6520 3). */
export const recordType = {
  changeCipherSpec: 20,
  alert: 21,
  handshake: 22,
  applicationData: 23,
  heartbeat: 24,
} as const;

/** One plaintext record of `type` at `version` holding `body`. */
export function tlsRecord(type: number, version: number, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([type]), u16(version), withLength16(body)]);
}

/** A ChangeCipherSpec record: one byte, 1 (RFC 5246 7.1). */
export const changeCipherSpecRecord = (version: number) =>
  tlsRecord(recordType.changeCipherSpec, version, Buffer.from([1]));

/**
 * A HeartbeatRequest (RFC 6520 4) that claims `claimedLength` payload bytes and carries
 * `payload`, without padding. A claim larger than what is carried is the Heartbleed question:
 * RFC 6520 says to discard such a message; a vulnerable OpenSSL echoes `claimedLength` bytes of
 * its own memory.
 */
export function heartbeatRequestRecord(
  version: number,
  claimedLength: number,
  payload: Buffer = Buffer.alloc(0),
): Buffer {
  const body = Buffer.concat([Buffer.from([1]), u16(claimedLength), payload]);
  return tlsRecord(recordType.heartbeat, version, body);
}

/** A record header: its type, version and the length it declares. */
export interface RecordHeader {
  type: number;
  version: number;
  length: number;
  /** Where its body starts in the bytes read. */
  bodyAt: number;
}

/**
 * The headers of the records in `bytes`, up to the first one whose header is incomplete; the
 * last one's body may be incomplete. Stops at bytes that are no TLS record (null then).
 */
export function recordHeaders(bytes: Buffer): RecordHeader[] | null {
  const headers: RecordHeader[] = [];
  for (let at = 0; at + 5 <= bytes.length; ) {
    const type = bytes[at]!;
    if (type < 20 || type > 24 || bytes[at + 1] !== 3) return null;
    const header = {
      type,
      version: bytes.readUInt16BE(at + 1),
      length: bytes.readUInt16BE(at + 3),
      bodyAt: at + 5,
    };
    headers.push(header);
    at = header.bodyAt + header.length;
  }
  return headers;
}
