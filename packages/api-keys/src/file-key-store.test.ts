import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createKey,
  hashApiKey,
  KeyStoreError,
  keyStatus,
  revokeKey,
  rotateKey,
  staticKeys,
} from "@domain-intel/engine";
import { describe, expect, it } from "vitest";
import { fileKeyStore } from "./file-key-store.js";

const directory = () => mkdtempSync(join(tmpdir(), "di-keys-"));
const keyFile = () => join(directory(), "keys.json");
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The file's bytes and identity, to prove a refused change left it alone. */
function fingerprint(path: string) {
  const info = statSync(path);
  return { bytes: readFileSync(path, "utf8"), ino: info.ino, mtimeMs: info.mtimeMs };
}

describe("fileKeyStore", () => {
  it("stores only hashes, lists, revokes and rotates, and survives a new instance", async () => {
    const path = keyFile();
    const store = fileKeyStore({ path });
    expect(await store.format()).toBe("missing");
    expect(await store.list()).toEqual([]);

    const first = await createKey({ store, name: "billing", plan: "pro", expiresAt: inDays(90) });
    const second = await createKey({ store, name: "reports" });
    expect(first.key).toMatch(/^di_[0-9A-Za-z]{32}$/);
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain(first.key);
    expect(text).not.toContain(second.key);
    expect(text).toContain(hashApiKey(first.key));
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const reopened = fileKeyStore({ path });
    expect(await reopened.format()).toBe("json");
    expect((await reopened.list()).map((record) => record.name)).toEqual(["billing", "reports"]);
    expect(await reopened.findByHash({ hash: hashApiKey(first.key) })).toMatchObject({
      id: first.record.id,
      name: "billing",
      plan: "pro",
      revoked: false,
    });

    const revoked = await revokeKey({ store: reopened, id: second.record.id });
    expect(revoked).toMatchObject({ id: second.record.id, revoked: true });
    expect(keyStatus(revoked)).toBe("revoked");

    const rotated = await rotateKey({ store, id: first.record.id });
    expect(rotated.key).not.toBe(first.key);
    expect(rotated.record).toMatchObject({ name: "billing", plan: "pro", revoked: false });
    expect(rotated.record.expiresAt).toBe(first.record.expiresAt);
    expect(rotated.previous).toMatchObject({ id: first.record.id, revoked: true });
    const statuses = (await fileKeyStore({ path }).list()).map((record) => [
      record.name,
      keyStatus(record),
    ]);
    expect(statuses).toEqual([
      ["billing", "revoked"],
      ["reports", "revoked"],
      ["billing", "active"],
    ]);
    // Nothing but the key file is left in the directory: no temporary or lock files.
    expect(readdirSync(join(path, ".."))).toEqual(["keys.json"]);
  });

  it("changes nothing on disk for an unknown id, a revoked key or a bad name", async () => {
    const path = keyFile();
    const store = fileKeyStore({ path });
    const { record } = await createKey({ store, name: "one" });
    await revokeKey({ store, id: record.id });
    const before = fingerprint(path);

    await expect(revokeKey({ store, id: "key_unknown" })).rejects.toMatchObject({
      code: "unknown_key",
    });
    await expect(rotateKey({ store, id: "key_unknown" })).rejects.toBeInstanceOf(KeyStoreError);
    await expect(rotateKey({ store, id: record.id })).rejects.toMatchObject({ code: "revoked" });
    // Revoking again is accepted and writes nothing.
    expect((await revokeKey({ store, id: record.id })).revoked).toBe(true);
    await expect(createKey({ store, name: " " })).rejects.toThrow("createKey: options.name");
    await expect(createKey({ store, name: "x", expiresAt: "2000-01-01" })).rejects.toThrow(
      "createKey: options.expiresAt",
    );
    await expect(createKey({ store, name: "x", plan: "no spaces" })).rejects.toThrow(
      "createKey: options.plan",
    );
    expect(fingerprint(path)).toEqual(before);
  });

  it("sees changes another instance (another process) made on disk", async () => {
    const path = keyFile();
    const reader = fileKeyStore({ path });
    const writer = fileKeyStore({ path });
    expect(await reader.list()).toEqual([]);
    const { key, record } = await createKey({ store: writer, name: "late" });
    expect(await reader.findByHash({ hash: hashApiKey(key) })).toMatchObject({ id: record.id });
    await revokeKey({ store: writer, id: record.id });
    expect((await reader.findByHash({ hash: hashApiKey(key) }))?.revoked).toBe(true);
  });

  it("loses no key when writers race, and never leaves a torn file", async () => {
    const path = keyFile();
    const stores = Array.from({ length: 4 }, () => fileKeyStore({ path }));
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        createKey({ store: stores[index % stores.length]!, name: `key ${index}` }),
      ),
    );
    const listed = await fileKeyStore({ path }).list();
    expect(listed).toHaveLength(24);
    expect(new Set(listed.map((record) => record.id))).toEqual(
      new Set(created.map(({ record }) => record.id)),
    );
    expect(() => JSON.parse(readFileSync(path, "utf8"))).not.toThrow();
  });

  it("refuses a corrupt file clearly and never overwrites it", async () => {
    const path = keyFile();
    writeFileSync(path, '{"format": "domain-intel-keys", "version": 1, "keys": [');
    const store = fileKeyStore({ path });
    await expect(store.list()).rejects.toThrow(`${path} is not valid JSON`);
    await expect(createKey({ store, name: "x" })).rejects.toMatchObject({ code: "corrupt" });
    expect(readFileSync(path, "utf8")).toBe(
      '{"format": "domain-intel-keys", "version": 1, "keys": [',
    );
    writeFileSync(path, JSON.stringify({ format: "domain-intel-keys", version: 1, keys: [{}] }));
    await expect(store.list()).rejects.toThrow(`${path}: keys[0].id must be`);
    writeFileSync(path, JSON.stringify({ something: "else" }));
    await expect(store.list()).rejects.toThrow("is not a domain-intel key file");
  });

  it("reads a legacy list of keys, refuses to write it, and migrates it to hashes", async () => {
    const path = join(directory(), "keys.txt");
    const hashed = `sha256:${createHash("sha256").update("hashed-legacy-key").digest("hex")}`;
    writeFileSync(path, `# team keys\nplain-legacy-key\n\n${hashed}\n`);
    const store = fileKeyStore({ path });
    expect(await store.format()).toBe("legacy");
    const records = await store.list();
    expect(records.map((record) => record.name)).toEqual(["line 2", "line 4"]);
    // The ids staticKeys gave these keys, so rate-limit buckets carry over.
    const legacyIds = await Promise.all(
      ["plain-legacy-key", "hashed-legacy-key"].map(
        async (key) => (await staticKeys({ keys: [key] }).verify(key))?.id,
      ),
    );
    expect(records.map((record) => record.id)).toEqual(legacyIds);
    expect(await store.findByHash({ hash: hashApiKey("plain-legacy-key") })).toBeDefined();

    const before = fingerprint(path);
    await expect(createKey({ store, name: "new" })).rejects.toThrow("keys migrate");
    await expect(revokeKey({ store, id: records[0]!.id })).rejects.toMatchObject({
      code: "unwritable",
    });
    expect(fingerprint(path)).toEqual(before);

    expect(await store.migrate()).toEqual({ migrated: 2 });
    expect(await store.format()).toBe("json");
    expect(readFileSync(path, "utf8")).not.toContain("plain-legacy-key");
    expect((await store.list()).map((record) => record.id)).toEqual(legacyIds);
    expect(await store.migrate()).toEqual({ migrated: 0 });
    await createKey({ store, name: "after migration" });
    expect(await store.list()).toHaveLength(3);
  });

  it("times out clearly when another writer holds the lock", async () => {
    const path = keyFile();
    // A live process (this one) holding a fresh lock: it must be waited for, not taken over.
    writeFileSync(`${path}.lock`, `${process.pid}\nsomewhere-else\nheld`);
    const store = fileKeyStore({ path, lockTimeoutMs: 200 });
    await expect(createKey({ store, name: "x" })).rejects.toThrow("Another process holds");
    // A lock left by a process that is gone is taken over.
    writeFileSync(`${path}.lock`, `2147483646\n${(await import("node:os")).hostname()}\ncrashed`);
    await createKey({ store, name: "x" });
    expect(await store.list()).toHaveLength(1);
  });

  it.each([
    [undefined, "fileKeyStore: options must be an object"],
    [{}, "fileKeyStore: options.path"],
    [{ path: "" }, "fileKeyStore: options.path"],
    [{ path: "/tmp/k.json", lockTimeoutMs: -1 }, "fileKeyStore: options.lockTimeoutMs"],
  ])("refuses bad options %j with a TypeError naming them", (options, message) => {
    expect(() => fileKeyStore(options as never)).toThrow(TypeError);
    expect(() => fileKeyStore(options as never)).toThrow(message);
  });
});
