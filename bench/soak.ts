/**
 * Issue 35, soak: `domain-intel serve` (the built CLI's serve(), rate limits off) for
 * `BENCH_SOAK_MINUTES` (default 10) under a mixed load: cache hits at a steady rate (timed in
 * a process of their own), cold full reports of names whose peers misbehave (a resolver that
 * waits or sends compression loops, a TLS server sending records without end, a web server
 * with 10,000 headers, an MX whose banner never ends, an RDAP registry streaming JSON without
 * end), batch jobs and refreshes. Every report interval (a minute; a fifth of a shorter run)
 * it prints the server's RSS, heap, external and ArrayBuffer memory, open handles and event-loop delay (measured inside it)
 * and the hits' p99; at the end the RSS slope after warm-up, the handles then and at the end,
 * and the hits' p99 over the run and after warm-up (target < 10 ms after warm-up: exit 1 when
 * missed). Needs root: the peers
 * listen on ports 25, 53, 80 and 443 of 127.35.0.x (`BENCH_SOAK_NET=127.36.0` for another /24).
 *   pnpm bench:soak          BENCH_SOAK_MINUTES=2 for a short run
 *   BENCH_SOAK_CPU_PROF=/tmp/soak-prof   the server writes a CPU profile there when it stops;
 *     `npx tsx bench/support/long-tasks.ts /tmp/soak-prof/*.cpuprofile` lists its long tasks
 *   BENCH_SOAK_MAX_CONCURRENCY=16   the engine's network.maxConcurrency (default 64)
 *   BENCH_SOAK_PROBE_THREADS=2   serve's DOMAIN_INTEL_PROBE_THREADS (0: probe runs in process)
 *   BENCH_SOAK_SERVER_FLAGS="--max-semi-space-size=32"   node flags for the server process;
 *     with `--expose-gc` the server collects garbage before each sample, so `heap MB` is the live
 *     heap (a full collection every 5 s: that run's latency figures do not count)
 *   BENCH_SOAK_HISTORY=false   the server keeps no history (how much of the growth is history's)
 *   BENCH_SOAK_STORES_MB=8   the bound of the server's memory cache, history, batch store and hot answers,
 *     MiB each (default 8, so they are full by the end of warm-up and the slope after it shows
 *     what grows beyond them; `engine` keeps the engine's defaults, 64, 256 and 16 MiB, which a
 *     run of new names fills for longer than a soak lasts, at about 25 MB/min)
 *   BENCH_SOAK_HEAP_SNAPSHOTS=/tmp/soak-heap   the server writes a heap snapshot there at the
 *     end of warm-up and at the end of the load; `npx tsx bench/support/heap-diff.ts A B`
 *     compares them by constructor
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import {
  cleanEnv,
  createTestPki,
  dnsPointer,
  dnsRecord,
  dnsReply,
  questionType,
  startDnsServer,
  startFleetRegistry,
  startHostileServer,
  startSmtpServer,
  startWebPeer,
  tlsRecord,
  type ZoneRecords,
  zoneHandler,
} from "@domain-intel/test-kit";
import { assertBenchTsconfig, benchEnv, benchExecArgv } from "./support/bench-process.js";

assertBenchTsconfig();

const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const durationMs = minutes * 60_000;
const reportMs = Math.min(60_000, durationMs / 5);
const warmUpMs = Math.min(60_000, durationMs / 5);
const key = "soak-key-0001";
/** The peers' /24 on loopback: another one lets two soaks run side by side. */
const net = process.env.BENCH_SOAK_NET ?? "127.35.0";
const address = {
  site: `${net}.1`,
  mx: `${net}.2`,
  hostile: `${net}.3`,
  hostileMx: `${net}.4`,
  dns: `${net}.53`,
};
const hitNames = Array.from({ length: 20 }, (_, index) => `hit-${index}.test`);
const kinds = ["good", "slowdns", "loop", "tls", "good", "rdap"] as const;
const mb = (bytes: number) => bytes / 1024 / 1024;
/** Where the server writes a CPU profile when it stops, for `bench/support/long-tasks.ts`. */
const profileDirectory = process.env.BENCH_SOAK_CPU_PROF;
/** The engine's network.maxConcurrency in the server (default: the engine's, 64). */
const maxConcurrency = process.env.BENCH_SOAK_MAX_CONCURRENCY;
// serve's DOMAIN_INTEL_PROBE_THREADS (the engine's network.probeThreads): 0 runs probes in process.
const probeThreads = process.env.BENCH_SOAK_PROBE_THREADS;
/** Node flags for the server process, e.g. `--max-semi-space-size=32` (V8's young generation). */
const serverFlags = (process.env.BENCH_SOAK_SERVER_FLAGS ?? "").split(" ").filter(Boolean);
/** Where the server writes heap snapshots (on SIGUSR2), for `bench/support/heap-diff.ts`. */
const heapDirectory = process.env.BENCH_SOAK_HEAP_SNAPSHOTS;
/** The stores' bound in the server, MiB each, or undefined for the engine's defaults. */
const storesMb =
  process.env.BENCH_SOAK_STORES_MB === "engine"
    ? undefined
    : (process.env.BENCH_SOAK_STORES_MB ?? "8");

