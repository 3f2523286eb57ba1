import { countingProbe, noBuiltInProbes } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import type { KeyVerifier } from "../auth/key-verifier.js";
import { createEngine } from "../engine.js";
import { silentLogger } from "../logging/logger.js";
import { memoryRateLimit } from "../ratelimit/memory-rate-limit.js";
import type { EngineResponse } from "./engine-http.js";

const json = (response: EngineResponse) => JSON.parse(Buffer.from(response.body).toString("utf8"));

const planned: KeyVerifier = {
  verify: (key) =>
    key === "free-key"
      ? { id: "free", plan: "free" }
      : key === "pro-key"
        ? { id: "pro", plan: "pro" }
        : null,
};

const limits = {
  plans: {
    free: { capacity: 3, refillPerSecond: 0.01 },
    pro: { capacity: 1000, refillPerSecond: 100 },
  },
  refresh: { capacity: 1, refillPerSecond: 0.01 },
};

function engine(options: Record<string, unknown> = {}) {
  const counting = countingProbe();
  const instance = createEngine({
    keys: planned,
    probes: { ...noBuiltInProbes, echo: counting.probe, other: countingProbe().probe },
    logger: silentLogger,
    rateLimit: limits,
    ...options,
  });
  return { engine: instance, runs: counting.runs };
}

const get = (url: string, key = "pro-key", headers: Record<string, string> = {}) => ({
  method: "GET",
  url,
  headers: { authorization: `Bearer ${key}`, ...headers },
});

describe("conditional requests", () => {
  it("answers 304 to If-None-Match with the section's ETag, and 200 to another one", async () => {
    const { engine: api } = engine();
    const first = await api.handle(get("/api/v1/echo/example.com"));
    const etag = first.headers.etag!;
    const again = await api.handle(
      get("/api/v1/echo/example.com", "pro-key", { "if-none-match": etag }),
    );
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toContain("max-age=");
    const list = await api.handle(
      get("/api/v1/echo/example.com", "pro-key", { "if-none-match": `"x", ${etag.slice(2)}` }),
    );
    expect(list.status).toBe(304);
    const other = await api.handle(
      get("/api/v1/echo/example.com", "pro-key", { "if-none-match": 'W/"echo-0"' }),
    );
    expect(other.status).toBe(200);
    expect(json(other).cache).toBe("hit");
  });

  it("gives the report a stable ETag while its sections are unchanged, and a new one after a refresh", async () => {
    const { engine: api } = engine();
    const first = await api.handle(get("/api/v1/domain/example.com"));
    const second = await api.handle(get("/api/v1/domain/example.com"));
    expect(first.headers.etag).toMatch(/^W\/"report-[0-9a-z]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(
      (
        await api.handle(
          get("/api/v1/domain/example.com", "pro-key", { "if-none-match": first.headers.etag! }),
        )
      ).status,
    ).toBe(304);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refreshed = await api.handle(get("/api/v1/domain/example.com?refresh=true"));
    expect(refreshed.headers.etag).not.toBe(first.headers.etag);
    expect(Object.keys(json(refreshed).sections)).toEqual(["echo", "other"]);
  });
});

