import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  cleanEnv,
  eventually,
  type FleetRegistry,
  type ServeProcess,
  startDnsServer,
  startFleetRegistry,
  startRedisServer,
  startServe,
  type TestDnsServer,
  type TestRedisServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const key = "takeover-key-0001";
const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface BatchView {
  status: string;
  done: number;
  failed: number;
  total: number;
}

/** The job as an instance answers it; undefined while that instance cannot (Redis restarting). */
async function batchView(serve: ServeProcess, id: string): Promise<BatchView | undefined> {
  try {
    const response = await fetch(`${serve.url}/api/v1/batch/${id}`, { headers });
    return response.status === 200 ? ((await response.json()) as BatchView) : undefined;
  } catch {
    return undefined;
  }
}

async function untilDone(serve: ServeProcess, id: string, atLeast: number, withinMs = 60_000) {
  let view: BatchView | undefined;
  await eventually(async () => {
    view = await batchView(serve, id);
    return (view?.done ?? 0) >= atLeast;
  }, withinMs);
  return view!;
}

/** Redis killed (SIGKILL) and started again on its port and files; how long it was away. */
async function restartRedis(redis: TestRedisServer): Promise<number> {
  const started = performance.now();
  await redis.kill();
  await redis.restart();
  return Math.round(performance.now() - started);
}

