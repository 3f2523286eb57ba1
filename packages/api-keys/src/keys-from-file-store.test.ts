import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createKey, keysFromStore, revokeKey, rotateKey } from "@domain-intel/engine";
import { describe, expect, it } from "vitest";
import { fileKeyStore } from "./file-key-store.js";

const keyFile = () => join(mkdtempSync(join(tmpdir(), "di-verify-")), "keys.json");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds; fails after `withinMs`. No tight timing: just "within seconds". */
async function eventually(check: () => Promise<boolean>, withinMs = 5_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${withinMs} ms`);
    await sleep(25);
  }
}

describe("keysFromStore", () => {
  it("accepts stored keys with their id and plan, refuses unknown ones", async () => {
    const store = fileKeyStore({ path: keyFile() });
    const pro = await createKey({ store, name: "pro user", plan: "pro" });
    const plain = await createKey({ store, name: "plain user" });
    const verifier = keysFromStore({ store });
    expect(await verifier.verify(pro.key)).toEqual({ id: pro.record.id, plan: "pro" });
    expect(await verifier.verify(plain.key)).toEqual({ id: plain.record.id });
    expect(await verifier.verify(`${pro.key}x`)).toBeNull();
    expect(await verifier.verify("")).toBeNull();
    expect(await verifier.verify("x".repeat(10_000))).toBeNull();
    expect(JSON.stringify(await verifier.verify(pro.key))).not.toContain(pro.key);
  });

  it("honours a revocation made elsewhere once the cache time has passed", async () => {
    const path = keyFile();
    const admin = fileKeyStore({ path });
    const { key, record } = await createKey({ store: admin, name: "soon revoked" });
    const cached = keysFromStore({ store: fileKeyStore({ path }), cacheMs: 60_000 });
    const brief = keysFromStore({ store: fileKeyStore({ path }), cacheMs: 50 });
    expect(await cached.verify(key)).not.toBeNull();
    expect(await brief.verify(key)).not.toBeNull();
    await revokeKey({ store: admin, id: record.id });
    // The long cache still answers from memory: this is what cacheMs buys and costs.
    expect(await cached.verify(key)).not.toBeNull();
    await eventually(async () => (await brief.verify(key)) === null);
  });

  it("picks up a key created elsewhere after an earlier miss", async () => {
    const path = keyFile();
    const verifier = keysFromStore({ store: fileKeyStore({ path }), cacheMs: 50 });
    expect(await verifier.verify("di_not_yet_created_0000000000000000")).toBeNull();
    const { key } = await createKey({ store: fileKeyStore({ path }), name: "new" });
    await eventually(async () => (await verifier.verify(key)) !== null);
  });

  it("refuses an expired key at once, even while cached", async () => {
    const path = keyFile();
    const store = fileKeyStore({ path });
    const expiresAt = new Date(Date.now() + 400).toISOString();
    const { key } = await createKey({ store, name: "short", expiresAt });
    const verifier = keysFromStore({ store, cacheMs: 3_600_000 });
    expect(await verifier.verify(key)).not.toBeNull();
    await sleep(Date.parse(expiresAt) - Date.now() + 20);
    expect(await verifier.verify(key)).toBeNull();
  });

  it("refuses the old key after a rotation and accepts the new one", async () => {
    const path = keyFile();
    const store = fileKeyStore({ path });
    const old = await createKey({ store, name: "rotating", plan: "pro" });
    const verifier = keysFromStore({ store, cacheMs: 0 });
    const rotated = await rotateKey({ store, id: old.record.id });
    expect(await verifier.verify(old.key)).toBeNull();
    expect(await verifier.verify(rotated.key)).toEqual({ id: rotated.record.id, plan: "pro" });
  });

  it("keeps recent answers while the store fails, and fails when it has none", async () => {
    const path = keyFile();
    const store = fileKeyStore({ path });
    const { key } = await createKey({ store, name: "steady" });
    const verifier = keysFromStore({ store, cacheMs: 20, staleIfErrorMs: 60_000 });
    expect(await verifier.verify(key)).not.toBeNull();
    writeFileSync(path, "{ broken");
    await sleep(40);
    expect(await verifier.verify(key)).not.toBeNull();
    await expect(verifier.verify("di_never_seen_before_000000000000000")).rejects.toThrow(
      "not valid JSON",
    );
    const strict = keysFromStore({ store, cacheMs: 20, staleIfErrorMs: 0 });
    await expect(strict.verify(key)).rejects.toThrow("not valid JSON");
  });

  it.each([
    [{}, "keysFromStore: options.store"],
    [{ store: {} }, "keysFromStore: options.store"],
    [{ store: fileKeyStore({ path: "/x" }), cacheMs: -1 }, "keysFromStore: options.cacheMs"],
    [{ store: fileKeyStore({ path: "/x" }), cacheMs: 1.5 }, "keysFromStore: options.cacheMs"],
    [{ store: fileKeyStore({ path: "/x" }), maxEntries: 0 }, "keysFromStore: options.maxEntries"],
  ])("refuses bad options with a TypeError naming them (%#)", (options, message) => {
    expect(() => keysFromStore(options as never)).toThrow(TypeError);
    expect(() => keysFromStore(options as never)).toThrow(message);
  });
});