/** The records of a name: the site and its MX, on the hostile addresses for `cold-tls-*`. */
function recordsFor(name: string): ZoneRecords[string] {
  if (name === "ns.soak.test") return [{ type: "A", name, ttl: 300, data: address.dns }];
  const hostile = /(^|\.)cold-tls-/.test(name);
  if (name.startsWith("mail.")) {
    return [{ type: "A", name, ttl: 300, data: hostile ? address.hostileMx : address.mx }];
  }
  return [
    { type: "A", name, ttl: 300, data: hostile ? address.hostile : address.site },
    { type: "MX", name, ttl: 300, data: { preference: 10, exchange: `mail.${name}` } },
    { type: "NS", name, ttl: 300, data: "ns.soak.test" },
  ];
}

async function startPeers(directory: string) {
  const pki = await createTestPki({ name: "Soak" });
  const leaf = await pki.issueLeaf({ commonName: "soak.test", subjectAltNames: ["*.test"] });
  const dns = await startDnsServer(
    async (query, transport) => {
      const name = (query.questions?.[0]?.name ?? "").toLowerCase();
      if (name.startsWith("cold-slowdns-")) await sleep(2500);
      if (name.startsWith("cold-loop-") && questionType(query) === 1) {
        return {
          raw: dnsReply({
            id: query.id ?? 0,
            question: { name, type: 1 },
            answers: [(at) => dnsRecord(dnsPointer(at), 1, Buffer.from([192, 0, 2, 1]))],
          }),
        };
      }
      return zoneHandler({ [name]: recordsFor(name) })(query, transport);
    },
    { host: address.dns, port: 53 },
  );
  const site = await startWebPeer({
    host: address.site,
    port: 443,
    tls: { key: leaf.keyPem, cert: leaf.chainPem },
    handler: (_request, response) => {
      response.writeHead(200, {
        "content-type": "text/html",
        "strict-transport-security": "max-age=31536000",
      });
      response.end("<!doctype html><title>soak</title>");
    },
  });
  const redirect = await startWebPeer({
    host: address.site,
    port: 80,
    handler: (request, response) => {
      response.writeHead(301, { location: `https://${request.headers.host}/` });
      response.end();
    },
  });
  const mx = await startSmtpServer({ mode: "no-starttls", host: address.mx, port: 25 });
  // The hostile ones: TLS records without end, 10,000 headers over http, a banner without end.
  const tls = await startHostileServer({
    trigger: "record",
    host: address.hostile,
    port: 443,
    script: () => [{ flood: tlsRecord(22, Buffer.alloc(16_384, 0x0b)) }],
  });
  const web = await startHostileServer({
    trigger: "http-head",
    host: address.hostile,
    port: 80,
    script: () => [
      { send: `HTTP/1.1 200 OK\r\n${"x-filler: 0123456789\r\n".repeat(10_000)}\r\n` },
      { hang: true },
    ],
  });
  const hostileMx = await startHostileServer({
    trigger: "connect",
    host: address.hostileMx,
    port: 25,
    script: () => [{ flood: "220-still greeting\r\n" }],
  });
  const registry = await startFleetRegistry({ delay: () => sleep(Math.random() * 200) });
  const rdap = await startHostileServer({
    trigger: "http-head",
    script: () => [
      {
        send: "HTTP/1.1 200 OK\r\ncontent-type: application/rdap+json\r\ntransfer-encoding: chunked\r\n\r\n1\r\n[\r\n",
      },
      { flood: `4000\r\n${"1,".repeat(8192)}\r\n` },
    ],
  });
  const bootstrap = join(directory, "dns.json");
  writeFileSync(
    bootstrap,
    JSON.stringify({
      version: "1.0",
      services: [
        [["test"], [registry.url]],
        [["bad"], [`http://127.0.0.1:${rdap.port}/`]],
      ],
    }),
  );
  const ca = join(directory, "ca.pem");
  writeFileSync(ca, pki.root.certPem);
  return {
    env: cleanEnv({
      DOMAIN_INTEL_KEYS: key,
      DOMAIN_INTEL_RESOLVERS: address.dns,
      DOMAIN_INTEL_ALLOW_PRIVATE: "1",
      DOMAIN_INTEL_CA_FILE: ca,
      DOMAIN_INTEL_RDAP_BOOTSTRAP: bootstrap,
      HOST: "127.0.0.1",
      PORT: "0",
    }),
    close: () =>
      Promise.all([
        dns.close(),
        site.close(),
        redirect.close(),
        mx.close(),
        tls.close(),
        web.close(),
        hostileMx.close(),
        registry.close(),
        rdap.close(),
      ]),
  };
}

