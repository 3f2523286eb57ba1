import { extensionType } from "./hello-extensions.js";
import { legacySuites } from "./suite-table.js";

/** What the server sent before the key exchange, read when asked (`readServerAnswer`'s `until`). */
export interface ServerFlight {
  /** The Certificate message's certificates (DER), leaf first; empty when none was sent. */
  certificates: Buffer[];
  /** The CertificateStatus message's OCSP response (DER), or null. */
  ocspResponse: Buffer | null;
}

export type ServerHelloAnswer = {
  kind: "hello";
  /** The version the server picked: supported_versions' when present (TLS 1.3). */
  version: number;
  suite: number;
  /** The compression method picked: 0 none, 1 DEFLATE (CRIME). */
  compression: number;
  /** Extension types of the ServerHello, in its order. */
  extensions: number[];
  /** A HelloRetryRequest (RFC 8446 4.1.3): the server asks for a key share of `group`. */
  retry: boolean;
  /** The key exchange group: key_share's at TLS 1.3, ServerKeyExchange's ECDHE curve below. */
  group: number | null;
  /** The finite-field DH prime of a DHE ServerKeyExchange, in bits. */
  dhBits: number | null;
  /** That prime itself, big-endian. */
  dhPrime: Buffer | null;
  /** The ALPN protocol picked, or null. */
  alpn: string | null;
  /** The signed_certificate_timestamp extension's SCT list (RFC 6962 3.3.1), or null. */
  sctList: Buffer | null;
  /** Up to the ServerHelloDone, when read that far (`until: "flight"`, TLS 1.2 and below). */
  flight: ServerFlight | null;
};

export type ServerAnswer =
  | ServerHelloAnswer
  | { kind: "alert"; description: number }
  /** An SSL 2 SERVER-HELLO and the number of cipher kinds it lists. */
  | { kind: "sslv2"; ciphers: number }
  /** Bytes that are not a TLS handshake or alert. */
  | { kind: "garbage" };

/**
 * How far to read: the ServerHello; on to an ECDHE or DHE suite's ServerKeyExchange (group, DH
 * prime); or the whole first flight to the ServerHelloDone (certificates, OCSP staple too).
 */
export type ReadUntil = "hello" | "key-exchange" | "flight";

/** SHA-256 of "HelloRetryRequest": the ServerHello random that marks a HelloRetryRequest. */
const retryRandom = Buffer.from(
  "cf21ad74e59a6111be1d8c021e65b891c2a211167abb8c5e079e09e2c8a8339c",
  "hex",
);
/** Warning alerts passed over before the answer is taken for garbage. */
const maxWarningAlerts = 5;
const keyExchanges = new Map(legacySuites.map((suite) => [suite.code, suite.keyExchange]));
/** More certificates than any real chain; a bound on what a hostile server can make us keep. */
const maxFlightCertificates = 32;

const handshakeType = {
  serverHello: 2,
  certificate: 11,
  serverKeyExchange: 12,
  serverHelloDone: 14,
  certificateStatus: 22,
} as const;

/**
 * The server's first answer in `bytes`, or undefined while more bytes are needed. Warning
 * alerts (an unrecognised name, say) are passed over as clients do.
 */
