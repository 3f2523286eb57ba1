/**
 * Issue 8, holding under abuse: many concurrent clients for a while against `domain-intel
 * serve` (the engine on node:http, in a child process of its own so its memory is measured
 * alone) whose upstreams are slow loopback servers: a DNS resolver adding latency to every
 * answer and an RDAP registry adding more. Most requests ask about a distinct cold name, so
 * the probe queue fills; the rest ask about a few names cached before the run. Reports
 * latency, statuses, errors, the server's peak RSS and open sockets, and whether the
 * concurrency bounds held: outbound operations within `maxConcurrency`, probe runs in
 * progress within `maxPendingProbes`, 503 with Retry-After beyond that, cache hits still
 * served, RSS under a stated bound.
 *
 *   npx tsx bench/load-test.ts
 *   LOAD_CLIENTS=1000 LOAD_SECONDS=30 LOAD_MAX_PENDING=256 LOAD_MAX_CONCURRENCY=64
 *   LOAD_DNS_LATENCY_MS=100 LOAD_RDAP_LATENCY_MS=300 LOAD_RSS_BOUND_MB=512
 *
 * Loopback only (127.0.0.1), bounded: at most 5000 clients and 120 s, and the run stops by
 * itself (a watchdog ends both processes if anything hangs).
 */
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { assertBenchTsconfig, benchEnv, benchExecArgv } from "./support/bench-process.js";

assertBenchTsconfig();

const clamp = (name: string, fallback: number, min: number, max: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value)) throw new TypeError(`${name} must be a number`);
  return Math.min(max, Math.max(min, Math.round(value)));
};

const settings = {
  clients: clamp("LOAD_CLIENTS", 1000, 1, 5000),
  seconds: clamp("LOAD_SECONDS", 30, 1, 120),
  maxPendingProbes: clamp("LOAD_MAX_PENDING", 256, 1, 100_000),
  maxConcurrency: clamp("LOAD_MAX_CONCURRENCY", 64, 1, 10_000),
  timeoutMs: clamp("LOAD_TIMEOUT_MS", 5000, 100, 60_000),
  dnsLatencyMs: clamp("LOAD_DNS_LATENCY_MS", 100, 0, 5000),
  rdapLatencyMs: clamp("LOAD_RDAP_LATENCY_MS", 300, 0, 10_000),
  rssBoundMb: clamp("LOAD_RSS_BOUND_MB", 512, 64, 16_384),
  /** Share of requests for names cached before the run, in percent. */
  hotPercent: clamp("LOAD_HOT_PERCENT", 20, 0, 100),
};
const hotNames = 50;

/**
 * Linux's count of connections dropped because a listen queue was full (`ListenOverflows` in
 * /proc/net/netstat; this network namespace, every socket): a client then waits for TCP to
 * retransmit, for seconds. Undefined where it cannot be read.
 */
