import { randomBytes } from "node:crypto";
import { AddressNotAllowedError } from "../../../network/connect-target.js";
import { connectTcp } from "../../../network/connect-tcp.js";

/**
 * A ClientHello written by hand, for what Node's OpenSSL cannot ask: SSL 3 (not built in) and
 * whether the ServerHello carries renegotiation_info (RFC 5746; Node does not expose it). Only
 * the ServerHello is read; the connection is closed right after it, so no key exchange happens.
 */

/** Record-layer versions. */
export const sslVersion = { SSLv3: 0x0300, TLSv1: 0x0301, "TLSv1.1": 0x0302, "TLSv1.2": 0x0303 };

// Suites of SSL 3 to TLS 1.2 that servers commonly have (ECDHE, DHE, static RSA with AES-GCM,
// ChaCha20, AES-CBC, 3DES, RC4), so a server that speaks the version finds one it takes.
const suites = [
  0xc02b, 0xc02f, 0xc02c, 0xc030, 0xcca9, 0xcca8, 0xc009, 0xc013, 0xc00a, 0xc014, 0xc023, 0xc027,
  0xc024, 0xc028, 0x009e, 0x009f, 0xccaa, 0x0033, 0x0039, 0x0067, 0x006b, 0x009c, 0x009d, 0x002f,
  0x0035, 0x003c, 0x003d, 0xc012, 0xc008, 0x0016, 0x000a, 0xc011, 0xc007, 0x0005, 0x0004,
];
const renegotiationInfo = 0xff01;

const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const withLength16 = (body: Buffer) => Buffer.concat([u16(body.length), body]);
const extension = (type: number, body: Buffer) => Buffer.concat([u16(type), withLength16(body)]);

/**
 * A ClientHello of `version`. SSL 3 carries no extensions (RFC 6101 has none). TLS carries
 * SNI, the common groups and signature algorithms, and an empty renegotiation_info, which a
 * server that supports secure renegotiation must answer with its own (RFC 5746 3.6).
 */
export function clientHello(version: number, servername: string): Buffer {
  const extensions =
    version === sslVersion.SSLv3
      ? Buffer.alloc(0)
      : withLength16(
          Buffer.concat([
            extension(
              0x0000,
              withLength16(
                Buffer.concat([Buffer.from([0]), withLength16(Buffer.from(servername, "ascii"))]),
              ),
            ),
            // x25519, secp256r1, secp384r1, secp521r1, ffdhe2048
            extension(
              0x000a,
              withLength16(Buffer.from([0, 0x1d, 0, 0x17, 0, 0x18, 0, 0x19, 1, 0])),
            ),
            extension(0x000b, Buffer.from([1, 0])),
            extension(
              0x000d,
              withLength16(
                Buffer.from([4, 3, 8, 4, 4, 1, 5, 3, 8, 5, 5, 1, 8, 6, 6, 1, 2, 1, 2, 3]),
              ),
            ),
            extension(renegotiationInfo, Buffer.from([0])),
          ]),
        );
  const body = Buffer.concat([
    u16(version),
    randomBytes(32),
    Buffer.from([0]), // no session id
    withLength16(Buffer.concat(suites.map(u16))),
    Buffer.from([1, 0]), // no compression
    extensions,
  ]);
  const handshake = Buffer.concat([
    Buffer.from([1, body.length >> 16, (body.length >> 8) & 0xff, body.length & 0xff]),
    body,
  ]);
  // Record version: TLS 1.0 for TLS hellos, as browsers send, for servers that check it.
  const recordVersion = version === sslVersion.SSLv3 ? version : sslVersion.TLSv1;
  return Buffer.concat([Buffer.from([22]), u16(recordVersion), withLength16(handshake)]);
}

export type ServerAnswer =
  | { kind: "hello"; version: number; suite: number; extensions: number[] }
  | { kind: "alert"; description: number }
  /** Bytes that are not a TLS handshake or alert. */
  | { kind: "garbage" };

