import type { CacheStore } from "../cache/cache-store.js";
import { isPromiseLike } from "../contract/maybe-promise.js";
import type { SectionResult } from "../contract/section-result.js";
import type { EngineHooks } from "../logging/engine-hooks.js";
import { describeError, type Logger } from "../logging/logger.js";
import { decodeStoredEntry, encodeStoredEntry } from "./stored-entry.js";

/** The CacheStore as the section layer uses it: every call bounded, every failure a miss. */
export interface SectionStore {
  read(key: string, section: string, domain: string): Promise<SectionResult | undefined>;
  write(key: string, result: SectionResult, ttlMs: number): Promise<void>;
  /** True: this caller probes; false: another instance does; undefined: the store cannot say. */
  lock(key: string, ttlMs: number): Promise<boolean | undefined>;
  unlock(key: string): Promise<void>;
}

/** The store's key of a section's answer; a query's key (`?ns=...`) keeps its answer apart. */
export const sectionCacheKey = (section: string, domain: string, query?: string) =>
  `domain-intel:v1:${section}:${domain}${query === undefined ? "" : `?${query}`}`;

export function createSectionStore(options: {
  cache: CacheStore;
  logger: Logger;
  hooks?: EngineHooks;
  /** Longest wait for the store before answering without it. */
  timeoutMs: number;
}): SectionStore {
  const { cache, logger, timeoutMs } = options;

  async function bounded<T>(
    operation: string,
    key: string,
    call: () => T | Promise<T>,
  ): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = call();
      // A synchronous store (the in-memory one) needs no timer.
      if (!isPromiseLike(result)) return result;
      return await Promise.race([
        result,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]);
    } catch (error) {
      const described = describeError(error);
      logger.warn(`cache ${operation} failed; answering without the cache`, {
        key,
        error: described,
      });
      options.hooks?.onCacheError?.({ operation, error: described });
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async read(key, section, domain) {
      const stored = await bounded("read", key, () => cache.get(key));
      return typeof stored === "string"
        ? decodeStoredEntry(stored, { section, domain })
        : undefined;
    },
    async write(key, result, ttlMs) {
      await bounded("write", key, () => cache.set(key, encodeStoredEntry(result), ttlMs));
    },
    lock: (key, ttlMs) =>
      cache.lock ? bounded("lock", key, () => cache.lock!(key, ttlMs)) : Promise.resolve(true),
    async unlock(key) {
      if (cache.unlock) await bounded("unlock", key, () => cache.unlock!(key));
    },
  };
}
