import { openRawSession, type RawFailure } from "./raw-session.js";
import { type ReadUntil, readServerAnswer, type ServerAnswer } from "./server-answer.js";

/**
 * Sends a hand-written ClientHello and reads the server's answer, for every question of the
 * configuration scan: only the ServerHello (and a ServerKeyExchange) is read and the connection
 * closed right after, so neither side finishes a key exchange and the scanner does no
 * cryptography at all. It also asks what Node's OpenSSL cannot: SSL 3, suites OpenSSL no
 * longer builds, and whether the ServerHello carries renegotiation_info (RFC 5746).
 */

/** Enough for a ServerHello and a certificate chain up to its ServerKeyExchange. */
const maxAnswerBytes = 256 * 1024;
/** Enough for a whole first flight: a chain of certificates with 10,000 names and its staple. */
const maxFlightBytes = 2 * 1024 * 1024;

export type RawHelloOutcome =
  | { ok: true; answer: ServerAnswer }
  /** `closed`: the server closed the connection without a word, a common way to refuse. */
  | { ok: false; reason: RawFailure };

/** Sends `hello` and reads the server's first answer. Never rejects. */
export async function exchangeHello(options: {
  address: string;
  port: number;
  allowPrivateAddresses: boolean;
  hello: Buffer;
  /** How far to read the server's answer (default: its ServerHello). */
  until?: ReadUntil;
  timeoutMs: number;
  signal: AbortSignal;
}): Promise<RawHelloOutcome> {
  const until = options.until ?? "hello";
  const started = performance.now();
  const opened = await openRawSession({
    ...options,
    maxBytes: until === "flight" ? maxFlightBytes : maxAnswerBytes,
  });
  if (!opened.ok) return opened;
  const session = opened.value;
  try {
    session.send(options.hello);
    const left = options.timeoutMs - (performance.now() - started);
    // A server that closes after its ServerHello, before any key exchange, still answered.
    const read = await session.read(
      (bytes, final) => (bytes.length > 0 ? readServerAnswer(bytes, until, final) : undefined),
      left,
    );
    if (read.ok) return { ok: true, answer: read.value };
    // Too many bytes: not a TLS server's first flight.
    return read.reason === "oversized" ? { ok: true, answer: { kind: "garbage" } } : read;
  } finally {
    session.close();
  }
}
