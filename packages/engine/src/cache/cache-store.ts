/**
 * Where section results are kept, already serialised. Methods may answer synchronously or
 * with a promise; a store that fails (throws, rejects or is slow) only costs a cache miss.
 */
export interface CacheStore {
  get(key: string): string | undefined | null | Promise<string | undefined | null>;
  /** Keeps `value` for `ttlMs`; the engine already adds its stale-while-revalidate grace. */
  set(key: string, value: string, ttlMs: number): void | Promise<void>;
  delete(key: string): void | Promise<void>;
  /**
   * Optional: takes a short lock so that, across instances sharing the store, one probe runs
   * for a key. Returns true when this caller holds it. Stores without it lock per process only.
   */
  lock?(key: string, ttlMs: number): boolean | Promise<boolean>;
  unlock?(key: string): void | Promise<void>;
}
