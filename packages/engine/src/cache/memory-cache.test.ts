import { describe, expect, it } from "vitest";
import { memoryCache } from "./memory-cache.js";

describe("memoryCache", () => {
  it("stores, expires and deletes entries", async () => {
    const cache = memoryCache();
    cache.set("a", "1", 60_000);
    cache.set("b", "2", 20);
    expect(cache.get("a")).toBe("1");
    expect(cache.get("b")).toBe("2");
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cache.get("b")).toBeUndefined();
    cache.delete("a");
    expect(cache.get("a")).toBeUndefined();
  });

  it("stays within its entry bound, keeping the most recent", () => {
    const cache = memoryCache({ maxEntries: 10 });
    for (let index = 0; index < 100; index++) cache.set(`k${index}`, String(index), 60_000);
    const kept = Array.from({ length: 100 }, (_, index) => cache.get(`k${index}`)).filter(Boolean);
    expect(kept.length).toBeLessThanOrEqual(10);
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(cache.get("k99")).toBe("99");
    expect(cache.get("k0")).toBeUndefined();
  });

  it("rejects a bad bound", () => {
    expect(() => memoryCache({ maxEntries: 0 })).toThrow(/options\.maxEntries/);
  });
});
