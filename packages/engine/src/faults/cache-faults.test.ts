import {
  activeResources,
  countingProbe,
  engineGet,
  leakedResources,
  noBuiltInProbes,
} from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import type { CacheStore } from "../cache/cache-store.js";
import { createEngine } from "../engine.js";
import type { Logger } from "../logging/logger.js";

/**
 * A cache store that throws, rejects or never answers costs a cache miss, never an answer:
 * every request is served from the probe within the store's time limit, the trouble is
 * logged, and no timer is left behind.
 */

const key = "cache-faults-key-0123456789";
const storeTimeoutMs = 100;

const throwing: CacheStore = {
  get: () => {
    throw new Error("store down: ECONNREFUSED 10.0.0.5:6379");
  },
  set: () => {
    throw new Error("store down");
  },
  delete: () => {
    throw new Error("store down");
  },
  lock: () => {
    throw new Error("store down");
  },
  unlock: () => {
    throw new Error("store down");
  },
};

const rejecting: CacheStore = {
  get: () => Promise.reject(new Error("store down")),
  set: () => Promise.reject(new Error("store down")),
  delete: () => Promise.reject(new Error("store down")),
  lock: () => Promise.reject(new Error("store down")),
  unlock: () => Promise.reject(new Error("store down")),
};

const hanging: CacheStore = {
  get: () => new Promise(() => {}),
  set: () => new Promise(() => {}),
  delete: () => new Promise(() => {}),
  lock: () => new Promise(() => {}),
  unlock: () => new Promise(() => {}),
};

function engineWith(cache: CacheStore) {
  const warnings: string[] = [];
  const logger: Logger = {
    warn: (message) => warnings.push(message),
    error: (message) => warnings.push(`error: ${message}`),
  };
  const counting = countingProbe();
  const engine = createEngine({
    keys: [key],
    cache,
    caching: { storeTimeoutMs },
    probes: {
      ...noBuiltInProbes,
      echo: counting.probe,
    },
    rateLimit: false,
    logger,
  });
  return { engine, warnings, runs: counting.runs };
}

describe("cache store faults", () => {
  it.each([
    ["throws", throwing],
    ["rejects", rejecting],
    ["never answers", hanging],
  ])("answers from the probe when the store %s, in bounded time", async (_fault, store) => {
    const before = await activeResources();
    const { engine, warnings, runs } = engineWith(store);

    const section = await engineGet(engine, "/api/v1/echo/example.com", key);
    const report = await engineGet(engine, "/api/v1/domain/example.org", key);

    expect(section.status).toBe(200);
    expect(section.body).toMatchObject({
      status: "ok",
      cache: "miss",
      data: { echo: "example.com" },
    });
    expect(report.status).toBe(200);
    expect(report.body.sections.echo).toMatchObject({
      status: "ok",
      data: { echo: "example.org" },
    });
    // One store wait per operation (lock, read, write, unlock), each cut at the time limit.
    expect(section.elapsedMs).toBeLessThan(8 * storeTimeoutMs + 1000);
    expect(runs).toEqual(["example.com", "example.org"]);
    expect(warnings.length).toBeGreaterThan(0);
    expect(
      warnings.every((warning) => /^cache \w+ failed; answering without the cache$/.test(warning)),
    ).toBe(true);
    // The answers are kept in process: the next request is a hit without the store.
    const again = await engineGet(engine, "/api/v1/echo/example.com", key);
    expect(again.body.cache).toBe("hit");
    expect(runs).toHaveLength(2);
    expect(await leakedResources(before)).toEqual({});
  });

  it("uses the store again once it recovers", async () => {
    let broken = true;
    const kept = new Map<string, string>();
    const flaky: CacheStore = {
      get: (name) => {
        if (broken) throw new Error("store down");
        return kept.get(name);
      },
      set: (name, value) => {
        if (broken) throw new Error("store down");
        kept.set(name, value);
      },
      delete: (name) => void kept.delete(name),
    };
    // No in-process copies: every answer goes through the store.
    const counting = countingProbe();
    const engine = createEngine({
      keys: [key],
      cache: flaky,
      caching: { storeTimeoutMs, hotBytes: 0 },
      probes: {
        ...noBuiltInProbes,
        echo: counting.probe,
      },
      rateLimit: false,
      logger: { warn: () => undefined, error: () => undefined },
    });

    expect((await engineGet(engine, "/api/v1/echo/example.com", key)).body.cache).toBe("miss");
    expect(kept.size).toBe(0);
    broken = false;
    expect((await engineGet(engine, "/api/v1/echo/example.com", key)).body.cache).toBe("miss");
    expect(kept.size).toBe(1);
    expect((await engineGet(engine, "/api/v1/echo/example.com", key)).body.cache).toBe("hit");
    expect(counting.runs).toHaveLength(2);
  });
});
