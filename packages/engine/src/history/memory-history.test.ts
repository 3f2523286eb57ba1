import { describe, expect, it } from "vitest";
import { textBytes } from "../contract/text-bytes.js";
import type { HistoryLimits } from "./history-store.js";
import { meaningful } from "./meaningful-content.js";
import { memoryHistory } from "./memory-history.js";

const limits: HistoryLimits = { maxSnapshots: 200, maxChanges: 1000, maxAgeMs: 86_400_000 };

function snapshotOf(section: string, data: unknown) {
  const { content, json } = meaningful(data);
  return {
    section,
    fetchedAt: new Date().toISOString(),
    digest: `sha256:${json.length}`,
    content,
    json,
  };
}

describe("memoryHistory", () => {
  it("gives back the latest content from the text it keeps, key for key", async () => {
    const store = memoryHistory();
    const data = {
      b: 1,
      a: { z: [3, 1, 2], y: "x" },
      checks: [
        { id: "b.c", status: "warn" },
        { id: "a.b", status: "pass" },
      ],
    };
    const snapshot = snapshotOf("dns", data);
    await store.append("example.test", snapshot, [], limits);
    const latest = await store.latest("example.test", "dns");
    expect(latest?.digest).toBe(snapshot.digest);
    expect(latest?.content).toEqual(snapshot.content);
    // Same key order as the recorder's object, so a diff lists changes in the same order.
    expect(JSON.stringify(latest?.content)).toBe(JSON.stringify(snapshot.content));
    expect(Object.keys(latest as object)).not.toContain("json");
  });

  it("drops the least recently touched domains once the bytes are over maxBytes", async () => {
    const store = memoryHistory({ maxBytes: 32 * 1024 });
    const big = { text: "x".repeat(10_000) };
    for (let index = 0; index < 10; index += 1)
      await store.append(`d${index}.test`, snapshotOf("http", big), [], limits);
    // 10 kB counted a domain: the three most recent fit in 32 kB, the oldest are gone.
    expect(await store.latest("d9.test", "http")).toBeDefined();
    expect(await store.latest("d7.test", "http")).toBeDefined();
    expect(await store.latest("d0.test", "http")).toBeUndefined();
    expect(await store.latest("d5.test", "http")).toBeUndefined();
    // Reading a domain makes it recent: it outlives a newer one.
    await store.read("d7.test", limits);
    await store.append("d10.test", snapshotOf("http", big), [], limits);
    expect(await store.latest("d7.test", "http")).toBeDefined();
    expect(await store.latest("d8.test", "http")).toBeUndefined();
  });

  it("counts text as V8 holds it: a byte a Latin-1 character, two for any other", async () => {
    expect(textBytes("façade")).toBe(6);
    expect(textBytes("例子.test")).toBe(14);
    const latin = memoryHistory();
    const wide = memoryHistory();
    await latin.append("d.test", snapshotOf("http", { text: "é".repeat(10_000) }), [], limits);
    await wide.append("d.test", snapshotOf("http", { text: "字".repeat(10_000) }), [], limits);
    expect(latin.size).toBe(1);
    expect(wide.bytes - latin.bytes).toBe(10_000 + '{"text":""}'.length);
    // So the bound holds in bytes: 32 kB keeps three 10,000-character Latin-1 domains, one wide.
    const bounded = memoryHistory({ maxBytes: 32 * 1024 });
    for (let index = 0; index < 3; index += 1)
      await bounded.append(
        `w${index}.test`,
        snapshotOf("http", { text: "字".repeat(10_000) }),
        [],
        limits,
      );
    expect(bounded.size).toBe(1);
    expect(bounded.bytes).toBeLessThanOrEqual(32 * 1024);
  });

  it("keeps a domain bigger than maxBytes alone rather than none", async () => {
    const store = memoryHistory({ maxBytes: 1024 });
    await store.append("big.test", snapshotOf("http", { text: "y".repeat(5_000) }), [], limits);
    expect((await store.latest("big.test", "http"))?.content).toEqual({ text: "y".repeat(5_000) });
  });

  it("refuses a bound that is not a positive integer, naming it", () => {
    expect(() => memoryHistory({ maxBytes: 0 })).toThrow(/options\.maxBytes/);
    expect(() => memoryHistory({ maxDomains: 1.5 })).toThrow(/options\.maxDomains/);
  });
});
