import { describe, expect, it } from "vitest";
import { memoryBatchStore } from "./memory-batch-store.js";

const spec = (id: string) => ({
  id,
  keyId: "k",
  sections: null,
  domains: ["a.example", "b.example"],
  invalid: [],
  createdAt: new Date(0).toISOString(),
});

describe("memoryBatchStore", () => {
  it("records a domain once, and never moves a finished job", async () => {
    const store = memoryBatchStore();
    await store.create(spec("one"));
    await store.record("one", 0, "first", false);
    await store.record("one", 0, "again", true);
    await store.record("one", 1, "second", true);
    expect(await store.results("one", 0)).toEqual(["first", "second"]);
    expect(await store.progress("one")).toEqual({ status: "queued", done: 2, failed: 1 });
    expect(await store.setStatus("one", "cancelled")).toMatchObject({ status: "cancelled" });
    expect(await store.setStatus("one", "running")).toMatchObject({ status: "cancelled" });
  });

  it("drops the oldest jobs once the result lines pass maxBytes, never the one written to", async () => {
    const store = memoryBatchStore({ maxBytes: 100 });
    await store.create(spec("old"));
    await store.create(spec("new"));
    await store.record("old", 0, "x".repeat(60), false);
    await store.record("new", 0, "y".repeat(60), false);
    expect(await store.get("old")).toBeUndefined();
    expect(await store.results("new", 0)).toEqual(["y".repeat(60)]);
    // What it counts is what it holds: one job, its one line.
    expect(store.size).toBe(1);
    expect(store.bytes).toBe(60);
    await store.record("new", 1, "z".repeat(60), false);
    expect(await store.get("new")).toMatchObject({ done: 2 });
  });

  it("refuses options that are not positive integers", () => {
    expect(() => memoryBatchStore({ maxBytes: 0 })).toThrow("options.maxBytes");
  });
});
