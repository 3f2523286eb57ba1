import { generateApiKey, generateKeyId, hashApiKey } from "./api-key.js";
import { type KeyRecord, keyNameProblem, planNamePattern } from "./key-record.js";
import { isKeyStore, type KeyStore } from "./key-store.js";
import { KeyStoreError } from "./key-store-error.js";

/** A key just made: `key` is shown to its owner once and exists nowhere else afterwards. */
export interface IssuedKey {
  readonly key: string;
  readonly record: KeyRecord;
}

export interface CreateKeyOptions {
  readonly store: KeyStore;
  readonly name: string;
  /** Rate-limit plan name. Default: none (the engine's `default` plan). */
  readonly plan?: string;
  /** ISO time from which the key stops working (see `parseKeyExpiry`). Default: never. */
  readonly expiresAt?: string;
}

function fail(fn: string, option: string, expectation: string): never {
  throw new TypeError(`${fn}: ${option ? `options.${option}` : "options"} ${expectation}`);
}

function checkStore(fn: string, store: unknown): asserts store is KeyStore {
  if (!isKeyStore(store)) {
    fail(fn, "store", "must be a KeyStore (create, list, findByHash, revoke, rotate)");
  }
}

function checkExpiresAt(fn: string, expiresAt: unknown): void {
  if (expiresAt === undefined) return;
  if (typeof expiresAt !== "string" || Number.isNaN(Date.parse(expiresAt))) {
    fail(fn, "expiresAt", "must be an ISO time");
  }
  if (Date.parse(expiresAt) <= Date.now()) fail(fn, "expiresAt", "must be in the future");
}

function newRecord(fields: Omit<KeyRecord, "id" | "hash" | "createdAt" | "revoked">): IssuedKey {
  const key = generateApiKey();
  return {
    key,
    record: {
      id: generateKeyId(),
      name: fields.name,
      hash: hashApiKey(key),
      createdAt: new Date().toISOString(),
      ...(fields.expiresAt === undefined ? {} : { expiresAt: fields.expiresAt }),
      ...(fields.plan === undefined ? {} : { plan: fields.plan }),
      revoked: false,
    },
  };
}

/** Makes a key, stores its hash, and returns the key: the only time it is ever seen. */
export async function createKey(options: CreateKeyOptions): Promise<IssuedKey> {
  const fn = "createKey";
  if (typeof options !== "object" || options === null) fail(fn, "", "must be an object");
  checkStore(fn, options.store);
  const nameProblem = keyNameProblem(options.name);
  if (nameProblem) fail(fn, "name", nameProblem);
  if (
    options.plan !== undefined &&
    (typeof options.plan !== "string" || !planNamePattern.test(options.plan))
  ) {
    fail(fn, "plan", "must be letters, digits, '.', '_' or '-' (at most 64)");
  }
  checkExpiresAt(fn, options.expiresAt);
  const issued = newRecord({
    name: options.name.trim(),
    ...(options.plan === undefined ? {} : { plan: options.plan }),
    ...(options.expiresAt === undefined
      ? {}
      : { expiresAt: new Date(options.expiresAt).toISOString() }),
  });
  await options.store.create(issued.record);
  return issued;
}

export interface RotateKeyOptions {
  readonly store: KeyStore;
  readonly id: string;
  /** The new key's expiry. Default: the old key's. */
  readonly expiresAt?: string;
}

/**
 * Replaces a key with a new one of the same name and plan, revoking the old one at once.
 * Throws `KeyStoreError` `unknown_key`; `revoked` when the old key is revoked; `expired` when
 * the new key would inherit an expiry already past (give `expiresAt`).
 */
export async function rotateKey(
  options: RotateKeyOptions,
): Promise<IssuedKey & { readonly previous: KeyRecord }> {
  const fn = "rotateKey";
  if (typeof options !== "object" || options === null) fail(fn, "", "must be an object");
  checkStore(fn, options.store);
  if (typeof options.id !== "string" || options.id.length === 0) {
    fail(fn, "id", "must be a key id");
  }
  checkExpiresAt(fn, options.expiresAt);
  const current = (await options.store.list()).find((record) => record.id === options.id);
  if (!current) throw new KeyStoreError("unknown_key", `No key has the id ${options.id}.`);
  if (current.revoked) {
    throw new KeyStoreError("revoked", `${current.id} is revoked; create a new key instead.`);
  }
  const expiresAt = options.expiresAt ?? current.expiresAt;
  if (expiresAt !== undefined && Date.parse(expiresAt) <= Date.now()) {
    throw new KeyStoreError(
      "expired",
      `${current.id} expired at ${expiresAt}; give the new key a later expiry.`,
    );
  }
  const issued = newRecord({
    name: current.name,
    ...(current.plan === undefined ? {} : { plan: current.plan }),
    ...(expiresAt === undefined ? {} : { expiresAt: new Date(expiresAt).toISOString() }),
  });
  const previous = await options.store.rotate({ id: current.id, replacement: issued.record });
  if (!previous) throw new KeyStoreError("unknown_key", `No key has the id ${options.id}.`);
  return { ...issued, previous };
}

export interface RevokeKeyOptions {
  readonly store: KeyStore;
  readonly id: string;
}

/** Revokes a key; the revoked record. Throws `KeyStoreError` `unknown_key` for an unknown id. */
export async function revokeKey(options: RevokeKeyOptions): Promise<KeyRecord> {
  const fn = "revokeKey";
  if (typeof options !== "object" || options === null) fail(fn, "", "must be an object");
  checkStore(fn, options.store);
  if (typeof options.id !== "string" || options.id.length === 0) {
    fail(fn, "id", "must be a key id");
  }
  const record = await options.store.revoke({ id: options.id });
  if (!record) throw new KeyStoreError("unknown_key", `No key has the id ${options.id}.`);
  return record;
}
