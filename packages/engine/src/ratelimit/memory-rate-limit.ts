import type { RateLimitStore } from "./rate-limit-store.js";
import { type BucketState, takeTokens } from "./token-bucket.js";

export interface MemoryRateLimitOptions {
  /** Most buckets kept; the least recently used are dropped (they refill to full anyway). Default 100,000. */
  readonly maxKeys?: number;
}

/** Token buckets in this process's memory. */
export function memoryRateLimit(options: MemoryRateLimitOptions = {}): RateLimitStore {
  const maxKeys = options.maxKeys ?? 100_000;
  if (!Number.isInteger(maxKeys) || maxKeys < 1) {
    throw new TypeError("memoryRateLimit: options.maxKeys must be a positive integer");
  }
  const buckets = new Map<string, BucketState & { movedAtMs: number }>();
  return {
    take(key, plan, cost) {
      const now = Date.now();
      const previous = buckets.get(key);
      const { state, decision } = takeTokens(previous, plan, cost, now);
      if (previous) {
        // Updated in place; moved to the recent end at most once a second, which keeps the
        // Map in about least-recently-used order for the bound without a re-insert per request.
        previous.tokens = state.tokens;
        previous.updatedAtMs = now;
        if (now - previous.movedAtMs > 1000) {
          previous.movedAtMs = now;
          buckets.delete(key);
          buckets.set(key, previous);
        }
      } else {
        buckets.set(key, { ...state, movedAtMs: now });
        if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value!);
      }
      return decision;
    },
  };
}