/** A child running a bench script; its stdout lines go to `onLine`. */
function child(
  script: string,
  env: Record<string, string>,
  onLine: (line: string) => void,
  nodeArgs: readonly string[] = [],
): ChildProcess {
  const path = fileURLToPath(new URL(script, import.meta.url));
  const started = spawn(process.execPath, [...nodeArgs, ...benchExecArgv, path], {
    env: benchEnv(env),
    stdio: ["ignore", "pipe", "inherit"],
  });
  let rest = "";
  started.stdout!.on("data", (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) onLine(line);
  });
  return started;
}

interface Stats {
  at: number;
  rss: number;
  heapUsed: number;
  /** The JS heap's pages, used or not: what it holds of RSS. */
  heapTotal: number;
  /** C++ memory bound to JS objects (Buffers, TLS and zlib state that V8 is told of). */
  external: number;
  /** The part of `external` in ArrayBuffers and Buffers. */
  arrayBuffers: number;
  handles: Record<string, number>;
  delayP99Ms: number;
  delayMaxMs: number;
  /** What the memory cache and the history count against their bounds. */
  stores: {
    cacheBytes: number;
    cacheEntries: number;
    historyBytes: number;
    historyDomains: number;
    batchBytes: number;
    batchJobs: number;
  };
}

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), "bench-soak-"));
  let peers: Awaited<ReturnType<typeof startPeers>>;
  try {
    peers = await startPeers(directory);
  } catch (error) {
    throw new Error(
      `cannot listen on ${net}.x ports 25, 53, 80, 443 (${(error as NodeJS.ErrnoException).code}): run as root`,
    );
  }
  const stats: Stats[] = [];
  let url = "";
  const began = performance.now();
  const server = child(
    "./support/soak-server.ts",
    {
      ...(peers.env as Record<string, string>),
      SOAK_SAMPLE_MS: "5000",
      ...(maxConcurrency ? { SOAK_MAX_CONCURRENCY: maxConcurrency } : {}),
      ...(probeThreads === undefined ? {} : { DOMAIN_INTEL_PROBE_THREADS: probeThreads }),
      ...(process.env.BENCH_SOAK_HISTORY ? { SOAK_HISTORY: process.env.BENCH_SOAK_HISTORY } : {}),
      ...(storesMb ? { SOAK_STORES_MB: storesMb } : {}),
    },
    (line) => {
      const listening = /listening on (http:\/\/[0-9.:]+)/.exec(line);
      if (listening) url = listening[1]!;
      if (line.startsWith("STATS "))
        stats.push({ at: performance.now() - began, ...JSON.parse(line.slice(6)) });
    },
    [
      ...serverFlags,
      ...(profileDirectory ? ["--cpu-prof", `--cpu-prof-dir=${profileDirectory}`] : []),
      ...(heapDirectory
        ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${heapDirectory}`]
        : []),
    ],
  );
  const children: ChildProcess[] = [server];
  try {
    while (!url) {
      if (server.exitCode !== null) throw new Error("the soak server exited");
      await sleep(50);
    }
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const get = async (path: string) => {
      const response = await fetch(`${url}${path}`, { headers });
      await response.arrayBuffer();
      return response.status;
    };
    // The hits' names are probed once, then answered from the cache.
    await Promise.all(hitNames.map((name) => get(`/api/v1/dns/${name}`)));
    // The handles of the server at rest, before the load: what the end is compared with.
    const samples = stats.length;
    while (stats.length === samples) await sleep(100);
    const atRest = stats.at(-1)!;

    const hits: { count: number; p99Ms: number; maxMs: number; errors: number }[] = [];
    type HitSummary = { count: number; p50Ms: number; p99Ms: number; maxMs: number };
    let hitsAll: (HitSummary & { afterWarmUp: HitSummary }) | undefined;
    const hitter = child(
      "./support/soak-hits.ts",
      {
        SOAK_URL: url,
        SOAK_KEY: key,
        SOAK_PATHS: hitNames.map((name) => `/api/v1/dns/${name}`).join(","),
        SOAK_HITS_PER_SECOND: "100",
        SOAK_REPORT_MS: String(reportMs),
        SOAK_WARM_UP_MS: String(warmUpMs),
      },
      (line) => {
        if (line.startsWith("HITS ")) hits.push(JSON.parse(line.slice(5)));
        if (line.startsWith("HITS_ALL ")) hitsAll = JSON.parse(line.slice(9));
      },
    );
    children.push(hitter);

    let cold = 0;
    let coldFailed = 0;
    let inFlight = 0;
    let batches = 0;
    let refreshes = 0;
    const ends = began + durationMs;
    const loops = [
      // Cold full reports of misbehaving names, at most 8 at once.
      (async () => {
        for (let n = 0; performance.now() < ends; n++) {
          await sleep(500);
          if (inFlight >= 8) continue;
          const kind = kinds[n % kinds.length]!;
          inFlight += 1;
          void get(`/api/v1/domain/cold-${kind}-${n}.${kind === "rdap" ? "bad" : "test"}`)
            .then((status) => {
              cold += 1;
              if (status !== 200) coldFailed += 1;
            })
            .catch(() => {
              coldFailed += 1;
            })
            .finally(() => {
              inFlight -= 1;
            });
        }
      })(),
      // A batch of 30 names, its results read to the end, again and again.
      (async () => {
        for (let n = 0; performance.now() < ends; n++) {
          const domains = Array.from({ length: 30 }, (_, index) => {
            const kind = kinds[index % kinds.length]!;
            return `batch${n}-${kind}-${index}.${kind === "rdap" ? "bad" : "test"}`;
          });
          try {
            const posted = await fetch(`${url}/api/v1/batch`, {
              method: "POST",
              headers,
              body: JSON.stringify({ domains, sections: ["dns", "whois"] }),
            });
            const { links } = (await posted.json()) as { links: { results: string } };
            await (await fetch(`${url}${links.results}`, { headers })).text();
            batches += 1;
          } catch {
            // A reset while a heap snapshot stops the server: the next batch goes on.
          }
          await sleep(Math.min(30_000, reportMs / 2));
        }
      })(),
      // Refreshes of the hits' sections.
      (async () => {
        for (let n = 0; performance.now() < ends; n++) {
          await sleep(2000);
          // A heap snapshot stops the server for seconds: a reset then is counted, not fatal.
          const status = await get(
            `/api/v1/ssl/${hitNames[n % hitNames.length]}?refresh=true`,
          ).catch(() => 0);
          if (status === 200) refreshes += 1;
        }
      })(),
    ];

    console.log(
      `soak: serve for ${minutes} min, hits at 100/s, a cold report every 0.5 s (8 at most at once), a batch of 30 names, a refresh every 2 s; cache, history, batch store and hot answers bounded at ${storesMb ? `${storesMb} MiB each` : "the engine's defaults"}`,
    );
    console.log(
      "  min  rss MB  heap MB  ext MB  ab MB  cache MB  hist MB  handles  loop p99/max ms  hits  hit p99/max ms  cold (failed)  batches  refreshes",
    );
    let printed = 0;
    const row = () => {
      const last = stats.at(-1);
      const interval = hits[printed];
      if (!last || !interval) return false;
      printed += 1;
      const since = stats.filter((sample) => sample.at > last.at - reportMs);
      const loopP99 = Math.max(...since.map((sample) => sample.delayP99Ms));
      const loopMax = Math.max(...since.map((sample) => sample.delayMaxMs));
      const handles = Object.values(last.handles).reduce((sum, count) => sum + count, 0);
      console.log(
        `  ${((printed * reportMs) / 60_000).toFixed(1).padStart(4)}  ${mb(last.rss).toFixed(0).padStart(6)}  ${mb(last.heapUsed).toFixed(0).padStart(7)}  ${mb(last.external).toFixed(0).padStart(6)}  ${mb(last.arrayBuffers).toFixed(0).padStart(5)}  ${mb(last.stores.cacheBytes).toFixed(0).padStart(8)}  ${mb(last.stores.historyBytes).toFixed(0).padStart(7)}  ${String(handles).padStart(7)}  ${loopP99.toFixed(1).padStart(7)}/${loopMax.toFixed(0).padEnd(7)}  ${String(interval.count).padStart(5)}  ${interval.p99Ms.toFixed(2).padStart(7)}/${interval.maxMs.toFixed(0).padEnd(6)}  ${String(cold).padStart(5)} (${coldFailed})  ${String(batches).padStart(7)}  ${String(refreshes).padStart(9)}`,
      );
      return true;
    };
    let snapshotted = false;
    while (performance.now() < ends) {
      await sleep(1000);
      while (row()) {}
      if (heapDirectory && !snapshotted && performance.now() - began >= warmUpMs) {
        server.kill("SIGUSR2");
        snapshotted = true;
      }
    }
    if (heapDirectory) server.kill("SIGUSR2");
    await Promise.all(loops);
    await new Promise<void>((resolve) => {
      hitter.once("exit", () => resolve());
      hitter.kill("SIGTERM");
    });
    while (row()) {}
    // Every probe run settled (a budget is 10 s), the server at rest again.
    await sleep(15_000);
    const settled = stats.at(-1)!;

    const after = stats.filter((sample) => sample.at >= warmUpMs && sample.at <= durationMs);
    const slopeOf = (measure: (sample: Stats) => number) =>
      slopeMbPerMinute(after.map((sample) => [sample.at / 60_000, mb(measure(sample))]));
    const slope = slopeOf((sample) => sample.rss);
    const total = (sample: Stats) =>
      Object.values(sample.handles).reduce((sum, count) => sum + count, 0);
    const first = after[0]!;
    const last = after.filter((sample) => sample.at <= durationMs).at(-1)!;
    console.log(
      `  RSS after warm-up (${(warmUpMs / 1000).toFixed(0)} s): ${mb(first.rss).toFixed(0)} MB -> ${mb(last.rss).toFixed(0)} MB, slope ${slope.toFixed(2)} MB/min (least squares over ${after.length} samples)`,
    );
    // Where the growth is: the JS heap, Buffers, other C++ memory V8 knows of, or the rest
    // (native allocations V8 is not told of: OpenSSL, malloc's arenas).
    const native = (sample: Stats) => sample.rss - sample.heapTotal - sample.external;
    console.log(
      `  slopes after warm-up, MB/min: heap ${slopeOf((sample) => sample.heapUsed).toFixed(2)} (its pages ${slopeOf((sample) => sample.heapTotal).toFixed(2)}), external ${slopeOf((sample) => sample.external).toFixed(2)} (ArrayBuffers ${slopeOf((sample) => sample.arrayBuffers).toFixed(2)}), RSS - heap pages - external ${slopeOf(native).toFixed(2)}`,
    );
    console.log(
      `  stores at the end (counted against their bounds${storesMb ? `, ${storesMb} MiB each` : ""}): cache ${mb(last.stores.cacheBytes).toFixed(1)} MB in ${last.stores.cacheEntries} entries, history ${mb(last.stores.historyBytes).toFixed(1)} MB for ${last.stores.historyDomains} domains, batch store ${mb(last.stores.batchBytes).toFixed(1)} MB in ${last.stores.batchJobs} jobs; slopes after warm-up ${slopeOf((sample) => sample.stores.cacheBytes).toFixed(2)} and ${slopeOf((sample) => sample.stores.historyBytes).toFixed(2)} MB/min`,
    );
    const kindsOf = (sample: Stats) =>
      Object.entries(sample.handles)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(", ");
    console.log(
      `  handles at rest: before the load ${total(atRest)} (${kindsOf(atRest)}), after it settled ${total(settled)} (${kindsOf(settled)}); under load ${Math.min(...after.map(total))} to ${Math.max(...after.map(total))}`,
    );
    console.log(
      `  hits: ${hitsAll?.count} in all, p50 ${hitsAll?.p50Ms.toFixed(2)} ms, p99 ${hitsAll?.p99Ms.toFixed(2)} ms, max ${hitsAll?.maxMs.toFixed(0)} ms`,
    );
    const steady = hitsAll?.afterWarmUp;
    console.log(
      `  hits after warm-up (${(warmUpMs / 1000).toFixed(0)} s): ${steady?.count}, p50 ${steady?.p50Ms.toFixed(2)} ms, p99 ${steady?.p99Ms.toFixed(2)} ms (target < 10), max ${steady?.maxMs.toFixed(0)} ms`,
    );
    if (!steady || steady.p99Ms >= 10) process.exitCode = 1;
  } finally {
    for (const each of children) if (each.exitCode === null) each.kill("SIGTERM");
    await peers.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The least-squares slope of y over x. */
function slopeMbPerMinute(points: readonly [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

await main();
