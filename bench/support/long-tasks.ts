/**
 * The long tasks of a V8 CPU profile (`node --cpu-prof`, e.g. `BENCH_SOAK_CPU_PROF` of
 * `bench/soak.ts`): every stretch of consecutive samples in which the main thread never went
 * idle, longer than `LONG_TASK_MS` (default 5), with what made it, and a summary over all
 * stretches by the function of ours (the innermost frame in `packages/`) that the samples were
 * in. A stretch's length is wall time (the sum of its samples' deltas): on a loaded machine it
 * also holds time the thread waited for a core. What a function costs is counted in samples
 * times the profile's median interval ("CPU ms"), which that waiting inflates far less. A line
 * on GC: its CPU ms and its pauses (runs of consecutive GC samples), which requests wait through.
 *   npx tsx bench/support/long-tasks.ts /tmp/soak-prof/CPU.*.cpuprofile [--top 30]
 */
import { readFileSync } from "node:fs";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const thresholdMs = Number(process.env.LONG_TASK_MS ?? 5);
const args = process.argv.slice(2);
const topIndex = args.indexOf("--top");
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 30;
const files = args.filter((arg, index) => arg !== "--top" && index !== topIndex + 1);

/** A frame's name as `function (package/file:line)`, short enough for a table. */
function frameName(frame: CallFrame): string {
  const file = frame.url.replace(/^.*\/(packages|node_modules)\//, "").replace(/^file:\/\//, "");
  return `${frame.functionName || "(anonymous)"} ${file ? `(${file}:${frame.lineNumber + 1})` : ""}`;
}

const ours = (frame: CallFrame) => /\/packages\/[^/]+\/dist\//.test(frame.url);
const idle = new Set(["(idle)"]);

function analyse(file: string): void {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  /** The stack of a sample, innermost first. */
  const stack = (id: number): ProfileNode[] => {
    const frames: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      frames.push(byId.get(at)!);
    return frames;
  };
  const innermostOurs = (id: number): string => {
    const frames = stack(id);
    const own = frames.find((node) => ours(node.callFrame));
    return own ? frameName(own.callFrame) : frameName(frames[0]!.callFrame);
  };
  /** The outermost frame of ours: the task's entry into our code. */
  const outermostOurs = (id: number): string => {
    const own = stack(id).filter((node) => ours(node.callFrame));
    return own.length ? frameName(own.at(-1)!.callFrame) : "(not our code)";
  };

  interface Stretch {
    startMs: number;
    ms: number;
    samples: number;
    self: Map<string, number>;
    entry: Map<string, number>;
    leaf: Map<string, number>;
  }
  const stretches: Stretch[] = [];
  let current: Stretch | undefined;
  let at = 0;
  let busyMs = 0;
  // Runs of consecutive "(garbage collector)" samples: each a GC pause a request waits through.
  const gcPauses: number[] = [];
  let gcRun = 0;
  // The nominal interval: a stretch is long when its samples times this reach the threshold.
  const interval = profile.timeDeltas.map((delta) => delta / 1000).sort((a, b) => a - b);
  const medianIntervalMs = interval[Math.floor(interval.length / 2)] ?? 0;
  const long = (stretch: Stretch | undefined): stretch is Stretch =>
    stretch !== undefined && stretch.samples * medianIntervalMs >= thresholdMs;
  for (let index = 0; index < profile.samples.length; index++) {
    const deltaMs = profile.timeDeltas[index]! / 1000;
    at += deltaMs;
    const node = byId.get(profile.samples[index]!)!;
    if (node.callFrame.functionName === "(garbage collector)") gcRun += 1;
    else if (gcRun > 0) {
      gcPauses.push(gcRun);
      gcRun = 0;
    }
    if (idle.has(node.callFrame.functionName)) {
      if (long(current)) stretches.push(current);
      current = undefined;
      continue;
    }
    // A sample's delta is the time since the one before: it belongs to this stretch.
    current ??= {
      startMs: at - deltaMs,
      ms: 0,
      samples: 0,
      self: new Map(),
      entry: new Map(),
      leaf: new Map(),
    };
    current.ms += deltaMs;
    current.samples += 1;
    busyMs += deltaMs;
    const name = innermostOurs(node.id);
    current.self.set(name, (current.self.get(name) ?? 0) + 1);
    const entry = outermostOurs(node.id);
    current.entry.set(entry, (current.entry.get(entry) ?? 0) + 1);
    const leaf = frameName(node.callFrame);
    current.leaf.set(leaf, (current.leaf.get(leaf) ?? 0) + 1);
  }
  if (long(current)) stretches.push(current);
  if (gcRun > 0) gcPauses.push(gcRun);

  const totalMs = at;
  const longMs = stretches.reduce((sum, stretch) => sum + stretch.ms, 0);
  const longCpuMs = stretches.reduce((sum, stretch) => sum + stretch.samples, 0) * medianIntervalMs;
  console.log(
    `${file}: ${(totalMs / 1000).toFixed(1)} s profiled, busy ${(busyMs / 1000).toFixed(1)} s; ${stretches.length} stretches >= ${thresholdMs} CPU ms (${(longMs / 1000).toFixed(1)} s wall, ${(longCpuMs / 1000).toFixed(1)} s CPU), sample interval median ${medianIntervalMs.toFixed(2)} ms`,
  );
  const sizes = stretches
    .map((stretch) => stretch.samples * medianIntervalMs)
    .sort((a, b) => a - b);
  const quantile = (q: number) =>
    sizes[Math.min(sizes.length - 1, Math.floor(q * sizes.length))] ?? 0;
  console.log(
    `  stretch CPU ms: p50 ${quantile(0.5).toFixed(1)}, p90 ${quantile(0.9).toFixed(1)}, p99 ${quantile(0.99).toFixed(1)}, max ${quantile(1).toFixed(1)}; over 20 ms: ${sizes.filter((ms) => ms > 20).length}, over 50 ms: ${sizes.filter((ms) => ms > 50).length}`,
  );

  const pauses = gcPauses.map((samples) => samples * medianIntervalMs).sort((a, b) => a - b);
  const pauseAt = (q: number) =>
    (pauses[Math.min(pauses.length - 1, Math.floor(q * pauses.length))] ?? 0).toFixed(1);
  console.log(
    `  GC: ${(pauses.reduce((sum, ms) => sum + ms, 0) / 1000).toFixed(2)} s CPU in ${pauses.length} pauses; pause CPU ms p50 ${pauseAt(0.5)}, p99 ${pauseAt(0.99)}, max ${pauseAt(1)}; over 10 ms: ${pauses.filter((ms) => ms > 10).length}`,
  );

  // Where the long stretches' time went, summed: innermost function of ours, and entry.
  const sum = (pick: (stretch: Stretch) => Map<string, number>) => {
    const totals = new Map<string, { ms: number; stretches: number; longestMs: number }>();
    for (const stretch of stretches) {
      for (const [name, samples] of pick(stretch)) {
        const ms = samples * medianIntervalMs;
        const total = totals.get(name) ?? { ms: 0, stretches: 0, longestMs: 0 };
        total.ms += ms;
        total.stretches += 1;
        total.longestMs = Math.max(total.longestMs, ms);
        totals.set(name, total);
      }
    }
    return [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, top);
  };
  const print = (title: string, rows: ReturnType<typeof sum>) => {
    console.log(
      `  ${title}\n  CPU ms in long stretches  stretches  most in one (CPU ms)  function`,
    );
    for (const [name, total] of rows) {
      console.log(
        `    ${total.ms.toFixed(0).padStart(20)}  ${String(total.stretches).padStart(9)}  ${total.longestMs.toFixed(1).padStart(20)}  ${name}`,
      );
    }
  };
  print(
    "by the innermost function of ours (self time):",
    sum((stretch) => stretch.self),
  );
  print(
    "by the entry into our code (outermost frame of ours):",
    sum((stretch) => stretch.entry),
  );
  print(
    "by the innermost frame (any code, native included):",
    sum((stretch) => stretch.leaf),
  );
  console.log("  the 15 longest stretches, with their 3 largest functions:");
  for (const stretch of [...stretches].sort((a, b) => b.ms - a.ms).slice(0, 15)) {
    const largest = [...stretch.self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, samples]) => `${(samples * medianIntervalMs).toFixed(0)} ${name}`)
      .join("; ");
    console.log(
      `    at ${(stretch.startMs / 1000).toFixed(1)} s: ${stretch.ms.toFixed(1)} ms wall, ${(stretch.samples * medianIntervalMs).toFixed(0)} CPU ms: ${largest}`,
    );
  }
}

for (const file of files) analyse(file);
