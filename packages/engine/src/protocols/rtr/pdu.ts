/**
 * RTR protocol data units (RFC 8210 section 5; version 0 is RFC 6810). Every PDU starts with
 * version (1 byte), type (1), a 16-bit field (session id, error code or zero) and a 32-bit
 * length that counts the whole PDU.
 */

export const pduType = {
  serialNotify: 0,
  serialQuery: 1,
  resetQuery: 2,
  cacheResponse: 3,
  ipv4Prefix: 4,
  ipv6Prefix: 6,
  endOfData: 7,
  cacheReset: 8,
  routerKey: 9,
  errorReport: 10,
  // draft-ietf-sidrops-8210bis (version 2): skipped like a Router Key.
  aspa: 11,
} as const;

/** Error codes of an Error Report PDU (RFC 8210 section 12). */
export const rtrErrorCode = {
  corruptData: 0,
  internalError: 1,
  noDataAvailable: 2,
  invalidRequest: 3,
  unsupportedVersion: 4,
  unsupportedPduType: 5,
  withdrawalOfUnknownRecord: 6,
  duplicateAnnouncement: 7,
} as const;

const errorNames: Readonly<Record<number, string>> = {
  0: "Corrupt Data",
  1: "Internal Error",
  2: "No Data Available",
  3: "Invalid Request",
  4: "Unsupported Protocol Version",
  5: "Unsupported PDU Type",
  6: "Withdrawal of Unknown Record",
  7: "Duplicate Announcement Received",
  8: "Unexpected Protocol Version",
};

export const rtrErrorName = (code: number) => errorNames[code] ?? `error code ${code}`;

export type RtrPdu =
  | { type: "serialNotify"; version: number; sessionId: number; serial: number }
  | { type: "cacheResponse"; version: number; sessionId: number }
  | {
      type: "prefix";
      version: number;
      announce: boolean;
      family: 4 | 6;
      /** The prefix's bytes: 4 or 16. */
      bytes: Uint8Array;
      length: number;
      maxLength: number;
      asn: number;
    }
  | {
      type: "endOfData";
      version: number;
      sessionId: number;
      serial: number;
      /** Seconds; null in version 0, which has none. */
      intervals: { refresh: number; retry: number; expire: number } | null;
    }
  | { type: "cacheReset"; version: number }
  | { type: "errorReport"; version: number; code: number; text: string }
  | { type: "ignored"; version: number; pduType: number };

/** A PDU that breaks the protocol; `code` is the Error Report code to answer it with. */
export class RtrProtocolError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = "RtrProtocolError";
    this.code = code;
  }
}

/** Longest PDU read: an Error Report with a text may be long, but not without bound. */
const maxPduBytes = 64 * 1024;

/**
 * Splits a byte stream into PDUs: `push` takes what the socket gave and returns the PDUs that
 * are complete, keeping a partial one for the next call. Throws RtrProtocolError on a PDU that
 * cannot be right.
 */
export function pduReader(): { push(chunk: Uint8Array): RtrPdu[] } {
  let pending = Buffer.alloc(0);
  return {
    push(chunk) {
      pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk]);
      const pdus: RtrPdu[] = [];
      while (pending.length >= 8) {
        const length = pending.readUInt32BE(4);
        if (length < 8 || length > maxPduBytes) {
          throw new RtrProtocolError(rtrErrorCode.corruptData, `a PDU claims ${length} bytes`);
        }
        if (pending.length < length) break;
        pdus.push(decodePdu(pending.subarray(0, length)));
        pending = pending.subarray(length);
      }
      return pdus;
    },
  };
}

