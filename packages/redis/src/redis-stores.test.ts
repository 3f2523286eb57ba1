import { createEngine, type EngineResponse, type Logger, memoryCache } from "@domain-intel/engine";
import {
  countingProbe,
  noBuiltInProbes,
  type RedisClients,
  redisClients,
  startRedisServer,
  type TestRedisServer,
} from "@domain-intel/test-kit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { redisCache, redisKeys, redisRateLimit } from "./index.js";

let redis: TestRedisServer;
let clients: RedisClients;
const client = () => clients.client();

beforeAll(async () => {
  redis = await startRedisServer();
  clients = redisClients(redis);
});
afterEach(async () => {
  await clients.closeAll();
});
afterAll(() => redis?.stop());

const json = (response: EngineResponse) => JSON.parse(Buffer.from(response.body).toString("utf8"));
const get = (url: string) => ({
  method: "GET",
  url,
  headers: { authorization: "Bearer shared-key-0123456789" },
});

describe("redisCache", () => {
  it("stores, expires and deletes values", async () => {
    const redisClient = await client();
    const cache = redisCache({ client: redisClient, prefix: "t1:" });
    await cache.set("a", "value-a", 60_000);
    await cache.set("b", "value-b", 50);
    expect(await cache.get("a")).toBe("value-a");
    expect(await redisClient.pttl("t1:a")).toBeGreaterThan(59_000);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await cache.get("b")).toBeUndefined();
    await cache.delete("a");
    expect(await cache.get("a")).toBeUndefined();
  });

  it("grants a lock to one holder at a time and never releases another's", async () => {
    const first = redisCache({ client: await client(), prefix: "t2:" });
    const second = redisCache({ client: await client(), prefix: "t2:" });
    expect(await first.lock!("k", 60_000)).toBe(true);
    expect(await second.lock!("k", 60_000)).toBe(false);
    await second.unlock!("k");
    expect(await second.lock!("k", 60_000)).toBe(false);
    await first.unlock!("k");
    expect(await second.lock!("k", 60_000)).toBe(true);
  });

  it("lets two engine instances share results: one probe for both", async () => {
    const counting = countingProbe({ delayMs: 150 });
    const make = async () =>
      createEngine({
        keys: ["shared-key-0123456789"],
        cache: redisCache({ client: await client(), prefix: "t3:" }),
        probes: {
          ...noBuiltInProbes,
          echo: counting.probe,
        },
      });
    const [one, two] = [await make(), await make()];
    const answers = await Promise.all([
      one.handle(get("/api/v1/echo/example.com")),
      two.handle(get("/api/v1/echo/example.com")),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(counting.runs).toHaveLength(1);
    const later = json(await two.handle(get("/api/v1/echo/example.com")));
    expect(later.cache).toBe("hit");
    expect(later.data.run).toBe(1);
  });

  it("keeps answering from probes when Redis dies mid-run, and says so in the logs", async () => {
    const warnings: string[] = [];
    const logger: Logger = { warn: (message) => warnings.push(message), error: () => undefined };
    const counting = countingProbe();
    const engine = createEngine({
      keys: ["shared-key-0123456789"],
      cache: redisCache({ client: await client(), prefix: "t4:" }),
      probes: {
        ...noBuiltInProbes,
        echo: counting.probe,
      },
      logger,
    });
    expect((await engine.handle(get("/api/v1/echo/before.example"))).status).toBe(200);
    await redis.kill();
    try {
      const started = Date.now();
      const during = await engine.handle(get("/api/v1/echo/during.example"));
      expect(during.status).toBe(200);
      expect(json(during).cache).toBe("miss");
      expect(Date.now() - started).toBeLessThan(3000);
      expect(warnings.some((message) => message.includes("cache"))).toBe(true);
    } finally {
      await redis.restart();
    }
  });
});

describe("a slow Redis", () => {
  it("costs at most the store time limit, not an error", async () => {
    const counting = countingProbe();
    const engine = createEngine({
      keys: ["shared-key-0123456789"],
      cache: redisCache({ client: await client(), prefix: "t8:" }),
      caching: { storeTimeoutMs: 200 },
      probes: {
        ...noBuiltInProbes,
        echo: counting.probe,
      },
      logger: { warn: () => undefined, error: () => undefined },
    });
    const blocker = await client();
    // DEBUG SLEEP blocks the whole server, as an overloaded Redis would.
    const sleeping = blocker.call("DEBUG", "SLEEP", "1.5");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const answer = await engine.handle(get("/api/v1/echo/slow.example"));
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1200);
    await sleeping;
  });
});

describe("redisRateLimit", () => {
  it("shares one bucket between instances", async () => {
    const plan = { capacity: 3, refillPerSecond: 0.01 };
    const first = redisRateLimit({ client: await client(), prefix: "t5:" });
    const second = redisRateLimit({ client: await client(), prefix: "t5:" });
    const decisions = [
      await first.take("k", plan, 1),
      await second.take("k", plan, 1),
      await first.take("k", plan, 1),
      await second.take("k", plan, 1),
    ];
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((decision) => decision.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions[3]!.retryAfterMs).toBeGreaterThan(90_000);
  });

  it("refills over time", async () => {
    const store = redisRateLimit({ client: await client(), prefix: "t6:" });
    const plan = { capacity: 1, refillPerSecond: 20 };
    expect((await store.take("k", plan, 1)).allowed).toBe(true);
    expect((await store.take("k", plan, 1)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await store.take("k", plan, 1)).allowed).toBe(true);
  });
});

describe("redisKeys", () => {
  it("verifies stored keys by digest, honours revocation and expiry on every instance", async () => {
    const adminClient = await client();
    const admin = redisKeys({ client: adminClient, prefix: "t7:" });
    const reader = redisKeys({ client: await client(), prefix: "t7:" });
    await admin.add({ key: "di_live_key_0123456789", id: "k1", plan: "pro" });
    await admin.add({
      key: "di_expired_key_012345",
      id: "k2",
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(await reader.verify("di_live_key_0123456789")).toEqual({ id: "k1", plan: "pro" });
    expect(await reader.verify("di_expired_key_012345")).toBeNull();
    expect(await reader.verify("di_unknown_key_0123456")).toBeNull();
    const stored = await adminClient.keys("t7:*");
    expect(stored.join(" ")).not.toContain("di_live_key");
    expect(await admin.revoke({ id: "k1" })).toMatchObject({ id: "k1", revoked: true });
    expect(await reader.verify("di_live_key_0123456789")).toBeNull();
    expect(await admin.revoke({ id: "nope" })).toBeUndefined();
  });

  it("refuses bad options by name", async () => {
    const connected = await client();
    expect(() => redisKeys({ client: {} as never })).toThrow("redisKeys: options.client");
    expect(() => redisCache({ client: memoryCache() as never })).toThrow(
      "redisCache: options.client",
    );
    expect(() => redisRateLimit({ client: connected, prefix: "" })).toThrow(
      "redisRateLimit: options.prefix",
    );
  });
});
