/**
 * The server of `bench/soak.ts`: the CLI's own `serve()` (built dist), configured by the
 * environment as `domain-intel serve` is, rate limits off (the soak measures the server, not a
 * plan). Every `SOAK_SAMPLE_MS` it prints one `STATS {json}` line: RSS, heap, external and
 * ArrayBuffer memory, open handles by kind and the event loop's delay since the last line, measured inside the process,
 * and the bytes the cache, history and batch stores count against their bounds. `SOAK_STORES_MB`
 * bounds the memory cache, the history, the batch store and the hot answers at that many MiB each (default: the
 * engine's, 64, 256, 256 and 16), so a short soak sees them full.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { serve } from "../../packages/cli/dist/index.js";
import { memoryBatchStore, memoryCache, memoryHistory } from "../../packages/engine/dist/index.js";
import { assertBenchTsconfig } from "./bench-process.js";

assertBenchTsconfig();

const sampleMs = Number(process.env.SOAK_SAMPLE_MS ?? 5000);
// SOAK_MAX_CONCURRENCY: the engine's network.maxConcurrency (default 64), to compare settings.
const maxConcurrency = process.env.SOAK_MAX_CONCURRENCY;
const storesBytes = process.env.SOAK_STORES_MB
  ? Number(process.env.SOAK_STORES_MB) * 1024 * 1024
  : undefined;
const bound = storesBytes === undefined ? {} : { maxBytes: storesBytes };
const cache = memoryCache(bound);
const history = process.env.SOAK_HISTORY === "false" ? null : memoryHistory(bound);
const batchStore = memoryBatchStore(bound);
const running = await serve({
  engine: {
    rateLimit: false,
    cache,
    history: history ? { store: history } : false,
    batch: { store: batchStore },
    ...(storesBytes === undefined ? {} : { caching: { hotBytes: storesBytes } }),
    ...(maxConcurrency
      ? {
          network: {
            resolvers: (process.env.DOMAIN_INTEL_RESOLVERS ?? "").split(","),
            allowPrivateAddresses: true,
            maxConcurrency: Number(maxConcurrency),
          },
        }
      : {}),
  },
  print: (line) => console.log(line),
});
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

// Run with `--expose-gc` (BENCH_SOAK_SERVER_FLAGS), each sample follows a full collection: the
// heap figure is then what is live, not what awaits collection (latency figures then don't count).
const collect = (globalThis as { gc?: () => void }).gc;
const timer = setInterval(() => {
  collect?.();
  const handles: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) handles[kind] = (handles[kind] ?? 0) + 1;
  const memory = process.memoryUsage();
  const stats = {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    handles,
    delayP50Ms: delay.percentile(50) / 1e6,
    delayP99Ms: delay.percentile(99) / 1e6,
    delayMaxMs: delay.max / 1e6,
    stores: {
      cacheBytes: cache.bytes,
      cacheEntries: cache.size,
      historyBytes: history?.bytes ?? 0,
      historyDomains: history?.size ?? 0,
      batchBytes: batchStore.bytes,
      batchJobs: batchStore.size,
    },
  };
  delay.reset();
  console.log(`STATS ${JSON.stringify(stats)}`);
}, sampleMs);
timer.unref();

process.once("SIGTERM", () => {
  clearInterval(timer);
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