function decodePdu(pdu: Buffer): RtrPdu {
  const version = pdu[0]!;
  const type = pdu[1]!;
  const field = pdu.readUInt16BE(2);
  const expect = (length: number, name: string) => {
    if (pdu.length !== length) {
      throw new RtrProtocolError(
        rtrErrorCode.corruptData,
        `a ${name} PDU of ${pdu.length} bytes (${length} expected)`,
      );
    }
  };
  switch (type) {
    case pduType.serialNotify:
      expect(12, "Serial Notify");
      return { type: "serialNotify", version, sessionId: field, serial: pdu.readUInt32BE(8) };
    case pduType.cacheResponse:
      expect(8, "Cache Response");
      return { type: "cacheResponse", version, sessionId: field };
    case pduType.ipv4Prefix:
    case pduType.ipv6Prefix: {
      const family = type === pduType.ipv4Prefix ? 4 : 6;
      const size = family === 4 ? 4 : 16;
      expect(12 + size + 4, family === 4 ? "IPv4 Prefix" : "IPv6 Prefix");
      const length = pdu[9]!;
      const maxLength = pdu[10]!;
      if (length > size * 8 || maxLength > size * 8 || maxLength < length) {
        throw new RtrProtocolError(
          rtrErrorCode.corruptData,
          `an IPv${family} prefix of length ${length} and max length ${maxLength}`,
        );
      }
      return {
        type: "prefix",
        version,
        announce: (pdu[8]! & 1) === 1,
        family,
        bytes: new Uint8Array(pdu.subarray(12, 12 + size)),
        length,
        maxLength,
        asn: pdu.readUInt32BE(12 + size),
      };
    }
    case pduType.endOfData: {
      if (version === 0) {
        expect(12, "End of Data");
        return {
          type: "endOfData",
          version,
          sessionId: field,
          serial: pdu.readUInt32BE(8),
          intervals: null,
        };
      }
      expect(24, "End of Data");
      return {
        type: "endOfData",
        version,
        sessionId: field,
        serial: pdu.readUInt32BE(8),
        intervals: {
          refresh: pdu.readUInt32BE(12),
          retry: pdu.readUInt32BE(16),
          expire: pdu.readUInt32BE(20),
        },
      };
    }
    case pduType.cacheReset:
      expect(8, "Cache Reset");
      return { type: "cacheReset", version };
    case pduType.errorReport: {
      const encapsulated = pdu.length >= 12 ? pdu.readUInt32BE(8) : Number.NaN;
      const textAt = 12 + encapsulated;
      const textLength = textAt + 4 <= pdu.length ? pdu.readUInt32BE(textAt) : Number.NaN;
      if (!(textAt + 4 + textLength === pdu.length)) {
        throw new RtrProtocolError(
          rtrErrorCode.corruptData,
          "an Error Report whose lengths do not add up",
        );
      }
      const text = pdu.subarray(textAt + 4).toString("utf8");
      return { type: "errorReport", version, code: field, text };
    }
    case pduType.routerKey:
    case pduType.aspa:
      return { type: "ignored", version, pduType: type };
    default:
      throw new RtrProtocolError(rtrErrorCode.unsupportedPduType, `a PDU of unknown type ${type}`);
  }
}

/** Reset Query: "send me everything". */
export function resetQuery(version: number): Buffer {
  const pdu = Buffer.alloc(8);
  pdu[0] = version;
  pdu[1] = pduType.resetQuery;
  pdu.writeUInt32BE(8, 4);
  return pdu;
}

/** Serial Query: "send me what changed since `serial` of session `sessionId`". */
export function serialQuery(version: number, sessionId: number, serial: number): Buffer {
  const pdu = Buffer.alloc(12);
  pdu[0] = version;
  pdu[1] = pduType.serialQuery;
  pdu.writeUInt16BE(sessionId, 2);
  pdu.writeUInt32BE(12, 4);
  pdu.writeUInt32BE(serial, 8);
  return pdu;
}

/** Error Report with no encapsulated PDU, sent before the router drops the session. */
export function errorReport(version: number, code: number, text: string): Buffer {
  const message = Buffer.from(text, "utf8");
  const pdu = Buffer.alloc(16 + message.length);
  pdu[0] = version;
  pdu[1] = pduType.errorReport;
  pdu.writeUInt16BE(code, 2);
  pdu.writeUInt32BE(pdu.length, 4);
  pdu.writeUInt32BE(0, 8);
  pdu.writeUInt32BE(message.length, 12);
  message.copy(pdu, 16);
  return pdu;
}
