import { legacySuites } from "./suite-table.js";

export type ServerAnswer =
  | {
      kind: "hello";
      /** The version the server picked: supported_versions' when present (TLS 1.3). */
      version: number;
      suite: number;
      /** Extension types of the ServerHello, in its order. */
      extensions: number[];
      /** A HelloRetryRequest (RFC 8446 4.1.3): the server asks for a key share of `group`. */
      retry: boolean;
      /** The key exchange group: key_share's at TLS 1.3, ServerKeyExchange's ECDHE curve below. */
      group: number | null;
      /** The finite-field DH prime of a DHE ServerKeyExchange, in bits. */
      dhBits: number | null;
    }
  | { kind: "alert"; description: number }
  /** An SSL 2 SERVER-HELLO and the number of cipher kinds it lists. */
  | { kind: "sslv2"; ciphers: number }
  /** Bytes that are not a TLS handshake or alert. */
  | { kind: "garbage" };

/** SHA-256 of "HelloRetryRequest": the ServerHello random that marks a HelloRetryRequest. */
const retryRandom = Buffer.from(
  "cf21ad74e59a6111be1d8c021e65b891c2a211167abb8c5e079e09e2c8a8339c",
  "hex",
);
/** Warning alerts passed over before the answer is taken for garbage. */
const maxWarningAlerts = 5;
const keyExchanges = new Map(legacySuites.map((suite) => [suite.code, suite.keyExchange]));

/**
 * The server's first answer in `bytes`, or undefined while more bytes are needed. With
 * `keyExchange`, a TLS 1.2-and-below ServerHello of an ECDHE or DHE suite is read on to its
 * ServerKeyExchange, for the group or the DH prime's size. Warning alerts (an unrecognised
 * name, say) are passed over as clients do.
 */
export function readServerAnswer(bytes: Buffer, keyExchange: boolean): ServerAnswer | undefined {
  // No TLS record type has the high bit set: this is SSL 2's 2-byte record header.
  if (bytes.length > 0 && (bytes[0]! & 0x80) !== 0) return readSslv2Hello(bytes);
  const messages: Buffer[] = [];
  let offset = 0;
  let warnings = 0;
  while (offset + 5 <= bytes.length) {
    const type = bytes[offset];
    if ((type !== 22 && type !== 21) || bytes[offset + 1] !== 3) {
      if (messages.length > 0) break;
      return { kind: "garbage" };
    }
    const end = offset + 5 + bytes.readUInt16BE(offset + 3);
    if (type === 21) {
      if (messages.length > 0) break;
      if (bytes.length < offset + 7) return undefined;
      if (bytes[offset + 5] !== 1) return { kind: "alert", description: bytes[offset + 6]! };
      // As OpenSSL does (MAX_WARN_ALERT_COUNT): a stream of warnings is no answer.
      if (++warnings > maxWarningAlerts) return { kind: "garbage" };
    } else {
      messages.push(bytes.subarray(offset + 5, Math.min(end, bytes.length)));
    }
    offset = end;
  }
  const handshake = Buffer.concat(messages);
  const first = message(handshake, 0);
  if (first === null) return { kind: "garbage" };
  if (first === undefined) return undefined;
  if (first.type !== 2) return { kind: "garbage" };
  const hello = parseServerHello(first.body);
  if (hello.kind !== "hello" || !keyExchange || hello.version > 0x0303) return hello;
  const kind = keyExchanges.get(hello.suite);
  if (kind !== "ECDHE" && kind !== "DHE") return hello;
  // Certificate, CertificateStatus... up to the ServerKeyExchange or the ServerHelloDone.
  let at = first.next;
  for (;;) {
    const next = message(handshake, at);
    if (next === null) return { kind: "garbage" };
    if (next === undefined) return undefined;
    if (next.type === 12) return { ...hello, ...keyExchangeOf(next.body, kind) };
    if (next.type === 14) return hello;
    at = next.next;
  }
}

/** The handshake message at `offset`: undefined while incomplete, null when not one. */
function message(
  handshake: Buffer,
  offset: number,
): { type: number; body: Buffer; next: number } | undefined | null {
  if (handshake.length < offset + 4) return undefined;
  const length = handshake.readUIntBE(offset + 1, 3);
  if (length > 1 << 20) return null;
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
  offset += 3; // suite, compression
  const extensions: number[] = [];
  let group: number | null = null;
  if (offset + 2 <= body.length) {
    const end = Math.min(body.length, offset + 2 + body.readUInt16BE(offset));
    offset += 2;
    while (offset + 4 <= end) {
      const type = body.readUInt16BE(offset);
      const data = body.subarray(offset + 4, offset + 4 + body.readUInt16BE(offset + 2));
      extensions.push(type);
      // supported_versions and key_share: both start with the value this reads.
      if (type === 0x002b && data.length >= 2) version = data.readUInt16BE(0);
      if (type === 0x0033 && data.length >= 2) group = data.readUInt16BE(0);
      offset += 4 + data.length;
    }
  }
  return { kind: "hello", version, suite, extensions, retry, group, dhBits: null };
}

/** ECParameters' named curve (RFC 8422 5.4), or ServerDHParams' prime size (RFC 5246 7.4.3). */
function keyExchangeOf(
  body: Buffer,
  kind: "ECDHE" | "DHE",
): { group: number | null; dhBits: number | null } {
  if (kind === "ECDHE") {
    const named = body.length >= 3 && body[0] === 3;
    return { group: named ? body.readUInt16BE(1) : null, dhBits: null };
  }
  if (body.length < 2) return { group: null, dhBits: null };
  const prime = body.subarray(2, 2 + body.readUInt16BE(0));
  const start = prime.findIndex((byte) => byte !== 0);
  if (start < 0) return { group: null, dhBits: null };
  return {
    group: null,
    dhBits: (prime.length - start) * 8 - Math.clz32(prime[start]!) + 24,
  };
}

/** SSL 2's SERVER-HELLO: type 4, then session-id-hit, certificate type, version 2, lengths. */
function readSslv2Hello(bytes: Buffer): ServerAnswer | undefined {
  if (bytes.length < 13) return undefined;
  if (bytes[2] !== 4 || bytes.readUInt16BE(5) !== 0x0002) return { kind: "garbage" };
  return { kind: "sslv2", ciphers: Math.floor(bytes.readUInt16BE(9) / 3) };
}
