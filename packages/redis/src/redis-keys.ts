import { createHash } from "node:crypto";
import type { KeyIdentity, KeyVerifier } from "@domain-intel/engine";
import { checkClient, checkPrefix, type RedisCommandClient } from "./redis-client.js";

export interface RedisKeysOptions {
  readonly client: RedisCommandClient;
  /** Prefix of every key. Default `domain-intel:`. */
  readonly prefix?: string;
}

export interface StoredKey {
  readonly id: string;
  readonly name?: string;
  readonly plan?: string;
  /** ISO date after which the key no longer works. */
  readonly expiresAt?: string;
  readonly revoked?: boolean;
}

export interface RedisKeys extends KeyVerifier {
  /** Stores a key by its SHA-256 digest only; the key itself is never written. */
  add(options: { key: string } & StoredKey): Promise<void>;
  revoke(options: { id: string }): Promise<boolean>;
}

const digest = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

/**
 * API keys in Redis, kept as SHA-256 digests: a KeyVerifier that every instance shares, so a
 * key added or revoked on one is honoured by all at once. Looking a key up by its digest
 * compares no secrets in process, so there is nothing to time.
 */
export function redisKeys(options: RedisKeysOptions): RedisKeys {
  checkClient("redisKeys", options?.client);
  const prefix = checkPrefix("redisKeys", options.prefix);
  const { client } = options;
  const record = (hash: string) => `${prefix}key:${hash}`;
  const byId = (id: string) => `${prefix}key-id:${id}`;

  return {
    async verify(key): Promise<KeyIdentity | null> {
      const fields = (await client.call("HGETALL", record(digest(key)))) as
        | string[]
        | Record<string, string>;
      const stored = Array.isArray(fields) ? Object.fromEntries(pairs(fields)) : fields;
      if (!stored?.id || stored.revoked === "1") return null;
      if (stored.expiresAt && Date.parse(stored.expiresAt) <= Date.now()) return null;
      return stored.plan ? { id: stored.id, plan: stored.plan } : { id: stored.id };
    },
    async add({ key, id, name, plan, expiresAt }) {
      if (typeof key !== "string" || key.length < 16)
        throw new TypeError(
          "redisKeys.add: options.key must be a string of at least 16 characters",
        );
      if (typeof id !== "string" || id.length === 0)
        throw new TypeError("redisKeys.add: options.id must be a non-empty string");
      if (expiresAt !== undefined && Number.isNaN(Date.parse(expiresAt)))
        throw new TypeError("redisKeys.add: options.expiresAt must be an ISO date");
      const hash = digest(key);
      const fields = {
        id,
        name,
        plan,
        expiresAt,
        createdAt: new Date().toISOString(),
        revoked: "0",
      };
      const flat = Object.entries(fields).flatMap(([field, value]) =>
        value === undefined ? [] : [field, value],
      );
      await client.call("HSET", record(hash), ...flat);
      await client.call("SET", byId(id), hash);
    },
    async revoke({ id }) {
      const hash = await client.call("GET", byId(id));
      if (typeof hash !== "string") return false;
      await client.call("HSET", record(hash), "revoked", "1");
      return true;
    },
  };
}

function pairs(flat: string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let index = 0; index + 1 < flat.length; index += 2)
    result.push([flat[index]!, flat[index + 1]!]);
  return result;
}
