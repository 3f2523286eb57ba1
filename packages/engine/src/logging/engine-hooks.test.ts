import {
  type CacheLookupEvent,
  createEngine,
  type EngineHooks,
  hashApiKey,
  type ProbeEvent,
  type RequestEvent,
  silentLogger,
} from "@domain-intel/engine";
import { countingProbe, engineGet, noBuiltInProbes } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";

const key = "di_hooksTestKey0000000000000000000";

function recording() {
  const requests: RequestEvent[] = [];
  const probes: ProbeEvent[] = [];
  const lookups: CacheLookupEvent[] = [];
  const overloads: string[] = [];
  const hooks: EngineHooks = {
    onRequest: (event) => requests.push(event),
    onProbe: (event) => probes.push(event),
    onCacheLookup: (event) => lookups.push(event),
    onOverload: (event) => overloads.push(event.section),
  };
  return { hooks, requests, probes, lookups, overloads };
}

function engineWith(hooks: EngineHooks | EngineHooks[], probes = {}) {
  return createEngine({
    keys: [hashApiKey(key)],
    probes: {
      ...noBuiltInProbes,
      echo: countingProbe().probe,
      ...probes,
    },
    hooks,
    logger: silentLogger,
  });
}

describe("engine hooks", () => {
  it("tell each request's route template, status, cache result and key id, never the key", async () => {
    const seen = recording();
    const engine = engineWith(seen.hooks);
    await engineGet(engine, "/api/v1/echo/Shop.Test", key);
    await engineGet(engine, "/api/v1/echo/shop.test", key);
    await engineGet(engine, "/api/v1/domain/shop.test", key);
    await engineGet(engine, "/api/v1/domain/shop.test", key);
    await engineGet(engine, "/api/v1/echo/shop.test", "di_wrongKey00000000000000000000000");
    await engineGet(engine, "/api/v1/nothing/here/at/all", key);
    expect(
      seen.requests.map(({ method, route, status, cache, keyId, domain }) => ({
        method,
        route,
        status,
        cache,
        keyId,
        domain,
      })),
    ).toEqual([
      {
        method: "GET",
        route: "/echo/{domain}",
        status: 200,
        cache: "miss",
        keyId: expect.any(String),
        domain: "shop.test",
      },
      {
        method: "GET",
        route: "/echo/{domain}",
        status: 200,
        cache: "hit",
        keyId: expect.any(String),
        domain: "shop.test",
      },
      {
        method: "GET",
        route: "/domain/{domain}",
        status: 200,
        cache: "miss",
        keyId: expect.any(String),
        domain: "shop.test",
      },
      {
        method: "GET",
        route: "/domain/{domain}",
        status: 200,
        cache: "hit",
        keyId: expect.any(String),
        domain: "shop.test",
      },
      {
        method: "GET",
        route: "/echo/{domain}",
        status: 401,
        cache: undefined,
        keyId: undefined,
        domain: undefined,
      },
      {
        method: "GET",
        route: "unmatched",
        status: 404,
        cache: undefined,
        keyId: undefined,
        domain: undefined,
      },
    ]);
    for (const event of seen.requests) expect(event.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(seen.requests)).not.toContain(key);
    expect(seen.probes).toMatchObject([{ section: "echo", domain: "shop.test", outcome: "ok" }]);
    expect(seen.lookups).toEqual([
      { section: "echo", result: "miss" },
      { section: "echo", result: "hit" },
      { section: "domain", result: "miss" },
      { section: "echo", result: "hit" },
      { section: "domain", result: "hit" },
    ]);
  });

  it("tell failed probe runs and refused ones", async () => {
    const seen = recording();
    const engine = createEngine({
      keys: [key],
      probes: {
        ...noBuiltInProbes,
        broken: countingProbe({ fail: "throw" }).probe,
        slow: countingProbe({ delayMs: 200 }).probe,
      },
      network: { maxPendingProbes: 1 },
      hooks: seen.hooks,
      logger: silentLogger,
    });
    expect((await engineGet(engine, "/api/v1/broken/shop.test", key)).status).toBe(500);
    const first = engineGet(engine, "/api/v1/slow/one.test", key);
    expect((await engineGet(engine, "/api/v1/slow/two.test", key)).status).toBe(503);
    await first;
    expect(seen.probes.map(({ section, outcome }) => `${section} ${outcome}`)).toEqual([
      "broken internal",
      "slow ok",
    ]);
    expect(seen.overloads).toEqual(["slow"]);
    expect(seen.requests.map((event) => event.status)).toEqual([500, 503, 200]);
  });

  it("keep answering when a hook throws, and combine several observers", async () => {
    const seen = recording();
    const errors: string[] = [];
    const engine = createEngine({
      keys: [key],
      probes: {
        ...noBuiltInProbes,
        echo: countingProbe().probe,
      },
      hooks: [
        {
          onRequest: () => {
            throw new Error("observer bug");
          },
        },
        seen.hooks,
      ],
      logger: { warn: () => undefined, error: (message) => errors.push(message) },
    });
    expect((await engineGet(engine, "/api/v1/echo/shop.test", key)).status).toBe(200);
    expect(seen.requests).toHaveLength(1);
    expect(errors).toEqual(["hooks.onRequest threw"]);
  });

  it("run each request inside every aroundRequest, the first outermost, once even when one throws", async () => {
    const calls: string[] = [];
    const errors: string[] = [];
    const echo = countingProbe();
    const engine = createEngine({
      keys: [key],
      probes: { ...noBuiltInProbes, echo: echo.probe },
      hooks: [
        {
          aroundRequest(handle) {
            calls.push("outer in");
            const answer = handle();
            calls.push("outer out");
            return answer;
          },
        },
        {
          aroundRequest(handle) {
            calls.push("inner in");
            handle();
            throw new Error("observer bug");
          },
        },
        { onRequest: (event) => calls.push(`answered ${event.status}`) },
      ],
      logger: { warn: () => undefined, error: (message) => errors.push(message) },
    });
    expect((await engineGet(engine, "/api/v1/echo/shop.test", key)).status).toBe(200);
    expect(calls).toEqual(["outer in", "inner in", "outer out", "answered 200"]);
    expect(echo.runs).toEqual(["shop.test"]);
    expect(errors).toEqual(["hooks.aroundRequest threw"]);
  });

  it("are checked when the engine is created", () => {
    expect(() => createEngine({ keys: [key], hooks: { onRequest: 1 } as never })).toThrow(
      /hooks\.onRequest/,
    );
    expect(() => createEngine({ keys: [key], hooks: { aroundRequest: 1 } as never })).toThrow(
      /hooks\.aroundRequest/,
    );
    expect(() => createEngine({ keys: [key], hooks: [null] as never })).toThrow(/hooks/);
  });
});
