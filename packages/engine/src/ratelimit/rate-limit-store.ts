/** A token bucket: `capacity` requests at once, refilled at `refillPerSecond`. */
export interface RateLimitPlan {
  readonly capacity: number;
  readonly refillPerSecond: number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Whole tokens left after this request. */
  readonly remaining: number;
  /** Milliseconds until the bucket is full again. */
  readonly resetMs: number;
  /** When refused: milliseconds until one token is back. */
  readonly retryAfterMs: number;
}

/**
 * Where token buckets live. `take` removes `cost` tokens from the bucket `key` if it has them.
 * May answer synchronously or with a promise; a store that fails lets the request through.
 */
export interface RateLimitStore {
  take(
    key: string,
    plan: RateLimitPlan,
    cost: number,
  ): RateLimitDecision | Promise<RateLimitDecision>;
}
