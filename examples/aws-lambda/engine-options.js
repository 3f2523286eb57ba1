// The engine configuration both functions load: the API (handler.js) and the batch worker
// (worker.js). With REDIS_URL, batch jobs, the cache and rate limits live in Redis, shared by
// every container of both functions, and the API function only enqueues `POST /batch` jobs for
// the worker. Without it, all of them live in one container's memory, and the API function
// works its own batch jobs while it stays warm.

import { bullmqWorkQueue, redisBatchStore, redisCache, redisRateLimit } from "@domain-intel/redis";
import { Redis } from "ioredis";

const { API_KEYS = "", RESOLVERS, REDIS_URL } = process.env;

function redisStores(url) {
  // One retry, then the command fails: the engine answers without the cache (and logs it)
  // rather than hold a request until Redis is back.
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  // Without a listener ioredis reports each failed reconnect as an unhandled "error" event.
  client.on("error", (error) => console.error(`redis: ${error.message}`));
  return {
    cache: redisCache({ client }),
    rateLimit: { store: redisRateLimit({ client }) },
    // A frozen Lambda container runs nothing between invocations: the worker function works.
    batch: {
      store: redisBatchStore({ client }),
      queue: bullmqWorkQueue({ connection: url }),
      worker: false,
    },
  };
}

// A missing API_KEYS fails the cold start with a TypeError naming options.keys.
export const engineOptions = {
  keys: API_KEYS.split(",").filter(Boolean),
  network: RESOLVERS ? { resolvers: RESOLVERS.split(",") } : {},
  ...(REDIS_URL ? redisStores(REDIS_URL) : {}),
};
