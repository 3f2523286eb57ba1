import { createEngine, type Engine, type Probe } from "@domain-intel/engine";
import {
  noBuiltInProbes,
  startRedisServer,
  type TestRedisServer,
  until,
} from "@domain-intel/test-kit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bullmqSweepScheduler } from "./index.js";

let redis: TestRedisServer;
const clients: Redis[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(clients.map((each) => each.quit().catch(() => each.disconnect())));
  await redis?.stop();
});

/** A section whose every run takes longer than the watch interval, noting when it ran and where. */
function slowProbe(instance: string, runs: { instance: string; start: number; end: number }[]) {
  const probe: Probe<{ ok: boolean }> = {
    async run() {
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1300));
      runs.push({ instance, start, end: Date.now() });
      return { ok: true };
    },
  };
  return probe;
}

describe("bullmqSweepScheduler", () => {
  it("runs one sweep at a time across two engines on one redis-server, and goes on when one stops", async () => {
    const runs: { instance: string; start: number; end: number }[] = [];
    const engines: Engine[] = [];
    for (const instance of ["a", "b"]) {
      const client = new Redis(redis.url);
      clients.push(client);
      engines.push(
        createEngine({
          keys: ["k"],
          probes: {
            ...noBuiltInProbes,
            slow: slowProbe(instance, runs),
          },
          watch: {
            domains: ["one.example"],
            // Shorter than a sweep: without the lock, sweeps would overlap.
            intervalMs: 1000,
            scheduler: bullmqSweepScheduler({ client, queueName: "sweep-test" }),
          },
        }),
      );
    }
    try {
      await until(() => runs.length >= 3, "three sweeps", 20_000);
      // One instance stops: the other goes on sweeping.
      await engines[0]!.close();
      const before = runs.length;
      await until(
        () => runs.slice(before).filter((run) => run.instance === "b").length >= 2,
        "sweeps by the instance left",
        20_000,
      );
    } finally {
      await Promise.all(engines.map((engine) => engine.close()));
    }
    const ordered = [...runs].sort((a, b) => a.start - b.start);
    for (let index = 1; index < ordered.length; index++) {
      expect(ordered[index]!.start).toBeGreaterThanOrEqual(ordered[index - 1]!.end);
    }
  }, 30_000);
});
