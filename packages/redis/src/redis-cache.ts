import { randomBytes } from "node:crypto";
import type { CacheStore } from "@domain-intel/engine";
import { checkClient, checkPrefix, type RedisCommandClient } from "./redis-client.js";

export interface RedisCacheOptions {
  /** An ioredis client. Give it `enableOfflineQueue: false` so calls fail fast while Redis is down. */
  readonly client: RedisCommandClient;
  /** Prefix of every key. Default `domain-intel:`. */
  readonly prefix?: string;
}

// Deletes the lock only if it is still ours, so a lock that expired and was taken by another
// instance is never released by us.
const unlockScript = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`;

/** A CacheStore on Redis, shared by every instance, with the short lock that makes single flight cross-instance. */
export function redisCache(options: RedisCacheOptions): CacheStore {
  checkClient("redisCache", options?.client);
  const prefix = checkPrefix("redisCache", options.prefix);
  const { client } = options;
  const tokens = new Map<string, string>();
  return {
    async get(key) {
      const value = await client.call("GET", prefix + key);
      return typeof value === "string"
        ? value
        : value instanceof Buffer
          ? value.toString("utf8")
          : undefined;
    },
    async set(key, value, ttlMs) {
      await client.call("SET", prefix + key, value, "PX", Math.max(1, Math.round(ttlMs)));
    },
    async delete(key) {
      await client.call("DEL", prefix + key);
    },
    async lock(key, ttlMs) {
      const token = randomBytes(12).toString("hex");
      const taken = await client.call(
        "SET",
        `${prefix}lock:${key}`,
        token,
        "PX",
        Math.max(1, Math.round(ttlMs)),
        "NX",
      );
      if (taken !== "OK") return false;
      tokens.set(key, token);
      return true;
    },
    async unlock(key) {
      const token = tokens.get(key);
      if (!token) return;
      tokens.delete(key);
      await client.call("EVAL", unlockScript, 1, `${prefix}lock:${key}`, token);
    },
  };
}