export function readServerAnswer(
  bytes: Buffer,
  mode: ReadUntil = "hello",
  /** No more bytes will come (the server closed): what was read is the answer. */
  final = false,
): ServerAnswer | undefined {
  // No TLS record type has the high bit set: this is SSL 2's 2-byte record header.
  if (bytes.length > 0 && (bytes[0]! & 0x80) !== 0) return readSslv2Hello(bytes);
  const records = handshakeRecords(bytes);
  if (records.kind !== "handshake") return records.answer;
  const { handshake } = records;
  const first = message(handshake, 0);
  if (first === null) return { kind: "garbage" };
  if (first === undefined) return final ? { kind: "garbage" } : undefined;
  if (first.type !== handshakeType.serverHello) return { kind: "garbage" };
  const hello = parseServerHello(first.body);
  if (hello.kind === "hello" && hello.retry) {
    // A second HelloRetryRequest in one connection: a client aborts (RFC 8446 4.1.4).
    const second = message(handshake, first.next);
    if (second && second.type === handshakeType.serverHello) return { kind: "garbage" };
  }
  if (hello.kind !== "hello" || mode === "hello" || hello.version > 0x0303 || hello.retry) {
    return hello;
  }
  const kind = keyExchanges.get(hello.suite);
  if (mode === "key-exchange" && kind !== "ECDHE" && kind !== "DHE") return hello;
  // Certificate, CertificateStatus, ServerKeyExchange... up to what was asked for.
  const flight: ServerFlight = { certificates: [], ocspResponse: null };
  let keyExchange: Partial<Pick<ServerHelloAnswer, "group" | "dhBits" | "dhPrime">> = {};
  for (let at = first.next; ; ) {
    const next = message(handshake, at);
    if (next === null) return { kind: "garbage" };
    if (next === undefined) {
      return records.ended || final
        ? { ...hello, ...keyExchange, flight: mode === "flight" ? flight : null }
        : undefined;
    }
    if (next.type === handshakeType.certificate) flight.certificates = certificateList(next.body);
    if (next.type === handshakeType.certificateStatus) flight.ocspResponse = ocspOf(next.body);
    if (next.type === handshakeType.serverKeyExchange && (kind === "ECDHE" || kind === "DHE")) {
      keyExchange = keyExchangeOf(next.body, kind);
      if (mode === "key-exchange") return { ...hello, ...keyExchange };
    }
    if (next.type === handshakeType.serverHelloDone) {
      return mode === "flight"
        ? { ...hello, ...keyExchange, flight }
        : { ...hello, ...keyExchange };
    }
    at = next.next;
  }
}

/**
 * The handshake bytes of the leading handshake records, up to the first record of another type;
 * `ended` when such a record was seen (so no more handshake bytes will come).
 */
function handshakeRecords(
  bytes: Buffer,
):
  | { kind: "handshake"; handshake: Buffer; ended: boolean }
  | { kind: "done"; answer: ServerAnswer | undefined } {
  const messages: Buffer[] = [];
  let offset = 0;
  let warnings = 0;
  let ended = false;
  while (offset + 5 <= bytes.length) {
    const type = bytes[offset];
    if ((type !== 22 && type !== 21 && type !== 20 && type !== 23) || bytes[offset + 1] !== 3) {
      if (messages.length > 0) {
        ended = true;
        break;
      }
      return { kind: "done", answer: { kind: "garbage" } };
    }
    const end = offset + 5 + bytes.readUInt16BE(offset + 3);
    if (type !== 22) {
      if (messages.length > 0) {
        ended = true;
        break;
      }
      if (type !== 21) return { kind: "done", answer: { kind: "garbage" } };
      if (bytes.length < offset + 7) return { kind: "done", answer: undefined };
      if (bytes[offset + 5] !== 1) {
        return { kind: "done", answer: { kind: "alert", description: bytes[offset + 6]! } };
      }
      // As OpenSSL does (MAX_WARN_ALERT_COUNT): a stream of warnings is no answer.
      if (++warnings > maxWarningAlerts) return { kind: "done", answer: { kind: "garbage" } };
    } else {
      messages.push(bytes.subarray(offset + 5, Math.min(end, bytes.length)));
    }
    offset = end;
  }
  return { kind: "handshake", handshake: Buffer.concat(messages), ended };
}

/** The handshake message at `offset`: undefined while incomplete, null when not one. */
function message(
  handshake: Buffer,
  offset: number,
): { type: number; body: Buffer; next: number } | undefined | null {
  if (handshake.length < offset + 4) return undefined;
  const length = handshake.readUIntBE(offset + 1, 3);
  if (length > 1 << 21) return null;
  if (handshake.length < offset + 4 + length) return undefined;
  return {
    type: handshake[offset]!,
    body: handshake.subarray(offset + 4, offset + 4 + length),
    next: offset + 4 + length,
  };
}

