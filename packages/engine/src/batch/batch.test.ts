import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  batchResults,
  countingProbe,
  engineGet,
  postBatch,
  startDnsServer,
  type TestDnsServer,
  untilBatch,
  zoneHandler,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine, type Engine } from "../engine.js";
import type { EngineOptions } from "../engine-options.js";
import { memoryBatchStore } from "../jobs/memory-batch-store.js";
import { silentLogger } from "../logging/logger.js";
import { createNodeHandler } from "../node/node-http.js";

const key = "batch-key-0001";
const otherKey = "batch-key-0002";
const noBuiltIns = { whois: false, ssl: false, http: false, mail: false, hosting: false } as const;
const fleet = Array.from({ length: 500 }, (_, index) => `host-${index}.fleet.test`);

describe("batch jobs", () => {
  let dns: TestDnsServer;
  const engines: Engine[] = [];
  const make = (options: Partial<EngineOptions>) => {
    const engine = createEngine({ keys: [key, otherKey], logger: silentLogger, ...options });
    engines.push(engine);
    return engine;
  };

  beforeAll(async () => {
    dns = await startDnsServer(
      zoneHandler(
        Object.fromEntries(
          fleet.map((name, index) => [
            name,
            [{ type: "A", name, ttl: 300, data: `127.0.${index >> 8}.${index & 255}` }],
          ]),
        ),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(engines.map((engine) => engine.close()));
    await dns.close();
  });

  it("probes 500 names once each through the DNS section; a duplicate once, invalid names listed", async () => {
    const store = memoryBatchStore();
    const engine = make({
      network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 5000 },
      probes: noBuiltIns,
      batch: { store, concurrency: 32 },
      rateLimit: { plans: { default: { capacity: 10_000, refillPerSecond: 1_000 } } },
    });
    const domains = [...fleet.slice(0, 250), "HOST-7.Fleet.test.", ...fleet.slice(250)];
    domains.push("127.0.0.1", "not a name", "test", 42 as unknown as string);
    const posted = await postBatch(engine, key, { domains, sections: ["dns"] });
    expect(posted.status).toBe(202);
    expect(posted.body).toMatchObject({ total: 500, done: 0, failed: 0, sections: ["dns"] });
    expect(posted.body.invalid.map((entry: { domain: string }) => entry.domain)).toEqual([
      "127.0.0.1",
      "not a name",
      "test",
      "42",
    ]);
    for (const entry of posted.body.invalid) expect(entry.reason).not.toBe("");
    const job = await untilBatch(store, posted.body.id, (found) => found.status === "done", 60_000);
    expect(job).toMatchObject({ done: 500, failed: 0 });
    const lines = await batchResults(engine, posted.body.id, key);
    expect(lines).toHaveLength(500);
    expect(new Set(lines.map((line) => line.domain))).toEqual(new Set(fleet));
    const seven = lines.find((line) => line.domain === "host-7.fleet.test");
    expect(seven.sections.dns).toMatchObject({ section: "dns", status: "ok" });
    expect(seven.sections.dns.data.records.A).toEqual([{ address: "127.0.0.7", ttl: 300 }]);
    // The batch filled the same cache as the GET routes.
    const get = await engineGet(engine, "/api/v1/dns/host-7.fleet.test", key);
    expect(get.body.cache).toBe("hit");
  }, 90_000);

  it("cancels a running job: no domain is probed after the cancel", async () => {
    const store = memoryBatchStore();
    const echo = countingProbe({ delayMs: 40 });
    const engine = make({
      probes: { ...noBuiltIns, dns: false, echo: echo.probe },
      batch: { store, concurrency: 2 },
    });
    const names = Array.from({ length: 40 }, (_, index) => `cancel-${index}.example.test`);
    const posted = await postBatch(engine, key, { domains: names, sections: ["echo"] });
    await untilBatch(store, posted.body.id, (job) => job.done >= 2);
    const cancelled = await engine.handle({
      method: "DELETE",
      url: `/api/v1/batch/${posted.body.id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(cancelled.status).toBe(200);
    expect(JSON.parse(Buffer.from(cancelled.body).toString()).status).toBe("cancelled");
    const runsAtCancel = echo.runs.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // At most the runs already under way when the cancel came.
    expect(echo.runs.length).toBeLessThanOrEqual(runsAtCancel + 2);
    expect(echo.runs.length).toBeLessThan(10);
    const job = await store.get(posted.body.id);
    expect(job?.status).toBe("cancelled");
    expect((await batchResults(engine, posted.body.id, key)).length).toBe(job?.done);
  });

  it("creates nothing for a body that is too large, malformed or lists too many names", async () => {
    const store = memoryBatchStore();
    const created: string[] = [];
    const engine = make({
      probes: { ...noBuiltIns, dns: false, echo: countingProbe().probe },
      batch: {
        store: {
          ...store,
          create(spec) {
            created.push(spec.id);
            return store.create(spec);
          },
        },
        maxDomains: 10,
      },
    });
    const bodies = [
      '{"domains": ["a.example.test",',
      JSON.stringify({ domains: ["a.example.test"], padding: "x".repeat(300_000) }),
      JSON.stringify({ domains: Array.from({ length: 11 }, (_, i) => `n${i}.example.test`) }),
      JSON.stringify({ domains: [] }),
      JSON.stringify(["a.example.test"]),
    ];
    for (const body of bodies) {
      const answer = await postBatch(engine, key, body);
      expect(answer.status, body.slice(0, 40)).toBe(400);
      expect(answer.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
      expect(answer.body.code).toBe("bad_request");
    }
    expect(created).toEqual([]);
    expect((await postBatch(engine, key, { domains: ["a.example.test"] })).status).toBe(202);
    expect(created).toHaveLength(1);
  });

  it("answers 503 and ends the job when the queue refuses it: nothing stays queued", async () => {
    const store = memoryBatchStore();
    const echo = countingProbe();
    const engine = make({
      probes: { ...noBuiltIns, dns: false, echo: echo.probe },
      batch: {
        store,
        queue: {
          add: () => Promise.reject(new Error("queue connection lost")),
          work: () => ({ idle: () => Promise.resolve(), stop: () => Promise.resolve() }),
          close: () => Promise.resolve(),
        },
      },
    });
    let createdId: string | undefined;
    const create = store.create.bind(store);
    store.create = (spec) => {
      createdId = spec.id;
      return create(spec);
    };

    const answer = await postBatch(engine, key, {
      domains: ["a.example.test"],
      sections: ["echo"],
    });

    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe("overloaded");
    expect(answer.body.detail).toContain("queue connection lost");
    expect(createdId).toBeDefined();
    expect((await store.get(createdId!))?.status).toBe("cancelled");
    expect(echo.runs).toEqual([]);
  });

  it("shows a job only to the key that made it", async () => {
    const echo = countingProbe();
    const engine = make({ probes: { ...noBuiltIns, dns: false, echo: echo.probe } });
    const posted = await postBatch(engine, key, {
      domains: ["a.example.test"],
      sections: ["echo"],
    });
    for (const path of ["", "/results"]) {
      const other = await engineGet(engine, `/api/v1/batch/${posted.body.id}${path}`, otherKey);
      expect(other.status).toBe(404);
      expect(other.body.code).toBe("not_found");
    }
    expect((await engineGet(engine, `/api/v1/batch/${posted.body.id}`, key)).status).toBe(200);
  });

  it("never lets a key probe more through a batch than its rate limit allows through GETs", async () => {
    const plan = { capacity: 5, refillPerSecond: 0.001 };
    const store = memoryBatchStore();
    const viaBatch = countingProbe();
    const batchEngine = make({
      probes: { ...noBuiltIns, dns: false, echo: viaBatch.probe },
      batch: { store },
      rateLimit: { plans: { default: plan } },
    });
    const names = Array.from({ length: 20 }, (_, index) => `limited-${index}.example.test`);
    const posted = await postBatch(batchEngine, key, { domains: names, sections: ["echo"] });
    expect(posted.status).toBe(202);
    // The POST took one token; the work takes the other four, then waits for the bucket.
    await untilBatch(store, posted.body.id, (job) => job.done === 4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(viaBatch.runs).toHaveLength(4);
    expect((await store.get(posted.body.id))?.status).toBe("running");
    expect((await engineGet(batchEngine, "/api/v1/echo/x.example.test", key)).status).toBe(429);

    // The same plan through GETs alone: five probes, then 429.
    const viaGets = countingProbe();
    const getEngine = make({
      probes: { ...noBuiltIns, dns: false, echo: viaGets.probe },
      rateLimit: { plans: { default: plan } },
    });
    const statuses: number[] = [];
    for (const name of names.slice(0, 6))
      statuses.push((await engineGet(getEngine, `/api/v1/echo/${name}`, key)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(viaBatch.runs.length).toBeLessThanOrEqual(viaGets.runs.length);
  });

  it("streams the results over HTTP while the job runs", async () => {
    const store = memoryBatchStore();
    const echo = countingProbe({ delayMs: 60 });
    const engine = make({
      probes: { ...noBuiltIns, dns: false, echo: echo.probe },
      batch: { store, concurrency: 1 },
    });
    const server = createServer(createNodeHandler(engine));
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const names = Array.from({ length: 6 }, (_, index) => `stream-${index}.example.test`);
      const posted = await postBatch(engine, key, { domains: names, sections: ["echo"] });
      const { port } = server.address() as AddressInfo;
      const response = await fetch(
        `http://127.0.0.1:${port}/api/v1/batch/${posted.body.id}/results`,
        {
          headers: { authorization: `Bearer ${key}` },
        },
      );
      expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
      const reader = response.body!.getReader();
      const first = await reader.read();
      // A line arrived while the job still had domains to do.
      expect(Buffer.from(first.value!).toString()).toMatch(/^\{"domain":"stream-/);
      expect((await store.get(posted.body.id))?.status).toBe("running");
      let text = Buffer.from(first.value!).toString();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        text += Buffer.from(chunk.value).toString();
      expect(text.trimEnd().split("\n")).toHaveLength(6);
      expect((await store.get(posted.body.id))?.status).toBe("done");
    } finally {
      server.close();
    }
  });
});
