import type { MaybePromise } from "../contract/maybe-promise.js";
import type { KeyRecord } from "./key-record.js";

export type { MaybePromise };

/**
 * Where API keys live, as records holding only a hash of each key. Methods may answer
 * directly or with a promise. `fileKeyStore` keeps a JSON file; `redisKeys` (in
 * `@domain-intel/redis`) shares the records between instances. Failures other than the ones
 * named here throw whatever the storage threw; the expected ones throw a `KeyStoreError`.
 */
export interface KeyStore {
  /** Adds a record. Throws `KeyStoreError` `conflict` when its id or hash is already stored. */
  create(record: KeyRecord): MaybePromise<void>;
  /** Every record, revoked and expired ones included, oldest first. */
  list(): MaybePromise<readonly KeyRecord[]>;
  /** The record of this `sha256:<hex>` hash whatever its status, or undefined. */
  findByHash(options: { readonly hash: string }): MaybePromise<KeyRecord | undefined>;
  /** Marks the key revoked (again is fine). The record as it is now, or undefined for an unknown id. */
  revoke(options: { readonly id: string }): MaybePromise<KeyRecord | undefined>;
  /**
   * Revokes `id` and adds `replacement` in one step, so there is never a moment with both
   * keys or neither. The revoked record, or undefined for an unknown id. Throws
   * `KeyStoreError` `revoked` when `id` is already revoked: rotating must not revive access.
   */
  rotate(options: {
    readonly id: string;
    readonly replacement: KeyRecord;
  }): MaybePromise<KeyRecord | undefined>;
}

export function isKeyStore(value: unknown): value is KeyStore {
  if (typeof value !== "object" || value === null) return false;
  const store = value as Record<string, unknown>;
  return ["create", "list", "findByHash", "revoke", "rotate"].every(
    (method) => typeof store[method] === "function",
  );
}
