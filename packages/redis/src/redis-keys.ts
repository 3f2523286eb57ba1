import { createHash } from "node:crypto";
import {
  type KeyIdentity,
  type KeyRecord,
  type KeyStore,
  KeyStoreError,
  type KeyVerifier,
} from "@domain-intel/engine";
import { checkClient, checkPrefix, type RedisCommandClient } from "./redis-client.js";

export interface RedisKeysOptions {
  readonly client: RedisCommandClient;
  /** Prefix of every key. Default `domain-intel:`. */
  readonly prefix?: string;
}

/** What `add` takes besides the key. */
export interface StoredKey {
  readonly id: string;
  readonly name?: string;
  readonly plan?: string;
  /** ISO date after which the key no longer works. */
  readonly expiresAt?: string;
  readonly revoked?: boolean;
}

/**
 * A KeyStore on Redis that is also a KeyVerifier asking Redis on every call (wrap it in
 * `keysFromStore({ store })` to cache lookups briefly).
 */
export interface RedisKeys extends KeyVerifier, KeyStore {
  /** Stores a key you made yourself, by its SHA-256 digest only; the key is never written. */
  add(options: { key: string } & StoredKey): Promise<void>;
  create(record: KeyRecord): Promise<void>;
  list(): Promise<readonly KeyRecord[]>;
  findByHash(options: { readonly hash: string }): Promise<KeyRecord | undefined>;
  revoke(options: { readonly id: string }): Promise<KeyRecord | undefined>;
  rotate(options: {
    readonly id: string;
    readonly replacement: KeyRecord;
  }): Promise<KeyRecord | undefined>;
}

const digest = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");
const storedHash = /^sha256:([0-9a-f]{64})$/;

// Each script checks and writes in one step, so two admins (or instances) never interleave.
// Every key a script touches is passed in KEYS.
const createScript = `
if redis.call("EXISTS", KEYS[1]) == 1 or redis.call("EXISTS", KEYS[2]) == 1 then return 0 end
redis.call("HSET", KEYS[1], unpack(ARGV, 4))
redis.call("SET", KEYS[2], ARGV[1])
redis.call("ZADD", KEYS[3], ARGV[3], ARGV[2])
return 1`;

const revokeScript = `
if redis.call("GET", KEYS[1]) ~= ARGV[1] then return 0 end
if redis.call("HGET", KEYS[2], "revoked") ~= "1" then
  redis.call("HSET", KEYS[2], "revoked", "1", "revokedAt", ARGV[2])
end
return 1`;

const rotateScript = `
if redis.call("GET", KEYS[1]) ~= ARGV[1] then return 0 end
if redis.call("HGET", KEYS[2], "revoked") == "1" then return -1 end
if redis.call("EXISTS", KEYS[3]) == 1 or redis.call("EXISTS", KEYS[4]) == 1 then return -2 end
redis.call("HSET", KEYS[2], "revoked", "1", "revokedAt", ARGV[2])
redis.call("HSET", KEYS[3], unpack(ARGV, 6))
redis.call("SET", KEYS[4], ARGV[3])
redis.call("ZADD", KEYS[5], ARGV[5], ARGV[4])
return 1`;

function fields(reply: unknown): Record<string, string> {
  if (Array.isArray(reply)) {
    const result: Record<string, string> = {};
    for (let index = 0; index + 1 < reply.length; index += 2)
      result[String(reply[index])] = String(reply[index + 1]);
    return result;
  }
  return (reply ?? {}) as Record<string, string>;
}

function toRecord(hex: string, stored: Record<string, string>): KeyRecord | undefined {
  if (!stored.id) return undefined;
  return {
    id: stored.id,
    name: stored.name ?? stored.id,
    hash: `sha256:${hex}`,
    createdAt: stored.createdAt ?? new Date(0).toISOString(),
    ...(stored.expiresAt ? { expiresAt: stored.expiresAt } : {}),
    ...(stored.plan ? { plan: stored.plan } : {}),
    revoked: stored.revoked === "1",
    ...(stored.revokedAt ? { revokedAt: stored.revokedAt } : {}),
  };
}

function hexOf(record: KeyRecord, fn: string): string {
  const match = storedHash.exec(record?.hash ?? "");
  if (!match) throw new TypeError(`${fn}: record.hash must be "sha256:" and 64 lower-case hex`);
  if (typeof record.id !== "string" || record.id.length === 0 || record.id.length > 128) {
    throw new TypeError(`${fn}: record.id must be a non-empty string`);
  }
  if (record.expiresAt !== undefined && Number.isNaN(Date.parse(record.expiresAt))) {
    throw new TypeError(`${fn}: record.expiresAt must be an ISO date`);
  }
  return match[1]!;
}

/** HSET arguments for a record: field, value, ... (absent fields left out). */
function flat(record: KeyRecord): string[] {
  const values: Record<string, string | undefined> = {
    id: record.id,
    name: record.name,
    plan: record.plan,
    expiresAt: record.expiresAt,
    createdAt: record.createdAt,
    revoked: record.revoked ? "1" : "0",
    revokedAt: record.revokedAt,
  };
  return Object.entries(values).flatMap(([field, value]) =>
    value === undefined ? [] : [field, value],
  );
}

