import { Redis } from "ioredis";

export interface ConnectRedisOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://`). */
  readonly url: string;
  /** Longest wait for the first connection. Default 5,000 ms. */
  readonly timeoutMs?: number;
  /** Told once when the connection drops and once when it is back (never the password). */
  readonly onStateChange?: (message: string) => void;
}

/** The URL without its password, fit for messages. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "REDIS_URL";
  }
}

/**
 * An ioredis client that fails fast while Redis is down (`enableOfflineQueue: false`,
 * `maxRetriesPerRequest: 1`): the engine then answers from probes instead of queueing behind
 * a dead connection. Resolves once connected; rejects, with nothing left running, when the
 * first connection fails or takes longer than `timeoutMs`.
 */
export async function connectRedis(options: ConnectRedisOptions): Promise<Redis> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const client = new Redis(options.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    // Shows up in CLIENT LIST, so an operator can tell these connections apart.
    connectionName: "domain-intel",
    connectTimeout: timeoutMs,
  });
  let down = false;
  let lastError: Error | undefined;
  // ioredis emits an error per failed reconnect; say it once per outage, not every 100 ms.
  client.on("error", (error: Error) => {
    lastError = error;
    if (down) return;
    down = true;
    options.onStateChange?.(`Redis is unreachable (${error.message}); retrying.`);
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    options.onStateChange?.("Redis is reachable again.");
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    client.disconnect();
    // The socket's own error (ECONNREFUSED, auth) says more than ioredis's "Connection is closed".
    const reason = (lastError ?? (error as Error)).message;
    throw new Error(`Cannot connect to Redis at ${redactRedisUrl(options.url)}: ${reason}`);
  } finally {
    clearTimeout(timer);
  }
  return client;
}

/** Closes politely (QUIT), or drops the connection when Redis does not answer. */
export async function closeRedis(client: Redis): Promise<void> {
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
