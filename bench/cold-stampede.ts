/**
 * Issue 7, target 4: 1000 concurrent cold requests for one domain against loopback upstreams
 * that add 50 ms to every answer (DNS, RDAP, TLS). Exactly one probe per section must run, and
 * the full report must take at most 1.2x the slowest section alone.
 *   pnpm bench:cold
 */
import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import tls from "node:tls";
import { createTestPki, startDnsServer, zoneHandler } from "@domain-intel/test-kit";
import {
  createEngine,
  dnsProbe,
  type EngineOptions,
  type Probe,
  silentLogger,
  sslProbe,
  whoisProbe,
} from "../packages/engine/dist/index.js";
import { assertBenchTsconfig } from "./support/bench-process.js";

assertBenchTsconfig();

const latencyMs = 50;
const requests = Number(process.env.BENCH_COLD_REQUESTS ?? 1000);
const domain = "example.test";
const delay = () => new Promise((resolve) => setTimeout(resolve, latencyMs));

const dns = await startDnsServer(
  zoneHandler({ [domain]: [{ type: "A", name: domain, ttl: 300, data: "127.0.0.1" }] }),
  { latencyMs },
);
const pki = await createTestPki();
const leaf = await pki.issueLeaf({ commonName: domain, subjectAltNames: [domain] });
const tlsServer = tls.createServer({ key: leaf.keyPem, cert: leaf.chainPem });
tlsServer.listen(0, "127.0.0.1");
await once(tlsServer, "listening");
// A TCP hop that holds every new connection for the latency before passing it to TLS.
const slowHop = net.createServer((client) => {
  client.pause();
  setTimeout(() => {
    const upstream = net.connect((tlsServer.address() as net.AddressInfo).port, "127.0.0.1");
    client.pipe(upstream).pipe(client);
    client.resume();
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  }, latencyMs);
});
slowHop.listen(0, "127.0.0.1");
await once(slowHop, "listening");
const rdap = http.createServer(async (request, response) => {
  await delay();
  if (request.url === `/domain/${domain}`) {
    response.writeHead(200, { "content-type": "application/rdap+json" });
    response.end(
      JSON.stringify({
        objectClassName: "domain",
        ldhName: domain.toUpperCase(),
        status: ["active"],
        events: [{ eventAction: "expiration", eventDate: "2030-01-01T00:00:00Z" }],
      }),
    );
  } else {
    response.writeHead(404).end();
  }
});
rdap.listen(0, "127.0.0.1");
await once(rdap, "listening");

const runs: Record<string, number> = {};
const counted = (section: string, probe: Probe): Probe => ({
  ...probe,
  run: (name, context) => {
    runs[section] = (runs[section] ?? 0) + 1;
    return probe.run(name, context);
  },
});

const bootstrap = {
  version: "1.0",
  publication: "2026-11-01T00:00:00Z",
  services: [[["test"], [`http://127.0.0.1:${(rdap.address() as net.AddressInfo).port}/`]]],
};
const sslPort = (slowHop.address() as net.AddressInfo).port;

function engineOptions(probes: EngineOptions["probes"] = {}): EngineOptions {
  return {
    keys: ["bench-key-0123456789"],
    network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 5000 },
    rdap: { bootstrap },
    rateLimit: { plans: { default: { capacity: 1_000_000, refillPerSecond: 1_000_000 } } },
    logger: silentLogger,
    probes: { ssl: sslProbe({ port: sslPort, ca: pki.root.certPem }), ...probes },
  };
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

// Each section alone, cold, on an engine of its own.
const alone: Record<string, number> = {};
for (const section of ["dns", "ssl", "whois"]) {
  const engine = createEngine(engineOptions());
  alone[section] = await timed(() => engine.lookup(domain, section));
}
const slowest = Math.max(...Object.values(alone));

const countedEngine = createEngine(
  engineOptions({
    ssl: counted("ssl", sslProbe({ port: sslPort, ca: pki.root.certPem })),
    dns: counted("dns", dnsProbe()),
    whois: counted("whois", whoisProbe({ bootstrap })),
  }),
);
const request = {
  method: "GET",
  url: `/api/v1/domain/${domain}`,
  headers: { authorization: "Bearer bench-key-0123456789" },
};
const latencies: number[] = [];
const started = performance.now();
const answers = await Promise.all(
  Array.from({ length: requests }, async () => {
    const begin = performance.now();
    const answer = await countedEngine.handle(request);
    latencies.push(performance.now() - begin);
    return answer;
  }),
);
const wall = performance.now() - started;
latencies.sort((a, b) => a - b);
const p50 = latencies[Math.floor(latencies.length / 2)]!;
const p99 = latencies[Math.floor(latencies.length * 0.99)]!;
const statuses = new Map<number, number>();
for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
const sectionsOk = answers.every((answer) => {
  const body = JSON.parse(Buffer.from(answer.body).toString());
  return Object.values(body.sections as Record<string, { status: string }>).every(
    (section) => section.status === "ok",
  );
});

console.log(
  `upstream latency ${latencyMs} ms per answer; each section alone (cold): ${Object.entries(alone)
    .map(([s, ms]) => `${s} ${ms.toFixed(0)} ms`)
    .join(", ")}`,
);
console.log(
  `${requests} concurrent cold report requests: wall ${wall.toFixed(0)} ms, p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}, every section ok: ${sectionsOk}`,
);
console.log(`probe runs per section: ${JSON.stringify(runs)}`);
const ratio = p99 / slowest;
const onePerSection = ["dns", "ssl", "whois"].every((section) => runs[section] === 1);
console.log(
  `4: report p99 ${p99.toFixed(0)} ms vs slowest section alone ${slowest.toFixed(0)} ms = ${ratio.toFixed(2)}x (target <= 1.2x) ${ratio <= 1.2 ? "ok" : "ABOVE TARGET"}; one probe per section: ${onePerSection ? "ok" : "NO"}`,
);

await dns.close();
tlsServer.close();
slowHop.close();
rdap.closeAllConnections();
rdap.close();
process.exitCode = ratio <= 1.2 && onePerSection && sectionsOk ? 0 : 1;
