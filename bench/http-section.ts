/**
 * The http section cold, against loopback peers that hold every response 50 ms: `https://` and
 * `http://` each reach the page through a 2-hop redirect (http first redirects to https, so
 * its chain is the longest: 4 requests), and security.txt is one request. The chains run in
 * parallel, so the wall time should stay within 1.2x of the longest chain alone (its requests
 * x 50 ms). Prints the wall time and the ratio.
 *
 * Then, side by side with the MDN HTTP Observatory's scanner (npm `@mdn/mdn-http-observatory`),
 * the same loopback sites (its own test cases and captured scans) one at a time and 6 at a time:
 * both wall times, the ratio (target: ours at most 0.5x), and how many verdicts agree. That part
 * serves the sites on ports 443 and 80 (its `scan()` takes no ports): run as root.
 * Run with `pnpm bench:http-section` (`BENCH_RUNS`: cold runs of the first part, default 7).
 * `BENCH_ENGINE_BEFORE=<another build's packages/engine/dist/index.js>` measures that build too,
 * in the same run: paired rounds in the first part, a third scan of the sites in the second.
 */

import { loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import {
  createTestPki,
  startDnsServer,
  startWebPeer,
  type WebHandler,
  zoneHandler,
} from "@domain-intel/test-kit";
import type { SectionResult } from "../packages/engine/dist/index.js";
import * as engineModule from "../packages/engine/dist/index.js";
import type { HttpData } from "../packages/engine/dist/probes/http/declaration.js";
import { assertBenchTsconfig } from "./support/bench-process.js";
import { type EngineBuild, engineBefore } from "./support/engine-before.js";
import { observatorySideBySide } from "./support/observatory-side-by-side.js";

assertBenchTsconfig();

const latencyMs = 50;
const runs = Number(process.env.BENCH_RUNS ?? 7);
const allowedRatio = 1.2;

function delayed(routes: Record<string, (respond: Parameters<WebHandler>[1]) => void>): WebHandler {
  return (request, response) => {
    void sleep(latencyMs).then(() => {
      const route = routes[request.url ?? ""];
      if (route) return route(response);
      response.writeHead(404);
      response.end();
    });
  };
}

const redirect = (location: string) => (response: Parameters<WebHandler>[1]) => {
  response.writeHead(301, { location });
  response.end();
};

interface RunResult {
  wallMs: number;
  longest: number;
  chainsMs: [number, number];
}

/** One cold run of the section, with a fresh engine: no cache hit, no connection kept. */
async function runOnce(
  build: EngineBuild,
  site: { dns: string; httpsPort: number; httpPort: number; ca: string },
): Promise<RunResult> {
  const engine = build.createEngine({
    keys: ["bench"],
    network: { resolvers: [site.dns], allowPrivateAddresses: true },
    probes: {
      whois: false,
      dns: false,
      ssl: false,
      http: build.httpProbe({ httpsPort: site.httpsPort, httpPort: site.httpPort, ca: site.ca }),
    },
  });
  const started = performance.now();
  const section = (await engine.lookup("example.test", "http")) as SectionResult;
  const wallMs = performance.now() - started;
  await engine.close();
  if (section.status !== "ok")
    throw new Error(`the http section failed: ${section.error?.message}`);
  const data = section.data as HttpData;
  if (data.https.finalStatus !== 200 || data.http.finalStatus !== 200) {
    throw new Error(`a chain did not end on the page: ${JSON.stringify(data.https.hops)}`);
  }
  return {
    wallMs,
    longest: Math.max(data.https.hops.length, data.http.hops.length),
    chainsMs: [data.https.responseTimeMs ?? 0, data.http.responseTimeMs ?? 0],
  };
}

async function main(): Promise<void> {
  const dns = await startDnsServer(
    zoneHandler({
      "example.test": [{ type: "A", name: "example.test", ttl: 60, data: "127.0.0.1" }],
    }),
  );
  const pki = await createTestPki();
  const leaf = await pki.issueLeaf({
    commonName: "example.test",
    subjectAltNames: ["example.test"],
  });
  let httpsPort = 0;
  const https = await startWebPeer({
    tls: { key: leaf.keyPem, cert: leaf.chainPem },
    handler: delayed({
      "/": redirect("/a"),
      "/a": redirect("/b"),
      "/b": (response) => {
        response.writeHead(200, { "strict-transport-security": "max-age=31536000" });
        response.end("page");
      },
      "/.well-known/security.txt": (response) => {
        response.writeHead(200, { "content-type": "text/plain" });
        response.end("Contact: mailto:security@example.test\nExpires: 2099-01-01T00:00:00Z\n");
      },
    }),
  });
  httpsPort = https.port;
  const http = await startWebPeer({
    handler: delayed({ "/": redirect(`https://example.test:${httpsPort}/`) }),
  });
  const site = { dns: dns.address, httpsPort, httpPort: http.port, ca: pki.root.certPem };
  const before = await engineBefore();
  const results: RunResult[] = [];
  const beforeResults: RunResult[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      // Paired rounds, the order alternating: the machine's load hits both builds alike.
      if (before && run % 2 === 1) beforeResults.push(await runOnce(before, site));
      results.push(await runOnce(engineModule, site));
      if (before && run % 2 === 0) beforeResults.push(await runOnce(before, site));
    }
  } finally {
    await Promise.all([https.close(), http.close(), dns.close()]);
  }
  const sorted = [...results].sort((a, b) => a.wallMs - b.wallMs);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const baselineMs = median.longest * latencyMs;
  const ratio = median.wallMs / baselineMs;
  console.log(
    `http section of example.test: ${runs} cold runs, ${latencyMs} ms added to every response`,
  );
  console.log(`  longest chain        ${median.longest} requests (http -> https -> 2 redirects)`);
  console.log(
    `  wall time            median ${median.wallMs.toFixed(0)} ms (min ${sorted[0]!.wallMs.toFixed(0)}, max ${sorted.at(-1)!.wallMs.toFixed(0)})`,
  );
  console.log(`  longest chain alone  ${baselineMs} ms (${median.longest} x ${latencyMs} ms)`);
  console.log(
    `  chains (median run)  https ${median.chainsMs[0]} ms, http ${median.chainsMs[1]} ms to the final headers`,
  );
  console.log(`  best run ratio       ${(sorted[0]!.wallMs / baselineMs).toFixed(3)}`);
  console.log(`  ratio                ${ratio.toFixed(3)} (target <= ${allowedRatio})`);
  if (before) {
    const medianOf = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const beforeMs = medianOf(beforeResults.map((result) => result.wallMs));
    const perRound = medianOf(
      results.map((result, at) => result.wallMs / beforeResults[at]!.wallMs),
    );
    console.log(
      `  engine before        median ${beforeMs.toFixed(0)} ms (ratio ${(beforeMs / baselineMs).toFixed(3)}); this / before, median of paired rounds ${perRound.toFixed(3)}`,
    );
  }
  console.log(
    `  load average         ${loadavg()
      .map((load) => load.toFixed(1))
      .join(" ")}`,
  );
  if (ratio > allowedRatio) process.exitCode = 1;
  if (!(await observatorySideBySide())) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