function listenOverflows(): number | undefined {
  try {
    const lines = readFileSync("/proc/net/netstat", "utf8").split("\n");
    const names = lines.find((line) => line.startsWith("TcpExt:"))?.split(/\s+/) ?? [];
    const values = lines.filter((line) => line.startsWith("TcpExt:"))[1]?.split(/\s+/) ?? [];
    const value = Number(values[names.indexOf("ListenOverflows")]);
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
/** RA and RD (dns-packet's RECURSION_AVAILABLE | RECURSION_DESIRED), as a resolver answers. */
const recursionFlags = (1 << 7) | (1 << 8);
const key = "load-test-key-0123456789abcdef";

/** What the server process reports every 100 ms. */
interface ServerStats {
  rssBytes: number;
  heapUsedBytes: number;
  /** Client connections the HTTP server holds. */
  connections: number;
  /** Every TCP socket of the process (client connections and outbound ones). */
  tcpSockets: number;
  /** Most outbound operations ever holding a concurrency slot at once. */
  peakOperations: number;
  probeRunsInProgress: number;
  peakProbeRunsInProgress: number;
  probeRuns: number;
  /** The server's event loop: p99 and worst delay so far, in ms. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

type Message =
  | { type: "ready"; url: string }
  | ({ type: "stats" } & ServerStats)
  | { type: "stopped" };

if (process.argv[2] === "--serve") await runServer();
else await drive();

// ---------------------------------------------------------------------------------------------
// The server process: `domain-intel serve` with the upstreams the driver started.

async function runServer(): Promise<void> {
  const { serve } = await import("../packages/cli/dist/serve.js");
  const { dnsProbe, whoisProbe, silentLogger } = await import("../packages/engine/dist/index.js");
  type Probe = import("../packages/engine/dist/index.js").Probe;
  const resolver = process.env.LOAD_RESOLVER!;
  const rdapBase = process.env.LOAD_RDAP!;
  let inProgress = 0;
  let peak = 0;
  let runs = 0;
  let operations = 0;
  let peakOperations = 0;
  // Counts probe runs in progress around the real probes; the engine decides what runs.
  const counted = (probe: Probe): Probe => ({
    ...probe,
    run: async (domain, context) => {
      inProgress++;
      runs++;
      peak = Math.max(peak, inProgress);
      // Outbound operations holding one of the engine's maxConcurrency slots.
      const limit: typeof context.limit = (operation) =>
        context.limit(async () => {
          operations++;
          peakOperations = Math.max(peakOperations, operations);
          try {
            return await operation();
          } finally {
            operations--;
          }
        });
      try {
        return await probe.run(domain, { ...context, limit });
      } finally {
        inProgress--;
      }
    },
  });
  const running = await serve({
    env: { PORT: "0", HOST: "127.0.0.1" },
    print: () => undefined,
    engine: {
      keys: [key],
      network: {
        resolvers: [resolver],
        allowPrivateAddresses: true,
        timeoutMs: settings.timeoutMs,
        maxConcurrency: settings.maxConcurrency,
        maxPendingProbes: settings.maxPendingProbes,
      },
      probes: {
        ssl: false,
        mail: false,
        hosting: false,
        dns: counted(dnsProbe({ authoritativePort: Number(resolver.split(":")[1]) }) as Probe),
        whois: counted(
          whoisProbe({
            bootstrap: {
              version: "1.0",
              publication: "2026-11-01T00:00:00Z",
              services: [[["test"], [rdapBase]]],
            },
            // Nothing listens on port 43 there: no WHOIS fallback leaves the machine.
            whoisHints: { test: "127.0.43.9" },
          }) as Probe,
        ),
      },
      rateLimit: false,
      logger: silentLogger,
    },
  });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // getConnections answers asynchronously: each report carries what the previous call found.
  let connections = 0;
  const stats = (): ServerStats => {
    running.server.getConnections((_error, count) => {
      connections = count;
    });
    const memory = process.memoryUsage();
    return {
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      connections,
      tcpSockets: process.getActiveResourcesInfo().filter((type) => type === "TCPSocketWrap")
        .length,
      peakOperations,
      probeRunsInProgress: inProgress,
      peakProbeRunsInProgress: peak,
      probeRuns: runs,
      loopDelayP99Ms: loop.percentile(99) / 1e6,
      loopDelayMaxMs: loop.max / 1e6,
    };
  };
  const report = setInterval(() => {
    process.send?.({ type: "stats", ...stats() } satisfies Message);
  }, 100);
  const stop = async () => {
    clearInterval(report);
    await running.close().catch(() => undefined);
    process.send?.({ type: "stopped" } satisfies Message, () => process.exit(0));
  };
  process.on("message", (message: { type?: string }) => {
    if (message?.type === "stop") void stop();
  });
  // The driver went away: stop too.
  process.on("disconnect", () => process.exit(0));
  setTimeout(() => process.exit(2), (settings.seconds + 120) * 1000).unref();
  process.send?.({ type: "ready", url: running.url } satisfies Message);
}

// ---------------------------------------------------------------------------------------------
// The driver: slow upstreams, the clients, the figures.

async function drive(): Promise<void> {
  const { startDnsServer } = await import("@domain-intel/test-kit");
  const watchdog = setTimeout(
    () => {
      console.error("load test: watchdog fired, stopping");
      child?.kill("SIGKILL");
      process.exit(3);
    },
    (settings.seconds + 90) * 1000,
  );
  watchdog.unref();

  // Outbound operations in flight at the upstreams, across both (the engine's limit is shared).
  let upstreamInFlight = 0;
  let peakUpstreamInFlight = 0;
  let upstreamTotal = 0;
  const upstreamStarted = () => {
    upstreamTotal++;
    upstreamInFlight++;
    peakUpstreamInFlight = Math.max(peakUpstreamInFlight, upstreamInFlight);
  };

  // A resolver answering any *.test name after the latency: an A record, else an empty answer.
  const dns = await startDnsServer(
    (query) => {
      upstreamInFlight--;
      const question = query.questions?.[0];
      return {
        type: "response",
        flags: recursionFlags,
        answers:
          question?.type === "A" && question.name.endsWith(".test")
            ? [{ type: "A", name: question.name, ttl: 300, data: "127.0.0.1" }]
            : [],
      };
    },
    { latencyMs: settings.dnsLatencyMs, onQuery: upstreamStarted },
  );

  // A registry answering every domain after its latency.
  const rdap = http.createServer((request, response) => {
    upstreamStarted();
    const timer = setTimeout(() => {
      upstreamInFlight--;
      const name = decodeURIComponent((request.url ?? "").split("/domain/")[1] ?? "x.test");
      response.writeHead(200, { "content-type": "application/rdap+json" });
      response.end(
        JSON.stringify({
          objectClassName: "domain",
          ldhName: name.toUpperCase(),
          status: ["active"],
          events: [{ eventAction: "expiration", eventDate: "2030-01-01T00:00:00Z" }],
        }),
      );
    }, settings.rdapLatencyMs);
    response.on("close", () => {
      if (!response.writableFinished) {
        clearTimeout(timer);
        upstreamInFlight--;
      }
    });
  });
  rdap.listen(0, "127.0.0.1");
  await new Promise((resolve) => rdap.once("listening", resolve));
  const rdapBase = `http://127.0.0.1:${(rdap.address() as AddressInfo).port}/`;

  let child: ChildProcess | undefined;
  const samples: ServerStats[] = [];
  child = fork(fileURLToPath(import.meta.url), ["--serve"], {
    execArgv: benchExecArgv,
    env: benchEnv({ LOAD_RESOLVER: dns.address, LOAD_RDAP: rdapBase }),
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child!.once("exit", (code) => reject(new Error(`server exited early (${code})`)));
    child!.on("message", (message: Message) => {
      if (message.type === "ready") resolve(message.url);
      if (message.type === "stats") samples.push(message);
    });
  });
  const { port } = new URL(url);

  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.clients });
  /** The longest TCP connect: the server's accept queue overflowing shows here. */
  let slowestConnectMs = 0;
  /** A few problem details of each failing status, to say what failed. */
  const details = new Map<number, Set<string>>();
  const get = (path: string): Promise<{ status: number; retryAfter?: string }> =>
    new Promise((resolve, reject) => {
      const request = http.get(
        {
          host: "127.0.0.1",
          port,
          path,
          agent,
          headers: { authorization: `Bearer ${key}` },
          timeout: 30_000,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const seen = details.get(status) ?? new Set<string>();
          if (status >= 500 && status !== 503 && seen.size < 3) {
            let text = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => {
              text += chunk;
            });
            response.on("end", () => {
              const detail = String(JSON.parse(text || "{}").detail ?? "");
              seen.add(detail.replace(/cold-\d+/g, "cold-N").slice(0, 240));
              details.set(status, seen);
            });
          } else {
            response.resume();
          }
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              ...(response.headers["retry-after"]
                ? { retryAfter: String(response.headers["retry-after"]) }
                : {}),
            }),
          );
          response.on("error", reject);
        },
      );
      request.on("socket", (socket) => {
        if (!socket.connecting) return;
        const begin = performance.now();
        socket.once("connect", () => {
          slowestConnectMs = Math.max(slowestConnectMs, performance.now() - begin);
        });
      });
      request.on("timeout", () => request.destroy(new Error("client timeout")));
      request.on("error", reject);
    });

  // Names cached before the run: their requests must keep being answered 200 throughout.
  const hotPaths = Array.from({ length: hotNames }, (_, index) =>
    index % 2 ? `/api/v1/dns/hot-${index}.test` : `/api/v1/whois/hot-${index}.test`,
  );
  for (let index = 0; index < hotPaths.length; index += 10) {
    const warmed = await Promise.all(hotPaths.slice(index, index + 10).map(get));
    for (const answer of warmed) {
      if (answer.status !== 200) throw new Error(`warm-up answered ${answer.status}`);
    }
  }
  const rssBefore = samples.at(-1)?.rssBytes ?? 0;
  // The driver's own event loop: its delays show in every latency it measures.
  const driverLoop = monitorEventLoopDelay({ resolution: 10 });
  driverLoop.enable();

  // The run: every client sends its next request as soon as the last one is answered.
  let cold = 0;
  const latencies = {
    all: [] as number[],
    ok: [] as number[],
    overloaded: [] as number[],
    hot: [] as number[],
  };
  const statuses = new Map<number, number>();
  const hotStatuses = new Map<number, number>();
  const retryAfters = new Map<string, number>();
  const errors = new Map<string, number>();
  const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  const overflowsBefore = listenOverflows();
  const started = performance.now();
  const endAt = started + settings.seconds * 1000;
  const client = async () => {
    while (performance.now() < endAt) {
      const hot = Math.random() * 100 < settings.hotPercent;
      const n = hot ? 0 : cold++;
      const path = hot
        ? hotPaths[Math.floor(Math.random() * hotPaths.length)]!
        : `/api/v1/${n % 2 ? "dns" : "whois"}/cold-${n}.test`;
      const begin = performance.now();
      try {
        const answer = await get(path);
        const elapsed = performance.now() - begin;
        latencies.all.push(elapsed);
        count(statuses, answer.status);
        if (answer.status === 200) latencies.ok.push(elapsed);
        if (answer.status === 503) {
          latencies.overloaded.push(elapsed);
          count(retryAfters, answer.retryAfter ?? "missing");
        }
        if (hot) {
          latencies.hot.push(elapsed);
          count(hotStatuses, answer.status);
        }
      } catch (error) {
        count(errors, (error as NodeJS.ErrnoException).code ?? (error as Error).message);
      }
    }
  };
  // Clients arrive over about half a second, 50 at a time, not as one SYN flood: a burst
  // of 1000 connects overflows the listen backlog (511) and TCP retries them for seconds.
  const clients: Promise<void>[] = [];
  for (let index = 0; index < settings.clients; index++) {
    if (index > 0 && index % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    clients.push(client());
  }
  await Promise.all(clients);
  const wallSeconds = (performance.now() - started) / 1000;
  const overflowsAfter = listenOverflows();
  const overflowed =
    overflowsBefore === undefined || overflowsAfter === undefined
      ? "unknown"
      : String(overflowsAfter - overflowsBefore);
  driverLoop.disable();
  agent.destroy();

  // Let the server settle, then stop it.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const stopped = new Promise<void>((resolve) => {
    child!.on("message", (message: Message) => {
      if (message.type === "stopped") resolve();
    });
    child!.once("exit", () => resolve());
  });
  child.send({ type: "stop" });
  await stopped;
  child = undefined;
  await dns.close();
  rdap.closeAllConnections();
  await new Promise((resolve) => rdap.close(resolve));
  clearTimeout(watchdog);

  // The figures.
  const pct = (values: number[], p: number) => {
    if (values.length === 0) return Number.NaN;
    const sorted = Float64Array.from(values).sort();
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  };
  const ms = (value: number) => (Number.isNaN(value) ? "-" : `${value.toFixed(0)} ms`);
  const line = (name: string, values: number[]) =>
    `${name}: ${values.length} answers, p50 ${ms(pct(values, 50))}, p99 ${ms(pct(values, 99))}, max ${ms(pct(values, 100))}`;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const peakOf = (field: keyof ServerStats) => Math.max(0, ...samples.map((s) => s[field]));
  const total = latencies.all.length;
  const overloaded = statuses.get(503) ?? 0;
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const peakRss = peakOf("rssBytes");
  const peakRuns = peakOf("peakProbeRunsInProgress");
  const peakOperations = peakOf("peakOperations");
  const internal = statuses.get(500) ?? 0;
  const upstreamFailures = (statuses.get(502) ?? 0) + (statuses.get(504) ?? 0);
  const object = (map: Map<unknown, number>) =>
    JSON.stringify(Object.fromEntries([...map].sort((a, b) => b[1] - a[1])));

  console.log(
    `load: ${settings.clients} clients for ${settings.seconds} s against domain-intel serve on 127.0.0.1, node ${process.version}`,
  );
  console.log(
    `engine: maxConcurrency ${settings.maxConcurrency}, maxPendingProbes ${settings.maxPendingProbes}, probe budget ${settings.timeoutMs} ms; upstreams: DNS +${settings.dnsLatencyMs} ms per answer, RDAP +${settings.rdapLatencyMs} ms; ${settings.hotPercent}% of requests for ${hotNames} cached names`,
  );
  console.log(
    `requests: ${total} in ${wallSeconds.toFixed(1)} s (${(total / wallSeconds).toFixed(0)}/s); statuses ${object(statuses)}; client errors ${errorCount}${errorCount ? ` ${object(errors)}` : ""}`,
  );
  console.log(`latency ${line("all", latencies.all)}`);
  console.log(`latency ${line("200", latencies.ok)}`);
  console.log(`latency ${line("503", latencies.overloaded)}; Retry-After ${object(retryAfters)}`);
  console.log(`latency ${line("cached names", latencies.hot)}; statuses ${object(hotStatuses)}`);
  console.log(
    `server: peak RSS ${mb(peakRss)} (before the run ${mb(rssBefore)}, bound ${settings.rssBoundMb} MB), peak heap ${mb(peakOf("heapUsedBytes"))}, peak client connections ${peakOf("connections")}, slowest client connect ${ms(slowestConnectMs)}, connections dropped by a full listen queue ${overflowed}, peak TCP sockets ${peakOf("tcpSockets")}; at the end ${samples.at(-1)?.connections ?? "?"} connections`,
  );
  console.log(`sections that could not be produced (502/504, slow upstreams): ${upstreamFailures}`);
  for (const [status, seen] of details) {
    for (const detail of seen) console.log(`  ${status}: ${detail}`);
  }
  console.log(
    `probes: ${samples.at(-1)?.probeRuns ?? 0} runs, peak in progress ${peakRuns} (bound ${settings.maxPendingProbes}); outbound operations peak ${peakOperations} (bound ${settings.maxConcurrency}); the upstreams got ${upstreamTotal} queries and requests (${(upstreamTotal / Math.max(1, samples.at(-1)?.probeRuns ?? 1)).toFixed(1)} a run), at most ${peakUpstreamInFlight} at once (counting those the engine already gave up on, which stay there until their latency is over)`,
  );

  const checks: [string, boolean][] = [
    [
      `probe runs in progress stayed within maxPendingProbes (${peakRuns} <= ${settings.maxPendingProbes})`,
      peakRuns <= settings.maxPendingProbes,
    ],
    [
      `outbound operations stayed within maxConcurrency (${peakOperations} <= ${settings.maxConcurrency})`,
      peakOperations <= settings.maxConcurrency,
    ],
    [
      `a full queue answered 503 with Retry-After (${overloaded} answers, ${retryAfters.get("missing") ?? 0} without it)`,
      overloaded > 0 && !retryAfters.has("missing"),
    ],
    [
      `cached names kept being answered 200 (${hotStatuses.get(200) ?? 0} of ${latencies.hot.length})`,
      settings.hotPercent === 0 || (hotStatuses.get(200) ?? 0) === latencies.hot.length,
    ],
    [
      `peak RSS under ${settings.rssBoundMb} MB (${mb(peakRss)})`,
      peakRss < settings.rssBoundMb * 1024 * 1024,
    ],
    [`no 500 internal (${internal})`, internal === 0],
  ];
  const last = samples.at(-1);
  console.log(
    `event loop delay: server p99 ${ms(last?.loopDelayP99Ms ?? Number.NaN)}, max ${ms(last?.loopDelayMaxMs ?? Number.NaN)}; driver (clients and upstreams, same 2 cores) p99 ${ms(driverLoop.percentile(99) / 1e6)}, max ${ms(driverLoop.max / 1e6)}`,
  );
  for (const [what, held] of checks) console.log(`${held ? "held" : "BROKEN"}: ${what}`);
  const held = checks.every(([, ok]) => ok);
  console.log(`concurrency bounds held: ${held ? "yes" : "NO"}`);
  // Below the engine: whether every client got through to it at all.
  const answeredAll = errorCount === 0;
  console.log(
    `every client answered: ${answeredAll ? "yes" : `NO (${errorCount} requests got no answer in 30 s)`}`,
  );
  if (overflowed !== "unknown" && overflowed !== "0") {
    console.log(
      `  ${overflowed} connections were dropped by a full listen queue (node's default backlog, 511): their clients waited for TCP retransmits, which is the latency tail above and any client timeout. Not an engine bound: serve() needs a larger listen backlog.`,
    );
  }
  process.exitCode = held && answeredAll ? 0 : 1;
}
