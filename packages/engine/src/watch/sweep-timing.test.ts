import { silentLogger } from "@domain-intel/engine";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memorySweepScheduler } from "./memory-sweep-scheduler.js";
import { runSweep } from "./run-sweep.js";

// A fake clock: what is measured here is when things start, not how long the network takes.
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("watch timing on a fake clock", () => {
  it("spreads a sweep's domains over the interval", async () => {
    const starts: [string, number][] = [];
    const sweep = runSweep({
      domains: ["a.test", "b.test", "c.test", "d.test"],
      sections: ["dns"],
      refresh: async (domain) => {
        starts.push([domain, Date.now()]);
        return { status: "ok" };
      },
      logger: silentLogger,
      sweep: { spreadMs: 60_000 },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await sweep).toMatchObject({ domains: 4, checked: 4, failed: 0 });
    expect(starts).toEqual([
      ["a.test", 0],
      ["b.test", 15_000],
      ["c.test", 30_000],
      ["d.test", 45_000],
    ]);
  });

  it("runs one sweep at a time: the next waits for a slow one, then keeps the interval", async () => {
    const scheduler = memorySweepScheduler();
    const runs: [number, number][] = [];
    const durations = [2500, 200, 200];
    scheduler.start({
      intervalMs: 1000,
      sweep: async () => {
        const began = Date.now();
        await new Promise((resolve) => setTimeout(resolve, durations.shift() ?? 100));
        runs.push([began, Date.now()]);
      },
    });
    await vi.advanceTimersByTimeAsync(4700);
    await scheduler.stop();
    // The slow sweep's successor starts as it ends (a 0 ms timer fires 1 ms later), never during it.
    expect(runs).toEqual([
      [0, 2500],
      [2501, 2701],
      [3501, 3701],
      [4501, 4601],
    ]);
    // Stopped: no sweep starts any more.
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(4);
  });

  it("aborts a spread sweep in progress when stopped", async () => {
    const scheduler = memorySweepScheduler();
    const started: string[] = [];
    let summary: Awaited<ReturnType<typeof runSweep>> | undefined;
    scheduler.start({
      intervalMs: 10_000,
      sweep: async (signal) => {
        summary = await runSweep({
          domains: ["a.test", "b.test"],
          sections: ["dns"],
          refresh: async (domain) => {
            started.push(domain);
            return { status: "ok" };
          },
          logger: silentLogger,
          sweep: { spreadMs: 10_000, signal },
        });
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    await scheduler.stop();
    expect(started).toEqual(["a.test"]);
    expect(summary).toMatchObject({ domains: 2, checked: 1, failed: 1 });
  });
});
