import type tls from "node:tls";
import pLimit from "p-limit";
import { NoTimeLeftError, stepTimeoutMs } from "../../../contract/budget.js";
import type { ProbeContext } from "../../../contract/probe.js";
import { connectTls, type TlsSocketOptions } from "../../../network/connect-tls.js";
import { clientHello, type HelloSpec, sslVersion } from "../../../protocols/tls/client-hello.js";
import { exchangeHello, type RawHelloOutcome } from "../../../protocols/tls/raw-hello.js";
import { openRawSession, type RawSession } from "../../../protocols/tls/raw-session.js";
import type { ReadUntil, ServerHelloAnswer } from "../../../protocols/tls/server-answer.js";

/** A question's answer: the server's pick, a refusal (an alert), or no answer at all. */
export type Asked =
  | { kind: "accepted"; hello: ServerHelloAnswer }
  | { kind: "refused"; alert: number | null }
  | { kind: "unanswered" };

/**
 * Every connection the scan of one address makes, whatever asks (versions, suites, groups,
 * clients, weaknesses): at most `concurrency` at once with the host and under the engine's
 * limit, each timed from what is left of the budget and never started without time for it.
 * It counts connections and unanswered hellos, and keeps the DH primes servers send.
 */
export interface HelloAsker {
  readonly address: string;
  readonly servername: string;
  /**
   * One connection with `hello` (or what the function makes, only once the connection has a slot
   * and time: a client profile's key shares cost CPU); undefined when none was made (no time
   * left, not allowed).
   */
  exchange(hello: Buffer | (() => Buffer), until: ReadUntil): Promise<RawHelloOutcome | undefined>;
  /** One TLS hello of the scan's kind: the server's pick must be of the version and a suite asked. */
  ask(spec: Omit<HelloSpec, "servername">, until?: ReadUntil): Promise<Asked>;
  /** A conversation past the first answer, on a session of its own; undefined when none was made. */
  converse<T>(talk: (session: RawSession, timeoutMs: number) => Promise<T>): Promise<T | undefined>;
  /** Work of another kind on the same connection budget (Node's TLS client), with its timeout. */
  slot<T>(work: (timeoutMs: number) => Promise<T>): Promise<T | undefined>;
  /**
   * A Node TLS client socket to the address (through network/, so the address policy holds),
   * for questions that need a finished handshake; run it inside `slot`. Throws as connectTls.
   */
  connectTls(options: TlsSocketOptions): tls.TLSSocket;
  /** Counts a hello that went unanswered where an answer was due. */
  unanswered(): void;
  tally(): { handshakes: number; failedHandshakes: number; dhPrimes: Buffer[] };
}

/** Distinct DH primes kept per address: a server has one or two. */
const maxPrimes = 4;

export function createHelloAsker(options: {
  address: string;
  port: number;
  servername: string;
  context: ProbeContext;
  concurrency: number;
  /** Cap on each connection's timeout. */
  maxStepMs: number;
}): HelloAsker {
  const { context } = options;
  const hostSlot = pLimit(options.concurrency);
  let handshakes = 0;
  let failedHandshakes = 0;
  const dhPrimes: Buffer[] = [];
  const target = {
    address: options.address,
    port: options.port,
    allowPrivateAddresses: context.network.allowPrivateAddresses,
    signal: context.signal,
  };

  const slot: HelloAsker["slot"] = (work) =>
    hostSlot(() =>
      context
        .limit(async () => {
          const timeoutMs = stepTimeoutMs(context, { maxMs: options.maxStepMs });
          if (context.signal.aborted || timeoutMs <= 0) return undefined;
          return work(timeoutMs);
        })
        .catch((error: unknown) => {
          // No slot of the engine's limit came free in time: no connection was made.
          if (error instanceof NoTimeLeftError) return undefined;
          throw error;
        }),
    );

  const exchange: HelloAsker["exchange"] = (hello, until) =>
    slot(async (timeoutMs) => {
      const bytes = typeof hello === "function" ? hello() : hello;
      const outcome = await exchangeHello({ ...target, hello: bytes, until, timeoutMs });
      if (!outcome.ok && (outcome.reason === "blocked_address" || outcome.reason === "error")) {
        return undefined;
      }
      handshakes += 1;
      return outcome;
    });

  return {
    address: options.address,
    servername: options.servername,
    exchange,
    slot,
    async ask(spec, until) {
      const tls13 = spec.version === sslVersion["TLSv1.3"];
      const outcome = await exchange(
        clientHello({ ...spec, servername: options.servername }),
        until ?? (tls13 ? "hello" : "key-exchange"),
      );
      if (!outcome) return { kind: "unanswered" };
      if (outcome.ok && outcome.answer.kind === "alert") {
        return { kind: "refused", alert: outcome.answer.description };
      }
      if (!outcome.ok || outcome.answer.kind !== "hello") {
        failedHandshakes += 1;
        return { kind: "unanswered" };
      }
      const hello = outcome.answer;
      // Another version than asked, or a suite not offered: the client would abort.
      if (hello.version !== spec.version || !spec.suites.includes(hello.suite)) {
        return { kind: "refused", alert: null };
      }
      const prime = hello.dhPrime;
      if (prime && dhPrimes.length < maxPrimes && !dhPrimes.some((seen) => seen.equals(prime))) {
        dhPrimes.push(Buffer.from(prime));
      }
      return { kind: "accepted", hello };
    },
    converse: (talk) =>
      slot(async (timeoutMs) => {
        const started = performance.now();
        const opened = await openRawSession({ ...target, timeoutMs, maxBytes: 256 * 1024 });
        if (!opened.ok) {
          if (opened.reason === "blocked_address" || opened.reason === "error") return undefined;
          handshakes += 1;
          failedHandshakes += 1;
          return undefined;
        }
        handshakes += 1;
        try {
          return await talk(opened.value, timeoutMs - (performance.now() - started));
        } finally {
          opened.value.close();
        }
      }),
    connectTls: (tlsOptions) => {
      handshakes += 1;
      const { address, port, allowPrivateAddresses } = target;
      return connectTls({
        address,
        port,
        allowPrivateAddresses,
        tls: { servername: options.servername, ...tlsOptions },
      });
    },
    unanswered: () => {
      failedHandshakes += 1;
    },
    tally: () => ({ handshakes, failedHandshakes, dhPrimes: [...dhPrimes] }),
  };
}
