/**
 * The engine's own cost of a cache hit, in process, with no socket: `engine.handle()` for the
 * full report and for one section, against a handler that hands back a response made in
 * advance (the least any handler returning a promise can do). Not a target of issue 7: it
 * isolates the engine's share of a hit from Node's and the frameworks', and it is steady on a
 * shared VM where the HTTP benchmark is not, so a change to the hit path shows here first.
 *   pnpm bench:engine      BENCH_HITS=300000 BENCH_ROUNDS=3
 * Judging a change against another build, many short paired rounds are steadier than a few long
 * ones: BENCH_HITS=20000 BENCH_ROUNDS=61.
 * With BENCH_ENGINE_BEFORE=<another build's dist/index.js> (e.g. an older commit's engine built
 * into packages/engine/dist-before/), that engine is measured too, interleaved with this one,
 * so a change to the hit path is judged side by side in one run.
 */

import { resolve as resolvePath } from "node:path";
import { createEngine, type EngineRequest } from "../packages/engine/dist/index.js";
import { assertBenchTsconfig } from "./support/bench-process.js";
import { authorization, benchEngineOptions, reportPath } from "./support/report-fixture.js";

assertBenchTsconfig();

const hits = Number(process.env.BENCH_HITS ?? 300_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const engine = createEngine(benchEngineOptions());

// The headers a client such as autocannon sends; a new object per request, as adapters make.
const requestFor = (url: string): EngineRequest => ({
  method: "GET",
  url,
  headers: { host: "127.0.0.1", authorization, "user-agent": "bench" },
});

type Handler = (request: EngineRequest) => Promise<{ status: number }>;

/**
 * CPU time (user and system, every thread of the process) per hit, not wall time: on a shared
 * machine the time this process waits for a core is not the engine's cost.
 */
async function microsPerHit(handle: Handler, url: string): Promise<number> {
  const started = process.cpuUsage();
  for (let index = 0; index < hits; index++) {
    const response = await handle(requestFor(url));
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / hits;
}

const beforePath = process.env.BENCH_ENGINE_BEFORE;
const before = beforePath
  ? ((await import(resolvePath(beforePath))) as { createEngine: typeof createEngine }).createEngine(
      benchEngineOptions(),
    )
  : undefined;

const ready = await engine.handle(requestFor(reportPath));
const baseline: Handler = () => Promise.resolve(ready);
const paths = { report: reportPath, section: "/api/v1/dns/example.com" };
// Warm every path (and the JIT) before measuring.
for (const url of Object.values(paths)) {
  await microsPerHit(engine.handle, url);
  if (before) await microsPerHit(before.handle, url);
}
await microsPerHit(baseline, reportPath);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const measured: Record<string, number[]> = {
  baseline: [],
  report: [],
  section: [],
  ...(before ? { "report (before)": [], "section (before)": [] } : {}),
};
for (let round = 0; round < rounds; round++) {
  // Interleaved, so a slow spell of the machine falls on every path alike.
  measured.baseline!.push(await microsPerHit(baseline, reportPath));
  measured.report!.push(await microsPerHit(engine.handle, paths.report));
  measured.section!.push(await microsPerHit(engine.handle, paths.section));
  if (before) {
    measured["report (before)"]!.push(await microsPerHit(before.handle, paths.report));
    measured["section (before)"]!.push(await microsPerHit(before.handle, paths.section));
  }
}
const floor = median(measured.baseline!);
console.log(
  `${hits} hits per path, ${rounds} rounds, median CPU µs per hit; node ${process.version}`,
);
for (const [name, values] of Object.entries(measured)) {
  const value = median(values);
  const extra =
    name === "baseline"
      ? ""
      : `: ${(value / floor).toFixed(1)}x the baseline, the engine's share ${(value - floor).toFixed(2)} µs`;
  console.log(
    `${name.padEnd(16)} ${value.toFixed(2)} µs (${values.map((v) => v.toFixed(2)).join(", ")})${extra}`,
  );
}
if (before) {
  // Each round's two figures were taken seconds apart, so their ratio cancels most of the
  // machine's slow and fast spells; the median of those ratios is the judged figure.
  for (const path of ["report", "section"]) {
    const ratios = measured[path]!.map(
      (value, round) => value / measured[`${path} (before)`]![round]!,
    );
    console.log(
      `${path}: ${median(ratios).toFixed(3)}x the engine before, median of ${rounds} paired rounds (target within 1.05x)`,
    );
  }
}
