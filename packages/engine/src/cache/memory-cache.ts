import QuickLRU from "quick-lru";
import type { CacheStore } from "./cache-store.js";

export interface MemoryCacheOptions {
  /** Most entries kept; the least recently used go first. Default 10,000. */
  readonly maxEntries?: number;
}

/** The default, bounded in-memory CacheStore (least recently used, per-entry expiry). */
export function memoryCache(options: MemoryCacheOptions = {}): CacheStore {
  const maxEntries = options.maxEntries ?? 10_000;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new TypeError("memoryCache: options.maxEntries must be a positive integer");
  }
  // quick-lru keeps up to two generations of maxSize entries; halve it so maxEntries is the bound.
  const entries = new QuickLRU<string, string>({ maxSize: Math.max(1, Math.ceil(maxEntries / 2)) });
  return {
    get: (key) => entries.get(key),
    set: (key, value, ttlMs) => {
      entries.set(key, value, { maxAge: ttlMs });
    },
    delete: (key) => {
      entries.delete(key);
    },
  };
}
