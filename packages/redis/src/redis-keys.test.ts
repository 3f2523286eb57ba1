import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileKeyStore } from "@domain-intel/api-keys";
import { createKey, keyStatus, keysFromStore, revokeKey, rotateKey } from "@domain-intel/engine";
import {
  type RedisClients,
  redisClients,
  startRedisServer,
  type TestRedisServer,
} from "@domain-intel/test-kit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { redisKeys } from "./index.js";

let redis: TestRedisServer;
let clients: RedisClients;
const client = () => clients.client();

beforeAll(async () => {
  redis = await startRedisServer();
  clients = redisClients(redis);
});
afterEach(async () => {
  await clients.closeAll();
});
afterAll(() => redis?.stop());

describe("redisKeys as a KeyStore", () => {
  it("creates, lists, revokes and rotates like the file store, shared by every instance", async () => {
    const adminClient = await client();
    const admin = redisKeys({ client: adminClient, prefix: "ks1:" });
    const other = redisKeys({ client: await client(), prefix: "ks1:" });
    const first = await createKey({ store: admin, name: "billing", plan: "pro" });
    const second = await createKey({ store: other, name: "reports" });
    expect((await other.list()).map((record) => record.name)).toEqual(["billing", "reports"]);
    expect(await admin.findByHash({ hash: first.record.hash })).toEqual(first.record);
    expect(await admin.findByHash({ hash: "sha256:nope" })).toBeUndefined();

    const stored = await adminClient.keys("ks1:*");
    const values = await Promise.all(
      stored.map(async (key) =>
        JSON.stringify(
          (await adminClient.type(key)) === "hash"
            ? await adminClient.hgetall(key)
            : await adminClient.call("DUMP", key),
        ),
      ),
    );
    expect(`${stored.join(" ")} ${values.join(" ")}`).not.toContain(first.key);

    await revokeKey({ store: other, id: second.record.id });
    const rotated = await rotateKey({ store: other, id: first.record.id });
    expect(rotated.previous).toMatchObject({ id: first.record.id, revoked: true });
    expect((await admin.list()).map((record) => [record.name, keyStatus(record)])).toEqual([
      ["billing", "revoked"],
      ["reports", "revoked"],
      ["billing", "active"],
    ]);
    expect(await admin.verify(first.key)).toBeNull();
    expect(await admin.verify(rotated.key)).toEqual({ id: rotated.record.id, plan: "pro" });

    await expect(revokeKey({ store: admin, id: "key_unknown" })).rejects.toMatchObject({
      code: "unknown_key",
    });
    await expect(rotateKey({ store: admin, id: second.record.id })).rejects.toMatchObject({
      code: "revoked",
    });
    await expect(admin.create(rotated.record)).rejects.toMatchObject({ code: "conflict" });
    expect(await admin.list()).toHaveLength(3);
  });

  it("feeds keysFromStore: a revocation on one instance reaches another within its cache time", async () => {
    const admin = redisKeys({ client: await client(), prefix: "ks2:" });
    const verifier = keysFromStore({
      store: redisKeys({ client: await client(), prefix: "ks2:" }),
      cacheMs: 50,
    });
    const { key, record } = await createKey({ store: admin, name: "shared" });
    expect(await verifier.verify(key)).toEqual({ id: record.id });
    await revokeKey({ store: admin, id: record.id });
    const deadline = Date.now() + 5_000;
    while ((await verifier.verify(key)) !== null) {
      if (Date.now() > deadline) throw new Error("revocation not honoured");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it("holds the same records a file store would (same shape, same checks)", async () => {
    const file = fileKeyStore({ path: join(mkdtempSync(join(tmpdir(), "di-redis-")), "k.json") });
    const inFile = await createKey({
      store: file,
      name: "shape",
      plan: "free",
      expiresAt: "2999-01-01",
    });
    const store = redisKeys({ client: await client(), prefix: "ks3:" });
    await store.create(inFile.record);
    expect(await store.findByHash({ hash: inFile.record.hash })).toEqual(inFile.record);
  });
});