describe("rate limits", () => {
  it("sends RateLimit headers and answers 429 with Retry-After once the key's bucket is empty", async () => {
    const { engine: api } = engine();
    const answers = [];
    for (let index = 0; index < 4; index++)
      answers.push(await api.handle(get("/api/v1/echo/example.com", "free-key")));
    expect(answers.slice(0, 3).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[0]!.headers["ratelimit-policy"]).toBe('"free";q=3;w=300');
    expect(answers[0]!.headers.ratelimit).toMatch(/^"free";r=2;t=\d+$/);
    expect(answers[2]!.headers.ratelimit).toMatch(/^"free";r=0;t=\d+$/);
    const refused = answers[3]!;
    expect(refused.status).toBe(429);
    expect(json(refused)).toMatchObject({ code: "rate_limited", status: 429 });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused.headers["ratelimit-policy"]).toBe('"free";q=3;w=300');
  });

  it("keeps buckets per key and per plan", async () => {
    const { engine: api } = engine();
    for (let index = 0; index < 3; index++)
      await api.handle(get("/api/v1/echo/example.com", "free-key"));
    expect((await api.handle(get("/api/v1/echo/example.com", "free-key"))).status).toBe(429);
    const pro = await api.handle(get("/api/v1/echo/example.com", "pro-key"));
    expect(pro.status).toBe(200);
    expect(pro.headers["ratelimit-policy"]).toBe('"pro";q=1000;w=10');
  });

  it("limits refresh=true separately, without running the probe when refused", async () => {
    const { engine: api, runs } = engine();
    expect((await api.handle(get("/api/v1/echo/example.com?refresh=true"))).status).toBe(200);
    const refused = await api.handle(get("/api/v1/echo/example.com?refresh=true"));
    expect(refused.status).toBe(429);
    expect(json(refused).detail).toContain("refresh=true");
    expect(refused.headers["ratelimit-policy"]).toContain('"refresh";q=1');
    expect(runs).toHaveLength(1);
    expect((await api.handle(get("/api/v1/echo/example.com"))).status).toBe(200);
  });

  it("lets requests through when the limiter store fails, with a promise or at once", async () => {
    for (const take of [
      () => Promise.reject(new Error("down")),
      () => {
        throw new Error("down");
      },
    ]) {
      const { engine: api } = engine({ rateLimit: { store: { take } } });
      const answer = await api.handle(get("/api/v1/echo/example.com", "free-key"));
      expect(answer.status).toBe(200);
      expect(answer.headers.ratelimit).toBeUndefined();
    }
  });

  it("counts alike whether the verifier and the store answer at once or with a promise", async () => {
    const sequence = async (api: ReturnType<typeof engine>["engine"]) => {
      const requests = [
        ...Array.from({ length: 4 }, () => get("/api/v1/echo/example.com", "free-key")),
        ...Array.from({ length: 2 }, () => get("/api/v1/echo/example.com?refresh=true")),
      ];
      const answers = [];
      for (const request of requests) answers.push(await api.handle(request));
      return answers.map((answer) => [
        answer.status,
        answer.headers["ratelimit-policy"],
        answer.headers.ratelimit?.replace(/;t=\d+$/, ""),
        json(answer).code,
      ]);
    };
    const atOnce = await sequence(engine().engine);
    const memory = memoryRateLimit();
    const waiting = await sequence(
      engine({
        keys: { verify: async (key: string) => planned.verify(key) },
        rateLimit: {
          ...limits,
          store: {
            take: async (...args: Parameters<typeof memory.take>) => memory.take(...args),
          },
        },
      }).engine,
    );
    expect(waiting).toEqual(atOnce);
    // The free plan refuses its fourth request; the refresh bucket its second refresh.
    expect(atOnce.map(([status]) => status)).toEqual([200, 200, 200, 429, 200, 429]);
    expect(atOnce[5]![1]).toBe('"refresh";q=1;w=100');
  });

  it("can be turned off", async () => {
    const { engine: api } = engine({ rateLimit: false });
    const answer = await api.handle(get("/api/v1/echo/example.com", "free-key"));
    expect(answer.headers.ratelimit).toBeUndefined();
  });

  it.each([
    [
      { rateLimit: { plans: { free: { capacity: 0, refillPerSecond: 1 } } } },
      "options.rateLimit.plans.free.capacity",
    ],
    [
      { rateLimit: { refresh: { capacity: 1, refillPerSecond: -1 } } },
      "options.rateLimit.refresh.refillPerSecond",
    ],
    [{ rateLimit: { store: {} } }, "options.rateLimit.store"],
    [{ caching: { staleGraceMs: -1 } }, "options.caching.staleGraceMs"],
  ])("validates %j", (options, name) => {
    expect(() => createEngine({ keys: ["k"], ...options } as never)).toThrow(name);
  });
});
