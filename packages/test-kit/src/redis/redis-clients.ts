import { Redis } from "ioredis";
import type { TestRedisServer } from "./redis-server.js";

/** ioredis clients of one test server, each configured as the README advises, closed together. */
export interface RedisClients {
  /** A connected client that fails fast while Redis is down (no offline queue, one retry). */
  client(): Promise<Redis>;
  /** Quits every client made so far (disconnects those that cannot quit). */
  closeAll(): Promise<void>;
}

export function redisClients(server: Pick<TestRedisServer, "url">): RedisClients {
  const clients: Redis[] = [];
  return {
    async client() {
      const created = new Redis(server.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      created.on("error", () => undefined);
      clients.push(created);
      if (created.status !== "ready")
        await new Promise((resolve) => created.once("ready", resolve));
      return created;
    },
    async closeAll() {
      await Promise.all(
        clients.splice(0).map((each) => each.quit().catch(() => each.disconnect())),
      );
    },
  };
}
