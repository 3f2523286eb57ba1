import type { KeyIdentity } from "../auth/key-verifier.js";
import { DomainIntelError } from "../errors/domain-intel-error.js";
import { describeError, type Logger } from "../logging/logger.js";
import type { RateLimitDecision, RateLimitPlan, RateLimitStore } from "./rate-limit-store.js";

export interface RateLimitSettings {
  readonly store: RateLimitStore;
  /** Plans by name; `default` applies to keys without a plan or with an unknown one. */
  readonly plans: Readonly<Record<string, RateLimitPlan>>;
  /** The separate bucket for `refresh=true`, which forces new probes. */
  readonly refresh: RateLimitPlan;
}

export interface RateLimitOutcome {
  /** `RateLimit-Policy` and `RateLimit` headers (draft-ietf-httpapi-ratelimit-headers). */
  readonly headers: Record<string, string>;
}

const windowSeconds = (plan: RateLimitPlan) =>
  Math.max(1, Math.round(plan.capacity / plan.refillPerSecond));

function headersFor(
  name: string,
  plan: RateLimitPlan,
  decision: RateLimitDecision,
): Record<string, string> {
  return {
    "ratelimit-policy": `"${name}";q=${plan.capacity};w=${windowSeconds(plan)}`,
    ratelimit: `"${name}";r=${decision.remaining};t=${Math.ceil(decision.resetMs / 1000)}`,
  };
}

/** Charges a request to its key's bucket (and the refresh bucket); throws 429 when empty. */
export function createRateLimiter(settings: RateLimitSettings, logger: Logger) {
  async function take(bucket: string, plan: RateLimitPlan): Promise<RateLimitDecision | undefined> {
    try {
      return await settings.store.take(bucket, plan, 1);
    } catch (error) {
      // Failing open: a broken limiter store must not take the API down with it.
      logger.warn("rate limit store failed; letting the request through", {
        error: describeError(error),
      });
      return undefined;
    }
  }

  return async (identity: KeyIdentity, refresh: boolean): Promise<RateLimitOutcome> => {
    const planName = identity.plan && settings.plans[identity.plan] ? identity.plan : "default";
    const plan = settings.plans[planName]!;
    const decision = await take(`rl:${identity.id}`, plan);
    let headers = decision ? headersFor(planName, plan, decision) : {};
    if (decision && !decision.allowed)
      throw limited(decision, headers, "Rate limit exceeded for this API key.");
    if (refresh) {
      const refreshDecision = await take(`rl-refresh:${identity.id}`, settings.refresh);
      if (refreshDecision && !refreshDecision.allowed) {
        headers = { ...headers, ...headersFor("refresh", settings.refresh, refreshDecision) };
        throw limited(
          refreshDecision,
          headers,
          "Too many refresh=true requests for this API key; cached answers are still available.",
        );
      }
    }
    return { headers };
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
