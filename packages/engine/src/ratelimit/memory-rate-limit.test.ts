import { describe, expect, it } from "vitest";
import { memoryRateLimit } from "./memory-rate-limit.js";

describe("memoryRateLimit", () => {
  it("empties a bucket, refuses with the time until a token is back, then refills", async () => {
    const store = memoryRateLimit();
    const plan = { capacity: 2, refillPerSecond: 20 };
    const first = await store.take("k", plan, 1);
    const second = await store.take("k", plan, 1);
    const third = await store.take("k", plan, 1);
    expect([first.allowed, second.allowed, third.allowed]).toEqual([true, true, false]);
    expect([first.remaining, second.remaining]).toEqual([1, 0]);
    expect(third.retryAfterMs).toBeGreaterThan(0);
    expect(third.retryAfterMs).toBeLessThanOrEqual(50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await store.take("k", plan, 1)).allowed).toBe(true);
  });

  it("keeps separate buckets per key and at most maxKeys of them", async () => {
    const store = memoryRateLimit({ maxKeys: 3 });
    const plan = { capacity: 1, refillPerSecond: 0.001 };
    expect((await store.take("a", plan, 1)).allowed).toBe(true);
    expect((await store.take("a", plan, 1)).allowed).toBe(false);
    expect((await store.take("b", plan, 1)).allowed).toBe(true);
    for (const key of ["c", "d", "e"]) await store.take(key, plan, 1);
    // "a" was the oldest bucket and was dropped: a dropped bucket starts full again.
    expect((await store.take("a", plan, 1)).allowed).toBe(true);
    expect((await store.take("e", plan, 1)).allowed).toBe(false);
  });

  it("rejects a bad bound", () => {
    expect(() => memoryRateLimit({ maxKeys: 0 })).toThrow("memoryRateLimit: options.maxKeys");
  });
});
