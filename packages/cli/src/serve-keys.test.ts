import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  cleanEnv,
  eventually,
  runCli,
  type ServeProcess,
  startRedisServer,
  startServe,
  statusWithKey,
  type TestRedisServer,
} from "@domain-intel/test-kit";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

const running: ServeProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((serve) => serve.stop()));
});

async function serveWith(env: NodeJS.ProcessEnv): Promise<ServeProcess> {
  const serve = await startServe(env);
  running.push(serve);
  return serve;
}

describe("serve with the key file, managed from another process", { timeout: 90_000 }, () => {
  it("honours a key created, and then revoked, while it runs", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "di-serve-keys-")), "keys.json");
    const env = cleanEnv({ DOMAIN_INTEL_KEYS_FILE: file });
    const first = await runCli(["keys", "create", "--name", "before start"], env);
    const serve = await serveWith(env);
    expect(serve.output()).toContain(`API keys: ${file}, 1 active`);
    expect(serve.output()).not.toContain(first.stdout.trim());
    expect(await statusWithKey(serve.url, first.stdout.trim())).toBe(400);

    const created = await runCli(["keys", "create", "--name", "while running"], env);
    const key = created.stdout.trim();
    await eventually(async () => (await statusWithKey(serve.url, key)) === 400);

    const id = JSON.parse((await runCli(["keys", "list", "--json"], env)).stdout)[1].id;
    expect((await runCli(["keys", "revoke", id], env)).code).toBe(0);
    await eventually(async () => (await statusWithKey(serve.url, key)) === 401);
    expect(await statusWithKey(serve.url, first.stdout.trim())).toBe(400);
    expect(serve.output()).not.toContain(key);
    expect(await serve.stop()).toBe(0);
  });

  it("still serves a legacy list of keys, and refuses to start on a missing file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "di-serve-legacy-"));
    const legacy = join(dir, "keys.txt");
    writeFileSync(legacy, "# team\nlegacy-key-0123456789\n");
    const serve = await serveWith(cleanEnv({ DOMAIN_INTEL_KEYS_FILE: legacy }));
    expect(serve.output()).toContain("a legacy list of 1 keys");
    expect(await statusWithKey(serve.url, "legacy-key-0123456789")).toBe(400);
    expect(await statusWithKey(serve.url, "other-key-0123456789")).toBe(401);

    const missing = join(dir, "nope.json");
    const failed = await runCli(
      ["serve"],
      cleanEnv({ DOMAIN_INTEL_KEYS_FILE: missing, PORT: "0" }),
    );
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain(`${missing} does not exist`);
    expect(failed.stderr).toContain("keys create --file");
  });
});

describe("serve and keys with REDIS_URL", { timeout: 90_000 }, () => {
  let redis: TestRedisServer;
  let observer: Redis;
  beforeAll(async () => {
    redis = await startRedisServer();
    observer = new Redis(redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    observer.on("error", () => undefined);
    if (observer.status !== "ready")
      await new Promise((resolve) => observer.once("ready", resolve));
  });
  afterAll(async () => {
    await observer?.quit().catch(() => observer.disconnect());
    await redis?.stop();
  });

  const ourConnections = async () =>
    String(await observer.call("CLIENT", "LIST"))
      .split("\n")
      .filter((line) => line.includes("name=domain-intel ")).length;

  it("keeps keys, cache, rate limits and batch jobs in Redis, and closes its connection on shutdown", async () => {
    const env = cleanEnv({ REDIS_URL: redis.url });
    const created = await runCli(
      ["keys", "create", "--name", "in redis", "--plan", "pro", "--json"],
      env,
    );
    expect(created.code).toBe(0);
    expect(created.stderr).toContain(`in ${redis.url}`);
    const { key, id } = JSON.parse(created.stdout);
    expect(JSON.stringify(await observer.keys("domain-intel:*"))).not.toContain(key);

    const serve = await serveWith(env);
    expect(serve.output()).toContain("Redis: redis://127.0.0.1");
    expect(await ourConnections()).toBe(1);
    expect(await statusWithKey(serve.url, key)).toBe(400);
    // The rate-limit bucket of that key lives in Redis (it expires once full again, in ~1.5 s).
    expect(await observer.exists(`domain-intel:rl:${id}`)).toBe(1);
    // Batch jobs live in Redis too, where any instance answers for them.
    const posted = await fetch(`${serve.url}/api/v1/batch`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ domains: ["not a name"] }),
    });
    expect(posted.status).toBe(202);
    const job = (await posted.json()) as { id: string; status: string };
    expect(job.status).toBe("done");
    expect(await observer.hget(`domain-intel:batch:{${job.id}}`, "status")).toBe("done");

    expect((await runCli(["keys", "revoke", id], env)).code).toBe(0);
    await eventually(async () => (await statusWithKey(serve.url, key)) === 401);

    expect(await serve.stop()).toBe(0);
    await eventually(async () => (await ourConnections()) === 0, 5_000);
  });

  it("fails clearly when Redis cannot be reached, without hanging", async () => {
    const down = cleanEnv({ REDIS_URL: "redis://127.0.0.1:1" });
    const keys = await runCli(["keys", "list"], down);
    expect(keys.code).toBe(1);
    expect(keys.stderr).toContain("Cannot connect to Redis at redis://127.0.0.1:1");
    expect(keys.stderr).toContain("ECONNREFUSED");
    const serve = await runCli(["serve"], { ...down, PORT: "0", HOST: "127.0.0.1" });
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain("Cannot connect to Redis");
  });
});
