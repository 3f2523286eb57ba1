import QuickLRU from "quick-lru";
import { hashApiKey, sameKeyHash } from "./api-key.js";
import type { KeyRecord } from "./key-record.js";
import { isKeyStore, type KeyStore } from "./key-store.js";
import type { KeyIdentity, KeyVerifier } from "./key-verifier.js";

export interface KeysFromStoreOptions {
  readonly store: KeyStore;
  /**
   * How long one lookup is reused, so that a busy key does not ask the store on every request.
   * Also how long a key created or revoked elsewhere may take to be honoured. Default 5,000 ms;
   * 0 asks the store every time. Expiry is always checked on the spot.
   */
  readonly cacheMs?: number;
  /** Most lookups remembered (known and unknown keys). Default 10,000. */
  readonly maxEntries?: number;
  /**
   * While the store fails, a key looked up less than this long ago keeps its last answer
   * instead of failing the request. Default 60,000 ms; 0 fails at once.
   */
  readonly staleIfErrorMs?: number;
}

interface Lookup {
  readonly record: KeyRecord | undefined;
  readonly identity: KeyIdentity | undefined;
  readonly atMs: number;
}

// A generated key is 35 characters; anything far longer is not one of ours and is not hashed.
const maxKeyLength = 512;

function fail(option: string, expectation: string): never {
  throw new TypeError(`keysFromStore: ${option ? `options.${option}` : "options"} ${expectation}`);
}

function checkDuration(value: unknown, option: string, max: number): void {
  if (
    value !== undefined &&
    !(Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max)
  ) {
    fail(option, `must be an integer from 0 to ${max}`);
  }
}

/**
 * A KeyVerifier over a KeyStore. A presented key is hashed and looked up by its hash; the
 * answer (found or not) is reused for `cacheMs`, and concurrent lookups of one key share a
 * single store call. Revoked and expired keys are refused.
 */
export function keysFromStore(options: KeysFromStoreOptions): KeyVerifier {
  if (typeof options !== "object" || options === null) fail("", "must be an object");
  if (!isKeyStore(options.store)) {
    fail("store", "must be a KeyStore (create, list, findByHash, revoke, rotate)");
  }
  checkDuration(options.cacheMs, "cacheMs", 3_600_000);
  checkDuration(options.staleIfErrorMs, "staleIfErrorMs", 86_400_000);
  const maxEntries = options.maxEntries ?? 10_000;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    fail("maxEntries", "must be a positive integer");
  }
  const { store } = options;
  const cacheMs = options.cacheMs ?? 5_000;
  const staleIfErrorMs = options.staleIfErrorMs ?? 60_000;
  const lookups = new QuickLRU<string, Lookup>({ maxSize: maxEntries });
  const inFlight = new Map<string, Promise<Lookup>>();

  function answer(lookup: Lookup, hash: string): KeyIdentity | null {
    const { record, identity } = lookup;
    if (!record || !identity || record.revoked) return null;
    // The store found it by hash; comparing again, without an early exit, means a store that
    // answered with the wrong record can never let a key through.
    if (!sameKeyHash(record.hash, hash)) return null;
    if (record.expiresAt !== undefined && Date.parse(record.expiresAt) <= Date.now()) return null;
    return identity;
  }

  async function lookUp(hash: string, previous: Lookup | undefined): Promise<Lookup> {
    try {
      const record = (await store.findByHash({ hash })) ?? undefined;
      const lookup: Lookup = {
        record,
        identity: record
          ? Object.freeze(record.plan ? { id: record.id, plan: record.plan } : { id: record.id })
          : undefined,
        atMs: Date.now(),
      };
      if (cacheMs > 0) lookups.set(hash, lookup);
      return lookup;
    } catch (error) {
      if (previous && Date.now() - previous.atMs < cacheMs + staleIfErrorMs) return previous;
      throw error;
    }
  }

  return {
    async verify(key) {
      if (typeof key !== "string" || key.length === 0 || key.length > maxKeyLength) return null;
      const hash = hashApiKey(key);
      const cached = lookups.get(hash);
      if (cached && Date.now() - cached.atMs < cacheMs) return answer(cached, hash);
      let pending = inFlight.get(hash);
      if (!pending) {
        pending = lookUp(hash, cached).finally(() => inFlight.delete(hash));
        inFlight.set(hash, pending);
      }
      return answer(await pending, hash);
    },
  };
}
