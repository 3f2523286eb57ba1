import type { RateLimitStore } from "@domain-intel/engine";
import { checkClient, checkPrefix, type RedisCommandClient } from "./redis-client.js";

export interface RedisRateLimitOptions {
  readonly client: RedisCommandClient;
  /** Prefix of every key. Default `domain-intel:`. */
  readonly prefix?: string;
}

// The token bucket of the engine's memory store, run atomically in Redis on Redis's clock so
// that instances with skewed clocks still share one fair bucket.
const takeScript = `
local capacity = tonumber(ARGV[1])
local refill = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local time = redis.call("TIME")
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call("HMGET", KEYS[1], "tokens", "at")
local tokens = capacity
if state[1] then
  local elapsed = math.max(0, now - tonumber(state[2])) / 1000
  tokens = math.min(capacity, tonumber(state[1]) + elapsed * refill)
end
local allowed = 0
if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
end
redis.call("HSET", KEYS[1], "tokens", tostring(tokens), "at", tostring(now))
redis.call("PEXPIRE", KEYS[1], math.ceil((capacity - tokens) / refill * 1000) + 1000)
return {allowed, tostring(tokens)}
`;

/** Token buckets in Redis, shared by every instance. */
export function redisRateLimit(options: RedisRateLimitOptions): RateLimitStore {
  checkClient("redisRateLimit", options?.client);
  const prefix = checkPrefix("redisRateLimit", options.prefix);
  const { client } = options;
  return {
    async take(key, plan, cost) {
      const reply = (await client.call(
        "EVAL",
        takeScript,
        1,
        `${prefix}${key}`,
        plan.capacity,
        plan.refillPerSecond,
        cost,
      )) as [number, string];
      const allowed = Number(reply[0]) === 1;
      const tokens = Number(reply[1]);
      const perTokenMs = 1000 / plan.refillPerSecond;
      return {
        allowed,
        remaining: Math.floor(tokens),
        resetMs: Math.ceil((plan.capacity - tokens) * perTokenMs),
        retryAfterMs: allowed ? 0 : Math.ceil((cost - tokens) * perTokenMs),
      };
    },
  };
}