/** The server's first answer in `bytes`, or undefined while more bytes are needed. */
export function readServerAnswer(bytes: Buffer): ServerAnswer | undefined {
  if (bytes.length < 5) return undefined;
  const type = bytes[0];
  if ((type !== 22 && type !== 21) || bytes[1] !== 3) return { kind: "garbage" };
  if (type === 21) return bytes.length < 7 ? undefined : { kind: "alert", description: bytes[6]! };
  // The handshake messages of consecutive handshake records, joined.
  const messages: Buffer[] = [];
  let offset = 0;
  while (offset + 5 <= bytes.length && bytes[offset] === 22) {
    const length = bytes.readUInt16BE(offset + 3);
    messages.push(bytes.subarray(offset + 5, Math.min(offset + 5 + length, bytes.length)));
    offset += 5 + length;
  }
  const handshake = Buffer.concat(messages);
  if (handshake.length < 4) return undefined;
  if (handshake[0] !== 2) return { kind: "garbage" };
  const length = handshake.readUIntBE(1, 3);
  if (handshake.length < 4 + length) return undefined;
  return parseServerHello(handshake.subarray(4, 4 + length));
}

function parseServerHello(body: Buffer): ServerAnswer {
  if (body.length < 38) return { kind: "garbage" };
  const version = body.readUInt16BE(0);
  let offset = 34;
  offset += 1 + body[offset]!; // session id
  if (offset + 3 > body.length) return { kind: "garbage" };
  const suite = body.readUInt16BE(offset);
  offset += 3; // suite, compression
  const extensions: number[] = [];
  if (offset + 2 <= body.length) {
    const end = Math.min(body.length, offset + 2 + body.readUInt16BE(offset));
    offset += 2;
    while (offset + 4 <= end) {
      extensions.push(body.readUInt16BE(offset));
      offset += 4 + body.readUInt16BE(offset + 2);
    }
  }
  return { kind: "hello", version, suite, extensions };
}

export type RawHelloOutcome =
  | { ok: true; answer: ServerAnswer }
  /** `closed`: the server closed the connection without a word, a common way to refuse. */
  | { ok: false; reason: "closed" | "reset" | "refused" | "timeout" | "blocked_address" | "error" };

/** Sends `hello` and reads the server's first answer. Never rejects. */
export function exchangeHello(options: {
  address: string;
  port: number;
  allowPrivateAddresses: boolean;
  hello: Buffer;
  timeoutMs: number;
  signal: AbortSignal;
}): Promise<RawHelloOutcome> {
  if (options.signal.aborted) return Promise.resolve({ ok: false, reason: "timeout" });
  let socket: ReturnType<typeof connectTcp>;
  try {
    socket = connectTcp(options);
  } catch (error) {
    const reason = error instanceof AddressNotAllowedError ? "blocked_address" : "error";
    return Promise.resolve({ ok: false, reason });
  }
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    let settled = false;
    const settle = (outcome: RawHelloOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener("abort", onAbort);
      socket.destroy();
      resolve(outcome);
    };
    const onAbort = () => settle({ ok: false, reason: "timeout" });
    const timer = setTimeout(() => onAbort(), Math.max(1, options.timeoutMs));
    options.signal.addEventListener("abort", onAbort, { once: true });
    socket.once("connect", () => socket.write(options.hello));
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      // Enough for any ServerHello; more is a server sending something else.
      const answer =
        received.length > 65_536 ? { kind: "garbage" as const } : readServerAnswer(received);
      if (answer) settle({ ok: true, answer });
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") settle({ ok: false, reason: "refused" });
      else if (error.code === "ECONNRESET" || error.code === "EPIPE") {
        settle({ ok: false, reason: "reset" });
      } else settle({ ok: false, reason: "error" });
    });
    socket.once("end", () => settle({ ok: false, reason: "closed" }));
    socket.once("close", () => settle({ ok: false, reason: "reset" }));
  });
}
