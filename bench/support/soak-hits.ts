/**
 * The cache hits of `bench/soak.ts`, from a process of their own so the peers' work in the
 * driver does not delay the clock: `SOAK_HITS_PER_SECOND` GETs of cached sections, one after
 * another on a kept-alive connection, each timed. Prints `HITS {json}` every
 * `SOAK_REPORT_MS` (count, p50, p99, max, errors of the interval) and, on SIGTERM, `HITS_ALL`
 * for the whole run and for the hits after the first `SOAK_WARM_UP_MS` (the steady state: the
 * server's threads, JIT and stores warmed up, as the RSS slope is read).
 */
import http from "node:http";
import { assertBenchTsconfig } from "./bench-process.js";

assertBenchTsconfig();

const base = process.env.SOAK_URL!;
const key = process.env.SOAK_KEY!;
const paths = process.env.SOAK_PATHS!.split(",");
const perSecond = Number(process.env.SOAK_HITS_PER_SECOND ?? 100);
const reportMs = Number(process.env.SOAK_REPORT_MS ?? 60_000);
const warmUpMs = Number(process.env.SOAK_WARM_UP_MS ?? 0);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET on the kept-alive connection: its status once the body is read. */
const get = (path: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent, headers: { authorization: `Bearer ${key}` } }, (response) => {
        response.resume();
        response.once("end", () => resolve(response.statusCode ?? 0));
      })
      .once("error", reject);
  });

const all: number[] = [];
const afterWarmUp: number[] = [];
let interval: number[] = [];
let errors = 0;
const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (samples: readonly number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? 0,
  };
};

let stopped = false;
async function hit(index: number): Promise<void> {
  const started = performance.now();
  try {
    if ((await get(paths[index % paths.length]!)) !== 200) errors += 1;
  } catch {
    errors += 1;
  }
  const ms = performance.now() - started;
  all.push(ms);
  if (started - began >= warmUpMs) afterWarmUp.push(ms);
  interval.push(ms);
}

const report = setInterval(() => {
  console.log(`HITS ${JSON.stringify({ ...summary(interval), errors })}`);
  interval = [];
  errors = 0;
}, reportMs);

process.once("SIGTERM", () => {
  stopped = true;
  clearInterval(report);
  process.stdout.write(
    `HITS_ALL ${JSON.stringify({ ...summary(all), afterWarmUp: summary(afterWarmUp) })}\n`,
    () => process.exit(0),
  );
});

// Paced: the i-th request starts at i / perSecond seconds, or as soon as the one before ends.
const began = performance.now();
for (let index = 0; !stopped; index++) {
  const due = began + (index * 1000) / perSecond - performance.now();
  if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
  await hit(index);
}
