import type { RateLimitDecision, RateLimitPlan } from "./rate-limit-store.js";

export interface BucketState {
  tokens: number;
  updatedAtMs: number;
}

/** One token-bucket step, shared by every store so that they all count alike. */
export function takeTokens(
  state: BucketState | undefined,
  plan: RateLimitPlan,
  cost: number,
  nowMs: number,
): { state: BucketState; decision: RateLimitDecision } {
  const elapsed = state ? Math.max(0, nowMs - state.updatedAtMs) / 1000 : 0;
  const available = state
    ? Math.min(plan.capacity, state.tokens + elapsed * plan.refillPerSecond)
    : plan.capacity;
  const allowed = available >= cost;
  const tokens = allowed ? available - cost : available;
  const perTokenMs = 1000 / plan.refillPerSecond;
  return {
    state: { tokens, updatedAtMs: nowMs },
    decision: {
      allowed,
      remaining: Math.floor(tokens),
      resetMs: Math.ceil((plan.capacity - tokens) * perTokenMs),
      retryAfterMs: allowed ? 0 : Math.ceil((cost - tokens) * perTokenMs),
    },
  };
}
