/**
 * The server of `bench/soak.ts`: the CLI's own `serve()` (built dist), configured by the
 * environment as `domain-intel serve` is, rate limits off (the soak measures the server, not a
 * plan). Every `SOAK_SAMPLE_MS` it prints one `STATS {json}` line: RSS, heap, external and
 * ArrayBuffer memory, open handles by kind, the event loop's delay since the last line, and what
 * each bounded store counts against its bound (entries and bytes), measured inside the process.
 * The stores are the engine's defaults, made here so they can be asked; `SOAK_SMALL_STORES=1`
 * gives them small bounds, reached inside the soak's warm-up (printed as `BOUNDS {json}`).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { serve } from "../../packages/cli/dist/index.js";
import { memoryBatchStore, memoryCache, memoryHistory } from "../../packages/engine/dist/index.js";
import { assertBenchTsconfig } from "./bench-process.js";

assertBenchTsconfig();

const sampleMs = Number(process.env.SOAK_SAMPLE_MS ?? 5000);
// SOAK_MAX_CONCURRENCY: the engine's network.maxConcurrency (default 64), to compare settings.
const maxConcurrency = process.env.SOAK_MAX_CONCURRENCY;
const mib = 1024 * 1024;
const small = process.env.SOAK_SMALL_STORES === "1";
// Small: each reached within a minute of the soak's load; default: the engine's own bounds.
const bounds = small
  ? { cacheBytes: 4 * mib, hotBytes: 1 * mib, historyBytes: 2 * mib, batchBytes: 1 * mib }
  : { cacheBytes: 64 * mib, hotBytes: 16 * mib, historyBytes: 256 * mib, batchBytes: 256 * mib };
console.log(`BOUNDS ${JSON.stringify({ small, ...bounds })}`);
const cache = memoryCache({ maxBytes: bounds.cacheBytes });
const history = memoryHistory({ maxBytes: bounds.historyBytes });
const batchStore = memoryBatchStore({ maxBytes: bounds.batchBytes });
const historyOff = process.env.SOAK_HISTORY === "false";
const running = await serve({
  engine: {
    rateLimit: false,
    cache,
    // The hot answers (section and report) are the engine's own: their bound is set, not read.
    caching: { hotBytes: bounds.hotBytes },
    batch: { store: batchStore },
    history: historyOff ? false : { store: history },
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

const timer = setInterval(() => {
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
      cache: { entries: cache.size, bytes: cache.bytes },
      history: { entries: history.size, bytes: history.bytes },
      batch: { entries: batchStore.size, bytes: batchStore.bytes },
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
