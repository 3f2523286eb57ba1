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
  const buckets = new Map<string, BucketState>();
  return {
    take(key, plan, cost) {
      const previous = buckets.get(key);
      const { state, decision } = takeTokens(previous, plan, cost, Date.now());
      // Re-inserting keeps the Map in least-recently-used order for the bound below.
      if (previous) buckets.delete(key);
      buckets.set(key, state);
      if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value!);
      return decision;
    },
  };
}
