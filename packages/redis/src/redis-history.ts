import type {
  Change,
  ContentSnapshot,
  DomainHistory,
  HistoryStore,
  Snapshot,
} from "@domain-intel/engine";
import { checkClient, checkPrefix, type RedisCommandClient } from "./redis-client.js";

export interface RedisHistoryOptions {
  readonly client: RedisCommandClient;
  /** Prefix of every key. Default `domain-intel:`. */
  readonly prefix?: string;
}

// One round trip, all or nothing: the latest content, the snapshot and the changes appended,
// each list cut to its bound and set to expire with the age bound.
const appendScript = `
redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[3])
redis.call("RPUSH", KEYS[2], ARGV[2])
redis.call("LTRIM", KEYS[2], -tonumber(ARGV[4]), -1)
redis.call("PEXPIRE", KEYS[2], ARGV[3])
if #ARGV >= 6 then
  for i = 6, #ARGV do redis.call("RPUSH", KEYS[3], ARGV[i]) end
  redis.call("LTRIM", KEYS[3], -tonumber(ARGV[5]), -1)
  redis.call("PEXPIRE", KEYS[3], ARGV[3])
end
return 1`;

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : value instanceof Buffer ? value.toString("utf8") : undefined;

function parsed<T>(value: unknown): T | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

/**
 * A HistoryStore on Redis, shared by every instance: per domain, the latest content of each
 * section, a list of snapshots and a list of changes (cut to their counts on each append,
 * older entries left out when read, each key expiring with the age bound), and the expiry
 * thresholds already announced (`SET NX`, so one instance emits each).
 */
export function redisHistory(options: RedisHistoryOptions): HistoryStore {
  checkClient("redisHistory", options?.client);
  const prefix = checkPrefix("redisHistory", options.prefix);
  const { client } = options;
  // The domain in braces: a cluster keeps a domain's keys in one slot, as the script needs.
  const key = (domain: string, rest: string) => `${prefix}history:{${domain}}:${rest}`;

  async function list<T extends { readonly at?: string; readonly fetchedAt?: string }>(
    name: string,
    oldest: number,
  ): Promise<T[]> {
    const items = await client.call("LRANGE", name, 0, -1);
    if (!Array.isArray(items)) return [];
    return items
      .map((item) => parsed<T>(item))
      .filter((item): item is T => item !== undefined)
      .filter((item) => Date.parse(item.at ?? item.fetchedAt ?? "") >= oldest);
  }

  return {
    async latest(domain, section) {
      return parsed<ContentSnapshot>(await client.call("GET", key(domain, `latest:${section}`)));
    },
    async append(domain, snapshot, changes, limits) {
      const { content, json: _json, ...kept } = snapshot;
      await client.call(
        "EVAL",
        appendScript,
        3,
        key(domain, `latest:${snapshot.section}`),
        key(domain, "snapshots"),
        key(domain, "changes"),
        JSON.stringify({ ...kept, content }),
        JSON.stringify(kept),
        limits.maxAgeMs,
        limits.maxSnapshots,
        limits.maxChanges,
        ...changes.map((change) => JSON.stringify(change)),
      );
    },
    async read(domain, limits): Promise<DomainHistory> {
      const oldest = Date.now() - limits.maxAgeMs;
      const [snapshots, changes] = await Promise.all([
        list<Snapshot>(key(domain, "snapshots"), oldest),
        list<Change>(key(domain, "changes"), oldest),
      ]);
      return { snapshots, changes };
    },
    async remember(domain, mark, ttlMs) {
      const set = await client.call(
        "SET",
        key(domain, `mark:${mark}`),
        "1",
        "PX",
        Math.max(1, Math.round(ttlMs)),
        "NX",
      );
      return set === "OK";
    },
  };
}