describe("take-over the hard way: two serve processes, a SIGKILL and a Redis restart", () => {
  let redis: TestRedisServer;
  let dns: TestDnsServer;
  const started: ServeProcess[] = [];
  const registries: FleetRegistry[] = [];

  beforeAll(async () => {
    // Append-only and synced on every write: a Redis crash loses nothing acknowledged.
    redis = await startRedisServer({ persistent: true });
    // No name has an address: the sections beside whois end at once (the sweep probes all).
    dns = await startDnsServer(zoneHandler({}));
  });
  afterAll(async () => {
    await Promise.all(started.map((serve) => serve.kill()));
    await Promise.all(registries.map((registry) => registry.close()));
    await Promise.all([redis?.stop(), dns?.close()]);
  });

  function environment(registry: FleetRegistry, extra: Record<string, string> = {}) {
    const directory = mkdtempSync(join(tmpdir(), "di-takeover-"));
    return {
      directory,
      env: cleanEnv({
        DOMAIN_INTEL_KEYS: key,
        DOMAIN_INTEL_ALLOW_PRIVATE: "1",
        DOMAIN_INTEL_RESOLVERS: dns.address,
        DOMAIN_INTEL_RDAP_BOOTSTRAP: registry.writeBootstrap(directory),
        DOMAIN_INTEL_LOCK_DURATION: "2s",
        // The hosting section's network data from the lab's DNS: the built-in tables take each
        // process seconds of CPU to load, which is not what this test is about.
        DOMAIN_INTEL_ASN_SOURCE: "cymru",
        REDIS_URL: redis.url,
        ...extra,
      }),
    };
  }
  async function instance(env: NodeJS.ProcessEnv): Promise<ServeProcess> {
    const serve = await startServe(env, { rateLimit: false });
    started.push(serve);
    return serve;
  }

  it("ends a batch of 1,000 names done, every result once, no name probed more than twice", async () => {
    const registry = await startFleetRegistry({ delay: () => sleep(400) });
    registries.push(registry);
    const { env } = environment(registry);
    const names = Array.from({ length: 1000 }, (_, index) => `fleet-${index}.test`);
    const first = await instance(env);
    const posted = await fetch(`${first.url}/api/v1/batch`, {
      method: "POST",
      headers,
      body: JSON.stringify({ domains: names, sections: ["whois"] }),
    });
    expect(posted.status).toBe(202);
    const { id } = (await posted.json()) as { id: string };

    await untilDone(first, id, 150);
    const second = await instance(env);
    await untilDone(second, id, 300);
    const killedAt = performance.now();
    await first.kill();
    // A record the dead instance had already sent may still land: the count after it settled.
    await sleep(300);
    const left = (await batchView(second, id))!.done;
    await untilDone(second, id, left + 1);
    const takeoverMs = Math.round(performance.now() - killedAt);

    await untilDone(second, id, 600);
    const redisAwayMs = await restartRedis(redis);
    let view: BatchView | undefined;
    await eventually(async () => {
      view = await batchView(second, id);
      return view?.status === "done";
    }, 90_000);
    const counts = names.map((name) => registry.lookups.get(name) ?? 0);
    console.log(
      `batch: killed at ${left} of 1000 done, taken over after ${takeoverMs} ms ` +
        `(DOMAIN_INTEL_LOCK_DURATION=2s); Redis away ${redisAwayMs} ms at 600; ` +
        `${counts.filter((count) => count === 2).length} names probed twice`,
    );

    expect(view).toMatchObject({ status: "done", total: 1000, done: 1000, failed: 0 });
    const results = await fetch(`${second.url}/api/v1/batch/${id}/results`, { headers });
    const lines = (await results.text()).trimEnd().split("\n");
    const domains = lines.map((line) => (JSON.parse(line) as { domain: string }).domain);
    expect(domains).toHaveLength(1000);
    expect(new Set(domains).size).toBe(1000);
    expect([...domains].sort()).toEqual([...names].sort());
    for (const line of lines)
      expect(JSON.parse(line)).toMatchObject({ sections: { whois: { status: "ok" } } });
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2);
    await second.stop();
  }, 180_000);

  it("runs the watch sweep one at a time, the killed instance's sweep taken over in full, none skipped", async () => {
    const registry = await startFleetRegistry({ delay: () => sleep(50) });
    registries.push(registry);
    const watched = Array.from({ length: 8 }, (_, index) => `watched-${index}.test`);
    // Each name starts half a second after the one before: a sweep lasts the interval.
    const intervalMs = 4000;
    const { directory } = environment(registry);
    const watchFile = join(directory, "watched.txt");
    writeFileSync(watchFile, `${watched.join("\n")}\n`);
    const { env } = environment(registry, {
      DOMAIN_INTEL_WATCH_FILE: watchFile,
      DOMAIN_INTEL_WATCH_INTERVAL: `${intervalMs / 1000}s`,
    });
    const position = (domain: string) => watched.indexOf(domain);
    // One report asks the registry twice for a name (the whois section, and the hosting
    // section for the registrar): a name asked again within a second is the same lookup.
    const seen = () => {
      const lastAt = new Map<number, number>();
      return registry.log.filter((entry) => {
        const name = position(entry.domain);
        if (name < 0) return false;
        const before = lastAt.get(name);
        lastAt.set(name, entry.at);
        return before === undefined || entry.at - before > 1000;
      });
    };

    const first = await instance(env);
    // The first sweep starts on the only instance; the second joins while it runs.
    await eventually(async () => seen().length >= 1, 20_000);
    const second = await instance(env);
    await eventually(async () => seen().length >= 5, 20_000);
    const killedAt = performance.now();
    await first.kill();
    await eventually(async () => seen().some((entry) => entry.at > killedAt), 20_000);
    const takeoverMs = Math.round(seen().find((entry) => entry.at > killedAt)!.at - killedAt);

    // Redis crashes in the middle of a later sweep.
    await eventually(async () => {
      const after = seen().filter((entry) => entry.at > killedAt);
      return after.length >= 8 + 8 + 4;
    }, 60_000);
    const redisAwayMs = await restartRedis(redis);
    const restartedAt = performance.now();
    await eventually(
      async () => seen().filter((entry) => entry.at > restartedAt).length >= 8 + 8,
      60_000,
    );
    await second.stop();

    // Split the lookups into sweeps: a sweep takes each name once, so a name seen again
    // starts the next one. Two sweeps at once would cut each other short.
    const sweeps: { at: number; names: Set<number> }[] = [];
    for (const entry of seen()) {
      const current = sweeps.at(-1);
      if (!current || current.names.has(position(entry.domain)))
        sweeps.push({ at: entry.at, names: new Set() });
      sweeps.at(-1)!.names.add(position(entry.domain));
    }
    console.log(
      `sweep: the killed instance's sweep taken over after ${takeoverMs} ms ` +
        `(DOMAIN_INTEL_LOCK_DURATION=2s); Redis away ${redisAwayMs} ms; ${sweeps.length} sweeps seen`,
    );
    // Only the killed instance's sweep is cut short (the last one may still be running), and
    // the next one checks every name: none left unchecked.
    const cut = sweeps
      .slice(0, -1)
      .flatMap((sweep, index) => (sweep.names.size < watched.length ? [index] : []));
    expect(cut).toHaveLength(1);
    expect(sweeps[cut[0]!]!.at).toBeLessThan(killedAt);
    expect(sweeps[cut[0]! + 1]!.names.size).toBe(watched.length);
    // Sweeps went on after the kill and after Redis came back.
    expect(sweeps.filter((sweep) => sweep.at > killedAt).length).toBeGreaterThanOrEqual(4);
    expect(sweeps.filter((sweep) => sweep.at > restartedAt).length).toBeGreaterThanOrEqual(2);
  }, 180_000);
});
