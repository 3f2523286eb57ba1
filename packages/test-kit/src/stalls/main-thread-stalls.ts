import { Session } from "node:inspector/promises";

/** The longest stretch the main thread ran without going idle while `run` ran. */
export interface MainThreadStalls<T> {
  readonly result: T;
  /** Its samples times the profile's median sampling interval: CPU time, about. */
  readonly longestCpuMs: number;
  /** The functions with the most samples in that stretch, as `name (file:line) ms`. */
  readonly longestMadeBy: readonly string[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/**
 * Runs `run` under V8's sampling profiler (an inspector session of this process) and finds
 * the longest run of samples in which the thread never went idle: the longest time a timer or
 * a request waited for the main thread. It counts samples, not wall time, because a sample is
 * taken only while the thread runs: on a machine with a load of 20, a thread waiting for a
 * core makes the wall-clock gap long but adds no samples, so the figure is about CPU time and
 * a bound on it holds under load.
 */
export async function measureMainThreadStalls<T>(
  run: () => Promise<T>,
  options: { intervalUs?: number } = {},
): Promise<MainThreadStalls<T>> {
  const session = new Session();
  session.connect();
  try {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: options.intervalUs ?? 500 });
    await session.post("Profiler.start");
    let result: T;
    let profile: Awaited<ReturnType<typeof stop>>;
    const stop = () => session.post("Profiler.stop").then((stopped) => stopped.profile);
    try {
      result = await run();
    } finally {
      profile = await stop();
    }
    const nodes = new Map<number, ProfileNode>(profile.nodes.map((node) => [node.id, node]));
    const deltas = (profile.timeDeltas ?? []).map((delta) => delta / 1000).sort((a, b) => a - b);
    const intervalMs = deltas[Math.floor(deltas.length / 2)] ?? 0;
    let longest: number[] = [];
    let current: number[] = [];
    for (const id of profile.samples ?? []) {
      if (nodes.get(id)?.callFrame.functionName === "(idle)") {
        if (current.length > longest.length) longest = current;
        current = [];
      } else current.push(id);
    }
    if (current.length > longest.length) longest = current;
    const counts = new Map<number, number>();
    for (const id of longest) counts.set(id, (counts.get(id) ?? 0) + 1);
    const longestMadeBy = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([id, count]) => {
        const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
        const file = url.replace(/^.*\/(packages|node_modules)\//, "");
        return `${functionName || "(anonymous)"} (${file}:${lineNumber + 1}) ${(count * intervalMs).toFixed(1)} ms`;
      });
    return { result: result!, longestCpuMs: longest.length * intervalMs, longestMadeBy };
  } finally {
    session.disconnect();
  }
}
