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

export type { HandshakeOutcome } from "./handshake.js";

/**
 * One handshake with each address at once, each under the engine's concurrency limit. Each
 * step (TCP connect, TLS handshake) times out after at most `maxStepMs[step]` and before the
 * budget's answer reserve, so a silent peer is an outcome while there is time to report it. An
 * address whose turn came when no time was left is `undefined`: nothing was attempted.
 * Network trouble is an outcome; only a bug in reading the session rejects (ProbeError).
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
            return handshake({
              ...options.handshake,
              stepTimeoutMs: timeoutOf,
              address: address.address,
              allowPrivateAddresses: context.network.allowPrivateAddresses,
              signal: budget.signal,
            }).catch((error: unknown) => {
              throw new ProbeError("internal", "Reading the TLS session failed.", { cause: error });
            });
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
