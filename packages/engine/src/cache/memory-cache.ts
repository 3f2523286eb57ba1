import QuickLRU from "quick-lru";
import type { CacheStore } from "./cache-store.js";

export interface MemoryCacheOptions {
  /** Most entries kept; the least recently used go first. Default 10,000. */
  readonly maxEntries?: number;
  /** Most bytes of values kept (UTF-16 size of the strings plus the keys). Default 64 MiB. */
  readonly maxBytes?: number;
}

export interface MemoryCache extends CacheStore {
  /** Bytes currently held, as counted against `maxBytes`. */
  readonly bytes: number;
  readonly size: number;
}

// A JS string costs two bytes a code unit in the worst case; entries carry some bookkeeping.
const entryBytes = (key: string, value: string) => 2 * (key.length + value.length) + 64;

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
