import type { KeyIdentity } from "../auth/key-verifier.js";
import { DomainIntelError } from "../contract/domain-intel-error.js";
import { isPromiseLike, type MaybePromise } from "../contract/maybe-promise.js";
import { describeError, type Logger } from "../logging/logger.js";
import type { RateLimitDecision, RateLimitPlan, RateLimitStore } from "./rate-limit-store.js";

export interface RateLimitSettings {
  readonly store: RateLimitStore;
  /** Plans by name; `default` applies to keys without a plan or with an unknown one. */
  readonly plans: Readonly<Record<string, RateLimitPlan>>;
  /** The separate bucket for `refresh=true`, which forces new probes. */
  readonly refresh: RateLimitPlan;
  /** Failed authentications per client address, or false for none. */
  readonly failedAuth: RateLimitPlan | false;
}

export interface RateLimitOutcome {
  /** `RateLimit-Policy` and `RateLimit` headers (draft-ietf-httpapi-ratelimit-headers). */
  readonly headers: Record<string, string>;
}

const windowSeconds = (plan: RateLimitPlan) =>
  Math.max(1, Math.round(plan.capacity / plan.refillPerSecond));

const policyHeader = (name: string, plan: RateLimitPlan) =>
  `"${name}";q=${plan.capacity};w=${windowSeconds(plan)}`;

/**
 * Charges a request to its key's bucket (and the refresh bucket); throws 429 when empty.
 * With a store that answers at once (the in-memory one) the whole charge is synchronous.
 */
export function createRateLimiter(settings: RateLimitSettings, logger: Logger) {
  // The policy header of each plan, made once.
  const policies = new Map(
    [...Object.entries(settings.plans), ["refresh", settings.refresh] as const].map(
      ([name, plan]) => [name, policyHeader(name, plan)],
    ),
  );
  function headersFor(name: string, decision: RateLimitDecision): Record<string, string> {
    return {
      "ratelimit-policy": policies.get(name)!,
      ratelimit: `"${name}";r=${decision.remaining};t=${Math.ceil(decision.resetMs / 1000)}`,
    };
  }

  // Failing open: a broken limiter store must not take the API down with it.
  const failOpen = (error: unknown): undefined => {
    logger.warn("rate limit store failed; letting the request through", {
      error: describeError(error),
    });
    return undefined;
  };

  function take(bucket: string, plan: RateLimitPlan): MaybePromise<RateLimitDecision | undefined> {
    try {
      const decision = settings.store.take(bucket, plan, 1);
      return isPromiseLike(decision) ? Promise.resolve(decision).catch(failOpen) : decision;
    } catch (error) {
      return failOpen(error);
    }
  }

  function afterRefresh(
    headers: Record<string, string>,
    decision: RateLimitDecision | undefined,
  ): RateLimitOutcome {
    if (decision && !decision.allowed) {
      throw limited(
        decision,
        { ...headers, ...headersFor("refresh", decision) },
        "Too many refresh=true requests for this API key; cached answers are still available.",
      );
    }
    return { headers };
  }

  function afterPlan(
    identity: KeyIdentity,
    planName: string,
    decision: RateLimitDecision | undefined,
    refresh: boolean,
  ): MaybePromise<RateLimitOutcome> {
    const headers = decision ? headersFor(planName, decision) : {};
    if (decision && !decision.allowed)
      throw limited(decision, headers, "Rate limit exceeded for this API key.");
    if (!refresh) return { headers };
    const refreshed = take(`rl-refresh:${identity.id}`, settings.refresh);
    return isPromiseLike(refreshed)
      ? Promise.resolve(refreshed).then((decided) => afterRefresh(headers, decided))
      : afterRefresh(headers, refreshed);
  }

  return (identity: KeyIdentity, refresh: boolean): MaybePromise<RateLimitOutcome> => {
    const planName = identity.plan && settings.plans[identity.plan] ? identity.plan : "default";
    const decision = take(`rl:${identity.id}`, settings.plans[planName]!);
    return isPromiseLike(decision)
      ? Promise.resolve(decision).then((decided) => afterPlan(identity, planName, decided, refresh))
      : afterPlan(identity, planName, decision, refresh);
  };
}

function limited(
  decision: RateLimitDecision,
  headers: Record<string, string>,
  detail: string,
): DomainIntelError {
  return new DomainIntelError("rate_limited", detail, {
    headers: {
      ...headers,
      "retry-after": String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))),
    },
  });
}
