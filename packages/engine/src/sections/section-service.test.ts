import { countingProbe } from "@domain-intel/test-kit";
import pLimit from "p-limit";
import { describe, expect, it } from "vitest";
import type { CacheStore } from "../cache/cache-store.js";
import { memoryCache } from "../cache/memory-cache.js";
import type { Probe } from "../contract/probe.js";
import { silentLogger } from "../logging/logger.js";
import {
  createSectionService,
  type SectionServiceOptions,
  sectionCacheKey,
} from "./section-service.js";

const limit = pLimit(8);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function service(probe: Probe, overrides: Partial<SectionServiceOptions> = {}) {
  return createSectionService({
    probes: new Map([["echo", probe]]),
    cache: memoryCache(),
    network: { resolvers: [], allowPrivateAddresses: false, timeoutMs: 500 },
    limit: (operation) => limit(operation),
    logger: silentLogger,
    policy: { staleGraceMs: 60_000, errorTtlMs: 1_000, storeTimeoutMs: 100, hotBytes: 1_000_000 },
    defaultTtlMs: () => 60_000,
    ...overrides,
  });
}

describe("section service", () => {
  it("answers a hit kept in process at once, and waits only for a miss or a refresh", async () => {
    const counting = countingProbe();
    const sections = service(counting.probe);
    const miss = sections.get("echo", "example.com");
    expect(miss).toBeInstanceOf(Promise);
    expect((await miss).cache).toBe("miss");
    const hit = sections.get("echo", "example.com");
    expect(hit).not.toBeInstanceOf(Promise);
    expect(hit).toMatchObject({ section: "echo", cache: "hit", ok: true });
    const refreshed = sections.get("echo", "example.com", { refresh: true });
    expect(refreshed).toBeInstanceOf(Promise);
    expect((await refreshed).cache).toBe("miss");
    expect(counting.runs).toHaveLength(2);
  });

  it("serves an expired entry as stale within the grace window and refreshes it once in the background", async () => {
    let ttl = 30;
    const counting = countingProbe();
    const probe: Probe = { ...counting.probe, ttlMs: () => ttl };
    const sections = service(probe);
    expect((await sections.get("echo", "example.com")).cache).toBe("miss");
    await sleep(60);
    ttl = 60_000;
    const stale = await Promise.all([1, 2, 3].map(() => sections.get("echo", "example.com")));
    expect(stale.map((answer) => answer.cache)).toEqual(["stale", "stale", "stale"]);
    expect(JSON.parse(stale[0]!.body.toString()).data.run).toBe(1);
    await sleep(50);
    const refreshed = await sections.get("echo", "example.com");
    expect(refreshed.cache).toBe("hit");
    expect(JSON.parse(refreshed.body.toString()).data.run).toBe(2);
    expect(counting.runs).toHaveLength(2);
  });

  it("probes again once the grace window is over", async () => {
    const counting = countingProbe();
    const sections = service(
      { ...counting.probe, ttlMs: () => 20 },
      { policy: { staleGraceMs: 20, errorTtlMs: 1000, storeTimeoutMs: 100, hotBytes: 1_000_000 } },
    );
    await sections.get("echo", "example.com");
    await sleep(80);
    expect((await sections.get("echo", "example.com")).cache).toBe("miss");
    expect(counting.runs).toHaveLength(2);
  });

  it("remembers a failure briefly instead of hammering the upstream", async () => {
    const counting = countingProbe({ fail: "throw" });
    const sections = service(counting.probe, {
      policy: { staleGraceMs: 60_000, errorTtlMs: 80, storeTimeoutMs: 100, hotBytes: 1_000_000 },
    });
    const first = await sections.get("echo", "example.com");
    const second = await sections.get("echo", "example.com");
    expect(first.ok).toBe(false);
    expect(second.cache).toBe("hit");
    expect(counting.runs).toHaveLength(1);
    await sleep(120);
    await sections.get("echo", "example.com");
    expect(counting.runs).toHaveLength(2);
  });

  it("still hits when the store gives an entry back re-serialised (other key order, spacing)", async () => {
    const shared = memoryCache();
    // A store that keeps values as its own JSON: keys reversed, indented.
    const reserialising: CacheStore = {
      get: (key) => shared.get(key),
      set: (key, value, ttl) => {
        const parsed = JSON.parse(value) as Record<string, unknown>;
        const reversed = Object.fromEntries(Object.entries(parsed).reverse());
        shared.set(key, JSON.stringify(reversed, null, 2), ttl);
      },
      delete: (key) => shared.delete(key),
    };
    const counting = countingProbe();
    const first = await service(counting.probe, { cache: reserialising }).get(
      "echo",
      "example.com",
    );
    expect(first.cache).toBe("miss");
    // A second instance (nothing kept in its process) reads the entry from the store.
    const second = await service(counting.probe, { cache: reserialising }).get(
      "echo",
      "example.com",
    );
    expect(second.cache).toBe("hit");
    expect(second.result.data).toEqual(first.result.data);
    expect(JSON.parse(second.body.toString())).toMatchObject({ cache: "hit", status: "ok" });
    expect(counting.runs).toHaveLength(1);
  });

  it("treats a value under the key that is not this section's envelope as a miss", async () => {
    const cache = memoryCache();
    const now = Date.now();
    const foreign = {
      domain: "other.example",
      section: "echo",
      status: "ok",
      fetchedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 60_000).toISOString(),
      cache: "miss",
      durationMs: 1,
      data: { run: 99 },
    };
    cache.set(sectionCacheKey("echo", "example.com"), JSON.stringify(foreign), 60_000);
    const counting = countingProbe();
    const answer = await service(counting.probe, { cache }).get("echo", "example.com");
    expect(answer.cache).toBe("miss");
    expect(answer.result.domain).toBe("example.com");
    expect(counting.runs).toHaveLength(1);
  });

  it("answers from the probe when the store throws or hangs, in bounded time", async () => {
    const counting = countingProbe();
    const hanging: CacheStore = {
      get: () => new Promise(() => {}),
      set: () => new Promise(() => {}),
      delete: () => undefined,
    };
    const started = Date.now();
    const answer = await service(counting.probe, { cache: hanging }).get("echo", "example.com");
    expect(answer.ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    const throwing: CacheStore = {
      get: () => {
        throw new Error("down");
      },
      set: () => Promise.reject(new Error("down")),
      delete: () => undefined,
    };
    expect((await service(counting.probe, { cache: throwing }).get("echo", "example.com")).ok).toBe(
      true,
    );
  });

  it("runs one probe across two instances sharing a store that can lock", async () => {
    const shared = memoryCache();
    const locks = new Set<string>();
    const lockingStore: CacheStore = {
      get: (key) => shared.get(key),
      set: (key, value, ttl) => shared.set(key, value, ttl),
      delete: (key) => shared.delete(key),
      lock: (key) => {
        if (locks.has(key)) return false;
        locks.add(key);
        return true;
      },
      unlock: (key) => {
        locks.delete(key);
      },
    };
    const counting = countingProbe({ delayMs: 100 });
    const first = service(counting.probe, { cache: lockingStore });
    const second = service(counting.probe, { cache: lockingStore });
    const answers = await Promise.all([
      first.get("echo", "example.com"),
      second.get("echo", "example.com"),
    ]);
    expect(counting.runs).toHaveLength(1);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(JSON.parse(answers[0]!.body.toString()).data.run).toBe(1);
    expect(JSON.parse(answers[1]!.body.toString()).data.run).toBe(1);
    expect(locks.size).toBe(0);
  });
});
