import { AddressNotAllowedError } from "../../network/connect-target.js";
import { connectTcp } from "../../network/connect-tcp.js";
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
  | { ok: false; reason: "closed" | "reset" | "refused" | "timeout" | "blocked_address" | "error" };

/** Sends `hello` and reads the server's first answer. Never rejects. */
export function exchangeHello(options: {
  address: string;
  port: number;
  allowPrivateAddresses: boolean;
  hello: Buffer;
  /** How far to read the server's answer (default: its ServerHello). */
  until?: ReadUntil;
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
      const until = options.until ?? "hello";
      const answer: ServerAnswer | undefined =
        received.length > (until === "flight" ? maxFlightBytes : maxAnswerBytes)
          ? { kind: "garbage" }
          : readServerAnswer(received, until);
      if (answer) settle({ ok: true, answer });
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") settle({ ok: false, reason: "refused" });
      else if (error.code === "ECONNRESET" || error.code === "EPIPE") {
        settle({ ok: false, reason: "reset" });
      } else settle({ ok: false, reason: "error" });
    });
    // A server that closes after its ServerHello, before any key exchange, still answered.
    socket.once("end", () => {
      const answer =
        received.length > 0 ? readServerAnswer(received, options.until, true) : undefined;
      settle(answer ? { ok: true, answer } : { ok: false, reason: "closed" });
    });
    socket.once("close", () => settle({ ok: false, reason: "reset" }));
  });
}
