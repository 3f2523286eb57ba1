/**
 * Issue 7, target 5: 100,000 distinct cached reports. The in-memory store must stay within its
 * byte budget (it evicts the oldest); the process RSS is reported.
 *   pnpm bench:memory      BENCH_REPORTS=100000 BENCH_STORE_MB=256
 */
import { createEngine, memoryCache } from "../packages/engine/dist/index.js";
import { assertBenchTsconfig } from "./support/bench-process.js";
import { benchEngineOptions } from "./support/report-fixture.js";

assertBenchTsconfig();

const reports = Number(process.env.BENCH_REPORTS ?? 100_000);
const budget = Number(process.env.BENCH_STORE_MB ?? 256) * 1024 * 1024;
const hotBytes = 16 * 1024 * 1024;
const store = memoryCache({ maxEntries: 1_000_000, maxBytes: budget });
const options = benchEngineOptions();
// The report of issue 7 (three recorded sections, 13.5 kB): the live built-in sections added
// since would each be a probe run per name and leave the loopback.
const probes = { ...options.probes, http: false, mail: false, hosting: false } as const;
const engine = createEngine({ ...options, probes, cache: store, caching: { hotBytes } });
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const started = performance.now();
let peakStore = 0;
let peakRss = 0;
const batch = 200;
for (let index = 0; index < reports; index += batch) {
  await Promise.all(
    Array.from({ length: Math.min(batch, reports - index) }, (_, offset) =>
      engine.lookup(`site-${index + offset}.example.com`),
    ),
  );
  peakStore = Math.max(peakStore, store.bytes);
  if (index % 10_000 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
const seconds = (performance.now() - started) / 1000;
global.gc?.();
const usage = process.memoryUsage();
peakRss = Math.max(peakRss, usage.rss);
const sample = await engine.lookup("site-0.example.com");
const within = peakStore <= budget;
console.log(
  `${reports} distinct reports (about ${Buffer.byteLength(JSON.stringify(sample))} bytes each) in ${seconds.toFixed(1)} s`,
);
console.log(
  `store: ${store.size} entries, ${mb(store.bytes)} held, peak ${mb(peakStore)}, budget ${mb(budget)}; hot cache budget ${mb(hotBytes)}`,
);
console.log(
  `process: rss ${mb(usage.rss)} (peak ${mb(peakRss)}), heap used ${mb(usage.heapUsed)}, external ${mb(usage.external)}`,
);
console.log(`5: store within its byte budget: ${within ? "ok" : "NO"}`);
process.exitCode = within ? 0 : 1;
