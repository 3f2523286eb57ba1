import QuickLRU from "quick-lru";
import { textBytes } from "../contract/text-bytes.js";
import type { CacheStore } from "./cache-store.js";

export interface MemoryCacheOptions {
  /** Most entries kept; the least recently used go first. Default 10,000. */
  readonly maxEntries?: number;
  /**
   * Most bytes of values kept (the keys and values as V8 holds them: a byte a character, two
   * when one is beyond Latin-1; plus bookkeeping). Default 64 MiB.
   */
  readonly maxBytes?: number;
}

export interface MemoryCache extends CacheStore {
  /** Bytes currently held, as counted against `maxBytes`. */
  readonly bytes: number;
  readonly size: number;
}

// Measured with bench/store-accounting.ts: this count is the heap an entry holds, within 2%.
const entryBytes = (key: string, value: string) => textBytes(key) + textBytes(value) + 64;

/** The default CacheStore: in memory, least recently used first, bounded by entries and bytes. */
export function memoryCache(options: MemoryCacheOptions = {}): MemoryCache {
  const maxEntries = options.maxEntries ?? 10_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new TypeError("memoryCache: options.maxEntries must be a positive integer");
  }
  if (!Number.isInteger(maxBytes) || maxBytes < 1024) {
    throw new TypeError("memoryCache: options.maxBytes must be an integer of at least 1024");
  }
  let bytes = 0;
  // quick-lru keeps up to two generations of maxSize entries; halve it so maxEntries is the bound.
  const entries = new QuickLRU<string, string>({
    maxSize: Math.max(1, Math.ceil(maxEntries / 2)),
    onEviction: (key, value) => {
      bytes -= entryBytes(key, value);
    },
  });

  const remove = (key: string) => {
    const value = entries.peek(key);
    if (value !== undefined) {
      bytes -= entryBytes(key, value);
      entries.delete(key);
    }
  };

  return {
    get: (key) => entries.get(key),
    set: (key, value, ttlMs) => {
      const size = entryBytes(key, value);
      remove(key);
      if (size > maxBytes) return; // never worth evicting everything for one entry
      bytes += size;
      entries.set(key, value, { maxAge: ttlMs });
      if (bytes > maxBytes) {
        for (const [oldest] of entries.entriesAscending()) {
          if (bytes <= maxBytes) break;
          if (oldest !== key) remove(oldest);
        }
      }
    },
    delete: remove,
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
