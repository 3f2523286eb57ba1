import { setMaxListeners } from "node:events";
import { NoTimeLeftError, stepTimeoutMs } from "../../contract/budget.js";
import { type ProbeContext, ProbeError } from "../../contract/probe.js";
import type { AddressClass } from "../../network/address-policy.js";
import {
  type HandshakeOptions,
  type HandshakeOutcome,
  type HandshakeStep,
  handshake,
} from "./handshake.js";

import { helloHandshake } from "./hello-handshake.js";

export type { HandshakeOutcome } from "./handshake.js";

/**
 * Failures after which the server may still speak TLS that OpenSSL will not: it refused every
 * suite OpenSSL offers, sent more than OpenSSL reads, or dropped the connection at our hello.
 */
const helloFallbackReasons: ReadonlySet<string> = new Set(["handshake_failed", "reset", "error"]);

/**
 * One handshake with each address at once, each under the engine's concurrency limit. Each
 * step (TCP connect, TLS handshake) times out after at most `maxStepMs[step]` and before the
 * budget's answer reserve, so a silent peer is an outcome while there is time to report it. An
 * address whose turn came when no time was left is `undefined`: nothing was attempted.
 * Network trouble is an outcome; only a bug in reading the session rejects (ProbeError). When
 * OpenSSL's handshake fails but the server may still speak TLS, a hand-written hello asks it
 * (helloHandshake), so that the worst servers are described rather than called unreachable.
 */
export async function handshakeEach(options: {
  addresses: readonly AddressClass[];
  context: ProbeContext;
  handshake: Pick<HandshakeOptions, "port" | "servername" | "secureContext">;
  maxStepMs: Readonly<Record<HandshakeStep, number>>;
}): Promise<(HandshakeOutcome | undefined)[]> {
  const { addresses, context, maxStepMs } = options;
  const timeoutOf = (step: HandshakeStep) => stepTimeoutMs(context, { maxMs: maxStepMs[step] });
  // One listener on the caller's signal, fanned out to every handshake: sixteen listeners on
  // one signal would draw Node's "possible EventTarget memory leak" warning.
  const budget = new AbortController();
  setMaxListeners(addresses.length + 1, budget.signal);
  const forward = () => budget.abort(context.signal.reason);
  context.signal.addEventListener("abort", forward, { once: true });
  try {
    return await Promise.all(
      addresses.map((address) =>
        context
          .limit(async (): Promise<HandshakeOutcome | undefined> => {
            // The wait for a slot may have used up the budget; then nothing was attempted.
            if (context.signal.aborted || timeoutOf("connect") <= 0) return undefined;
            const outcome = await handshake({
              ...options.handshake,
              stepTimeoutMs: timeoutOf,
              address: address.address,
              allowPrivateAddresses: context.network.allowPrivateAddresses,
              signal: budget.signal,
            }).catch((error: unknown) => {
              throw new ProbeError("internal", "Reading the TLS session failed.", { cause: error });
            });
            if (outcome.ok || !helloFallbackReasons.has(outcome.reason)) return outcome;
            const timeoutMs = timeoutOf("handshake");
            if (timeoutMs <= 0) return outcome;
            const answered = await helloHandshake({
              address: address.address,
              port: options.handshake.port,
              servername: options.handshake.servername,
              allowPrivateAddresses: context.network.allowPrivateAddresses,
              timeoutMs,
              signal: budget.signal,
              clientFailure: { reason: outcome.reason, errorCode: outcome.errorCode },
            });
            return answered ?? outcome;
          })
          .catch((error: unknown) => {
            // No slot of the engine's limit came free in time: nothing was attempted.
            if (error instanceof NoTimeLeftError) return undefined;
            throw error;
          }),
      ),
    );
  } finally {
    context.signal.removeEventListener("abort", forward);
  }
}
