import type {
  BatchJob,
  BatchJobSpec,
  BatchProgress,
  BatchStatus,
  BatchStore,
} from "@domain-intel/engine";
import { checkClient, checkPrefix, type RedisCommandClient } from "./redis-client.js";

export interface RedisBatchStoreOptions {
  readonly client: RedisCommandClient;
  /** Prefix of every key. Default `domain-intel:`. */
  readonly prefix?: string;
  /** How long a job and its results are kept after creation. Default 24 h. */
  readonly ttlMs?: number;
}

// The job hash, its result lines and the indexes recorded share a hash tag (one cluster slot).
const createScript = `
redis.call("HSET", KEYS[1], "spec", ARGV[1], "status", "queued", "done", 0, "failed", 0)
redis.call("PEXPIRE", KEYS[1], ARGV[2])
return 1
`;

const setStatusScript = `
local status = redis.call("HGET", KEYS[1], "status")
if not status then return false end
if status ~= "done" and status ~= "cancelled" then
  redis.call("HSET", KEYS[1], "status", ARGV[1])
  status = ARGV[1]
end
return {status, redis.call("HGET", KEYS[1], "done"), redis.call("HGET", KEYS[1], "failed")}
`;

// Once per index: a resumed job racing the instance it took over records nothing twice.
const recordScript = `
if redis.call("EXISTS", KEYS[1]) == 0 then return 0 end
if redis.call("SADD", KEYS[3], ARGV[1]) == 0 then return 0 end
redis.call("RPUSH", KEYS[2], ARGV[2])
redis.call("HINCRBY", KEYS[1], "done", 1)
if ARGV[3] == "1" then redis.call("HINCRBY", KEYS[1], "failed", 1) end
local ttl = redis.call("PTTL", KEYS[1])
if ttl > 0 then
  redis.call("PEXPIRE", KEYS[2], ttl)
  redis.call("PEXPIRE", KEYS[3], ttl)
end
return 1
`;

const statuses = new Set<BatchStatus>(["queued", "running", "done", "cancelled"]);

function progressOf(status: unknown, done: unknown, failed: unknown): BatchProgress | undefined {
  if (typeof status !== "string" || !statuses.has(status as BatchStatus)) return undefined;
  return { status: status as BatchStatus, done: Number(done), failed: Number(failed) };
}

/** Batch jobs in Redis: any instance answers for a job and another resumes it. */
export function redisBatchStore(options: RedisBatchStoreOptions): BatchStore {
  checkClient("redisBatchStore", options?.client);
  const prefix = checkPrefix("redisBatchStore", options.prefix);
  const ttlMs = options.ttlMs ?? 86_400_000;
  if (!Number.isInteger(ttlMs) || ttlMs < 1000)
    throw new TypeError("redisBatchStore: options.ttlMs must be an integer of at least 1000");
  const { client } = options;
  const keys = (id: string) => {
    const job = `${prefix}batch:{${id}}`;
    return [job, `${job}:lines`, `${job}:recorded`] as const;
  };

  async function progress(id: string): Promise<BatchProgress | undefined> {
    const [status, done, failed] = (await client.call(
      "HMGET",
      keys(id)[0],
      "status",
      "done",
      "failed",
    )) as unknown[];
    return progressOf(status, done, failed);
  }

  return {
    async create(spec: BatchJobSpec) {
      await client.call("EVAL", createScript, 1, keys(spec.id)[0], JSON.stringify(spec), ttlMs);
    },
    async get(id) {
      const [spec, status, done, failed] = (await client.call(
        "HMGET",
        keys(id)[0],
        "spec",
        "status",
        "done",
        "failed",
      )) as unknown[];
      const now = progressOf(status, done, failed);
      if (typeof spec !== "string" || !now) return undefined;
      return { ...(JSON.parse(spec) as BatchJobSpec), ...now } satisfies BatchJob;
    },
    progress,
    async setStatus(id, status) {
      const reply = (await client.call("EVAL", setStatusScript, 1, keys(id)[0], status)) as
        | unknown[]
        | null;
      return reply ? progressOf(reply[0], reply[1], reply[2]) : undefined;
    },
    async record(id, index, line, failed) {
      await client.call("EVAL", recordScript, 3, ...keys(id), index, line, failed ? "1" : "0");
    },
    async recorded(id) {
      const members = (await client.call("SMEMBERS", keys(id)[2])) as string[];
      return new Set(members.map(Number));
    },
    async results(id, from) {
      return (await client.call("LRANGE", keys(id)[1], from, -1)) as string[];
    },
  };
}