function parseServerHello(body: Buffer): ServerAnswer {
  if (body.length < 38) return { kind: "garbage" };
  let version = body.readUInt16BE(0);
  const retry = body.subarray(2, 34).equals(retryRandom);
  let offset = 34;
  offset += 1 + body[offset]!; // session id
  if (offset + 3 > body.length) return { kind: "garbage" };
  const suite = body.readUInt16BE(offset);
  const compression = body[offset + 2]!;
  offset += 3;
  const answer: ServerHelloAnswer = {
    kind: "hello",
    version,
    suite,
    compression,
    extensions: [],
    retry,
    group: null,
    dhBits: null,
    dhPrime: null,
    alpn: null,
    sctList: null,
    flight: null,
  };
  if (offset + 2 <= body.length) {
    const end = Math.min(body.length, offset + 2 + body.readUInt16BE(offset));
    offset += 2;
    while (offset + 4 <= end) {
      const type = body.readUInt16BE(offset);
      const data = body.subarray(offset + 4, offset + 4 + body.readUInt16BE(offset + 2));
      answer.extensions.push(type);
      // supported_versions and key_share: both start with the value this reads.
      if (type === extensionType.supportedVersions && data.length >= 2)
        version = data.readUInt16BE(0);
      if (type === extensionType.keyShare && data.length >= 2) answer.group = data.readUInt16BE(0);
      if (type === extensionType.alpn && data.length >= 3) {
        answer.alpn = data.subarray(3, 3 + data[2]!).toString("latin1");
      }
      if (type === extensionType.signedCertificateTimestamp) answer.sctList = data;
      offset += 4 + data.length;
    }
  }
  answer.version = version;
  return answer;
}

/** The Certificate message's list (RFC 5246 7.4.2): u24-framed DER certificates. */
function certificateList(body: Buffer): Buffer[] {
  const certificates: Buffer[] = [];
  if (body.length < 3) return certificates;
  const end = Math.min(body.length, 3 + body.readUIntBE(0, 3));
  for (let at = 3; at + 3 <= end && certificates.length < maxFlightCertificates; ) {
    const length = body.readUIntBE(at, 3);
    if (at + 3 + length > end) break;
    certificates.push(body.subarray(at + 3, at + 3 + length));
    at += 3 + length;
  }
  return certificates;
}

/** CertificateStatus (RFC 6066 8): status_type ocsp (1), then a u24-framed OCSPResponse. */
function ocspOf(body: Buffer): Buffer | null {
  if (body.length < 4 || body[0] !== 1) return null;
  const length = body.readUIntBE(1, 3);
  return length > 0 && 4 + length <= body.length ? body.subarray(4, 4 + length) : null;
}

/** ECParameters' named curve (RFC 8422 5.4), or ServerDHParams' prime (RFC 5246 7.4.3). */
function keyExchangeOf(
  body: Buffer,
  kind: "ECDHE" | "DHE",
): Pick<ServerHelloAnswer, "group" | "dhBits" | "dhPrime"> {
  if (kind === "ECDHE") {
    const named = body.length >= 3 && body[0] === 3;
    return { group: named ? body.readUInt16BE(1) : null, dhBits: null, dhPrime: null };
  }
  const none = { group: null, dhBits: null, dhPrime: null };
  if (body.length < 2) return none;
  const prime = body.subarray(2, 2 + body.readUInt16BE(0));
  const start = prime.findIndex((byte) => byte !== 0);
  if (start < 0) return none;
  return {
    group: null,
    dhBits: (prime.length - start) * 8 - Math.clz32(prime[start]!) + 24,
    dhPrime: prime.subarray(start),
  };
}

/** SSL 2's SERVER-HELLO: type 4, then session-id-hit, certificate type, version 2, lengths. */
function readSslv2Hello(bytes: Buffer): ServerAnswer | undefined {
  if (bytes.length < 13) return undefined;
  if (bytes[2] !== 4 || bytes.readUInt16BE(5) !== 0x0002) return { kind: "garbage" };
  return { kind: "sslv2", ciphers: Math.floor(bytes.readUInt16BE(9) / 3) };
}
