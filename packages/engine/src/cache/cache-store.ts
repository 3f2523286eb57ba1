/**
 * Where section results are kept, already serialised. Methods may answer synchronously or
 * with a promise; a store that fails (throws or rejects) only costs a cache miss.
 */
export interface CacheStore {
  get(key: string): string | undefined | null | Promise<string | undefined | null>;
  set(key: string, value: string, ttlMs: number): void | Promise<void>;
  delete(key: string): void | Promise<void>;
}