/**
 * API keys in Redis, kept as SHA-256 digests: a KeyStore every instance shares (so a key
 * created or revoked on one is honoured by all), and a KeyVerifier. Records live in
 * `<prefix>key:<sha256 hex>` hashes, `<prefix>key-id:<id>` points from id to digest, and the
 * sorted set `<prefix>key-ids` lists ids by creation time. Looking a key up by its digest
 * compares no secrets in process, so there is nothing to time.
 */
export function redisKeys(options: RedisKeysOptions): RedisKeys {
  checkClient("redisKeys", options?.client);
  const prefix = checkPrefix("redisKeys", options.prefix);
  const { client } = options;
  const recordKey = (hex: string) => `${prefix}key:${hex}`;
  const idKey = (id: string) => `${prefix}key-id:${id}`;
  const index = `${prefix}key-ids`;

  async function byHex(hex: string): Promise<KeyRecord | undefined> {
    return toRecord(hex, fields(await client.call("HGETALL", recordKey(hex))));
  }

  async function hexOfId(id: string): Promise<string | undefined> {
    if (typeof id !== "string" || id.length === 0) return undefined;
    const hex = await client.call("GET", idKey(id));
    return typeof hex === "string" ? hex : hex instanceof Buffer ? hex.toString() : undefined;
  }

  async function create(record: KeyRecord): Promise<void> {
    const hex = hexOf(record, "redisKeys.create");
    const created = await client.call(
      "EVAL",
      createScript,
      3,
      recordKey(hex),
      idKey(record.id),
      index,
      hex,
      record.id,
      Date.parse(record.createdAt) || Date.now(),
      ...flat(record),
    );
    if (Number(created) !== 1) {
      throw new KeyStoreError("conflict", `${record.id} or its key is already stored.`);
    }
  }

  async function findByHash({ hash }: { readonly hash: string }) {
    const match = storedHash.exec(hash);
    return match ? byHex(match[1]!) : undefined;
  }

  return {
    async verify(key): Promise<KeyIdentity | null> {
      const record = await byHex(digest(key));
      if (!record || record.revoked) return null;
      if (record.expiresAt && Date.parse(record.expiresAt) <= Date.now()) return null;
      return record.plan ? { id: record.id, plan: record.plan } : { id: record.id };
    },
    async add({ key, id, name, plan, expiresAt, revoked }) {
      if (typeof key !== "string" || key.length < 16)
        throw new TypeError(
          "redisKeys.add: options.key must be a string of at least 16 characters",
        );
      if (typeof id !== "string" || id.length === 0)
        throw new TypeError("redisKeys.add: options.id must be a non-empty string");
      if (expiresAt !== undefined && Number.isNaN(Date.parse(expiresAt)))
        throw new TypeError("redisKeys.add: options.expiresAt must be an ISO date");
      await create({
        id,
        name: name ?? id,
        hash: `sha256:${digest(key)}`,
        createdAt: new Date().toISOString(),
        ...(plan === undefined ? {} : { plan }),
        ...(expiresAt === undefined ? {} : { expiresAt }),
        revoked: revoked === true,
      });
    },
    create,
    async list() {
      const ids = ((await client.call("ZRANGE", index, 0, -1)) as unknown[]).map(String);
      const hexes = await Promise.all(ids.map(hexOfId));
      const records = await Promise.all(
        hexes.map((hex) => (hex === undefined ? undefined : byHex(hex))),
      );
      return records.filter((record): record is KeyRecord => record !== undefined);
    },
    findByHash,
    async revoke({ id }) {
      const hex = await hexOfId(id);
      if (hex === undefined) return undefined;
      const done = await client.call(
        "EVAL",
        revokeScript,
        2,
        idKey(id),
        recordKey(hex),
        hex,
        new Date().toISOString(),
      );
      return Number(done) === 1 ? byHex(hex) : undefined;
    },
    async rotate({ id, replacement }) {
      const newHex = hexOf(replacement, "redisKeys.rotate");
      const hex = await hexOfId(id);
      if (hex === undefined) return undefined;
      const done = Number(
        await client.call(
          "EVAL",
          rotateScript,
          5,
          idKey(id),
          recordKey(hex),
          recordKey(newHex),
          idKey(replacement.id),
          index,
          hex,
          new Date().toISOString(),
          newHex,
          replacement.id,
          Date.parse(replacement.createdAt) || Date.now(),
          ...flat(replacement),
        ),
      );
      if (done === -1)
        throw new KeyStoreError("revoked", `${id} is revoked; create a new key instead.`);
      if (done === -2) {
        throw new KeyStoreError("conflict", `${replacement.id} or its key is already stored.`);
      }
      return done === 1 ? byHex(hex) : undefined;
    },
  };
}
