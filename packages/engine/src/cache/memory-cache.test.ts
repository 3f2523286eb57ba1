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

describe("memoryCache byte budget", () => {
  it("never holds more bytes than its budget, dropping the oldest first", () => {
    const cache = memoryCache({ maxEntries: 100_000, maxBytes: 100_000 });
    const value = "x".repeat(4_000);
    for (let index = 0; index < 200; index++) {
      cache.set(`key-${index}`, value, 60_000);
      expect(cache.bytes).toBeLessThanOrEqual(100_000);
    }
    expect(cache.get("key-199")).toBe(value);
    expect(cache.get("key-0")).toBeUndefined();
    expect(cache.size).toBeGreaterThan(5);
  });

  it("counts a value as V8 holds it: a byte a character, two beyond Latin-1", () => {
    const fill = (letter: string) => {
      const cache = memoryCache({ maxEntries: 100_000, maxBytes: 100_000 });
      for (let index = 0; index < 50; index++)
        cache.set(`k-${index}`, letter.repeat(10_000), 60_000);
      expect(cache.bytes).toBeLessThanOrEqual(100_000);
      return cache;
    };
    // 10,000 Latin-1 characters are 10 kB: nine fit in 100 kB (the keys and bookkeeping aside).
    expect(fill("é").size).toBe(9);
    // 10,000 Cyrillic characters are 20 kB: four fit.
    const wide = fill("ж");
    expect(wide.size).toBe(4);
    expect(wide.bytes).toBeGreaterThan(80_000);
  });

  it("counts replaced and deleted entries once", () => {
    const cache = memoryCache({ maxBytes: 1_000_000 });
    cache.set("a", "1234", 60_000);
    const one = cache.bytes;
    cache.set("a", "1234", 60_000);
    expect(cache.bytes).toBe(one);
    cache.delete("a");
    expect(cache.bytes).toBe(0);
  });

  it("refuses a single value larger than the budget without evicting others", () => {
    const cache = memoryCache({ maxBytes: 10_000 });
    cache.set("small", "ok", 60_000);
    cache.set("huge", "x".repeat(20_000), 60_000);
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("small")).toBe("ok");
  });
});
