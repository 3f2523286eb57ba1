import ipaddr from "ipaddr.js";
import { DomainIntelError } from "../contract/domain-intel-error.js";
import { isPromiseLike, type MaybePromise } from "../contract/maybe-promise.js";
import { describeError, type Logger } from "../logging/logger.js";
import type { RateLimitDecision, RateLimitPlan, RateLimitStore } from "./rate-limit-store.js";

/**
 * Throttles failed authentications per client address: a client that keeps sending keys that
 * are not valid gets 429 with Retry-After instead of 401 once its bucket is empty. A valid key
 * is never refused by it (clients behind the same NAT keep working), and keys are long random
 * strings, so the bound is about the load of a flood, not about guessing.
 */
export function createFailedAuthLimiter(
  settings: { readonly store: RateLimitStore; readonly plan: RateLimitPlan },
  logger: Logger,
) {
  // Failing open: a broken limiter store must not turn 401s into 500s.
  const failOpen = (error: unknown): undefined => {
    logger.warn("rate limit store failed; not throttling failed authentications", {
      error: describeError(error),
    });
    return undefined;
  };
  const decide = (
    unauthorized: DomainIntelError,
    decision: RateLimitDecision | undefined,
  ): DomainIntelError => {
    if (!decision || decision.allowed) return unauthorized;
    const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    return new DomainIntelError(
      "rate_limited",
      `Too many requests without a valid API key from this address; retry in ${seconds} s.`,
      { headers: { "retry-after": String(seconds) } },
    );
  };

  /** The error to answer a failed authentication from `clientAddress` with: the 401 or a 429. */
  return (
    clientAddress: string | undefined,
    unauthorized: DomainIntelError,
  ): MaybePromise<DomainIntelError> => {
    // An adapter that cannot tell the client's address gets no throttling rather than one
    // bucket shared by every client.
    if (clientAddress === undefined) return unauthorized;
    try {
      const decision = settings.store.take(
        `auth-failures:${clientBlock(clientAddress)}`,
        settings.plan,
        1,
      );
      return isPromiseLike(decision)
        ? Promise.resolve(decision).then(
            (decided) => decide(unauthorized, decided),
            (error: unknown) => decide(unauthorized, failOpen(error)),
          )
        : decide(unauthorized, decision);
    } catch (error) {
      return decide(unauthorized, failOpen(error));
    }
  };
}

/** The address an abuser cannot leave cheaply: an IPv4 address, or an IPv6 /64. */
export function clientBlock(address: string): string {
  if (!ipaddr.isValid(address)) return address.slice(0, 64);
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(":")}::/64`;
}
