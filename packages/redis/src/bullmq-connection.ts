import type { ConnectionOptions } from "bullmq";

/**
 * BullMQ's connection from a `redis://` / `rediss://` URL (or ioredis options, taken as
 * they are). `factory` names the caller in the TypeError a bad URL gets.
 */
export function bullmqConnection(factory: string, given: unknown): ConnectionOptions {
  if (typeof given === "object" && given !== null) return given as ConnectionOptions;
  let url: URL | undefined;
  try {
    url = typeof given === "string" ? new URL(given) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "redis:" && url.protocol !== "rediss:"))
    throw new TypeError(
      `${factory}: options.connection must be a redis:// or rediss:// URL, or ioredis options`,
    );
  const db = url.pathname.slice(1);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: Number(url.port || 6379),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(db ? { db: Number(db) } : {}),
    ...(url.protocol === "rediss:" ? { tls: {} } : {}),
    // A worker's blocking connection must wait for Redis however long it takes (BullMQ's rule).
    maxRetriesPerRequest: null,
  };
}

/** A lock duration in ms (how long before a dead instance's job is taken over), checked. */
export function lockDurationOption(factory: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 100)
    throw new TypeError(`${factory}: options.lockDurationMs must be an integer of at least 100`);
  return value;
}

/**
 * A worker's take-over settings: its lock lapses `lockDuration` after its instance dies and
 * the stalled-job check runs as often, so another instance takes the job over within about
 * twice that. A job stalls once each time an instance dies while working it: many times allowed.
 */
export function takeOverTimings(lockDuration: number) {
  return { lockDuration, stalledInterval: lockDuration, maxStalledCount: 100 } as const;
}

/** Refuses option names the factory does not know, naming the first. */
export function checkOptionNames(factory: string, options: object, known: readonly string[]): void {
  const unknown = Object.keys(options).find((name) => !known.includes(name));
  if (unknown !== undefined)
    throw new TypeError(
      `${factory}: options.${unknown} is not an option (expected ${known.join(", ")})`,
    );
}
