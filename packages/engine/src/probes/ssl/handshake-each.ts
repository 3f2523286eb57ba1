import { setMaxListeners } from "node:events";
import { type ProbeContext, ProbeError } from "../../contract/probe.js";
import type { AddressClass } from "../../network/address-policy.js";
import { type HandshakeOptions, type HandshakeOutcome, handshake } from "./handshake.js";

export type { HandshakeOutcome } from "./handshake.js";

/**
 * One handshake with each address at once, each under the engine's concurrency limit. An
 * address whose turn came after the budget ran out is `undefined`: nothing was attempted.
 * Network trouble is an outcome; only a bug in reading the session rejects (ProbeError).
 */
export async function handshakeEach(options: {
  addresses: readonly AddressClass[];
  context: ProbeContext;
  handshake: Pick<HandshakeOptions, "port" | "servername" | "secureContext" | "timeoutMs">;
}): Promise<(HandshakeOutcome | undefined)[]> {
  const { addresses, context } = options;
  // One listener on the caller's signal, fanned out to every handshake: sixteen listeners on
  // one signal would draw Node's "possible EventTarget memory leak" warning.
  const budget = new AbortController();
  setMaxListeners(addresses.length + 1, budget.signal);
  const forward = () => budget.abort(context.signal.reason);
  context.signal.addEventListener("abort", forward, { once: true });
  try {
    return await Promise.all(
      addresses.map((address) =>
        context.limit(async (): Promise<HandshakeOutcome | undefined> => {
          // The wait for a slot may have used up the budget; then nothing was attempted.
          if (context.signal.aborted) return undefined;
          return handshake({
            ...options.handshake,
            address: address.address,
            allowPrivateAddresses: context.network.allowPrivateAddresses,
            signal: budget.signal,
          }).catch((error: unknown) => {
            throw new ProbeError("internal", "Reading the TLS session failed.", { cause: error });
          });
        }),
      ),
    );
  } finally {
    context.signal.removeEventListener("abort", forward);
  }
}
