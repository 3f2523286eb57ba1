import { type BatchWork, createEngine, type Engine, silentLogger } from "@domain-intel/engine";
import {
  batchResults,
  countingProbe,
  getBatch,
  noBuiltInProbes,
  postBatch,
  startRedisServer,
  type TestRedisServer,
  untilBatch,
} from "@domain-intel/test-kit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bullmqWorkQueue, redisBatchStore } from "./index.js";

const key = "redis-batch-key-0001";

let redis: TestRedisServer;
const clients: Redis[] = [];
const engines: Engine[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
  await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
  await redis?.stop();
});

function instance(prefix: string, probe: ReturnType<typeof countingProbe>["probe"]) {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  client.on("error", () => undefined);
  clients.push(client);
  const store = redisBatchStore({ client, prefix: `${prefix}:` });
  const engine = createEngine({
    keys: [key],
    logger: silentLogger,
    probes: { ...noBuiltInProbes, echo: probe },
    batch: {
      store,
      concurrency: 2,
      queue: bullmqWorkQueue<BatchWork>({ connection: redis.url, prefix, lockDurationMs: 500 }),
    },
  });
  engines.push(engine);
  return { engine, store };
}

describe("batch jobs on Redis and BullMQ", () => {
  it("answers for a job from another instance, which takes it over once the first stops", async () => {
    const onFirst = countingProbe({ delayMs: 40 });
    const onSecond = countingProbe({ delayMs: 5 });
    const first = instance("takeover", onFirst.probe);
    const names = Array.from({ length: 40 }, (_, index) => `fleet-${index}.example.test`);
    const posted = await postBatch(first.engine, key, { domains: names, sections: ["echo"] });
    expect(posted.status).toBe(202);
    await untilBatch(first.store, posted.body.id, (job) => job.done >= 6);

    // A second instance on the same Redis answers for the job while the first works it.
    const second = instance("takeover", onSecond.probe);
    const status = await getBatch(second.engine, posted.body.id, key);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ id: posted.body.id, status: "running", total: 40 });
    expect(onSecond.runs).toEqual([]);

    await first.engine.close();
    const stoppedAt = new Set(onFirst.runs);
    const done = await untilBatch(
      second.store,
      posted.body.id,
      (job) => job.status === "done",
      20_000,
    );
    expect(done).toMatchObject({ done: 40, failed: 0 });
    // The second instance resumed: it probed what the first had not, each result once.
    expect(onSecond.runs.length).toBeGreaterThan(0);
    expect(onSecond.runs.length).toBeLessThanOrEqual(40 - stoppedAt.size + 2);
    const lines = await batchResults(second.engine, posted.body.id, key);
    expect(lines.map((line) => line.domain).sort()).toEqual([...names].sort());
  }, 30_000);

  it("keeps a cancel made on one instance for the instance working the job", async () => {
    const slow = countingProbe({ delayMs: 40 });
    const worker = instance("cancel", slow.probe);
    const other = instance("cancel", countingProbe().probe);
    const names = Array.from({ length: 30 }, (_, index) => `stop-${index}.example.test`);
    const posted = await postBatch(worker.engine, key, { domains: names, sections: ["echo"] });
    await untilBatch(worker.store, posted.body.id, (job) => job.done >= 2);
    const cancelled = await other.engine.handle({
      method: "DELETE",
      url: `/api/v1/batch/${posted.body.id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(cancelled.status).toBe(200);
    const runs = slow.runs.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(slow.runs.length).toBeLessThanOrEqual(runs + 2);
    expect((await worker.store.get(posted.body.id))?.status).toBe("cancelled");
  }, 20_000);
});
