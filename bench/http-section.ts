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
 * Run with `pnpm bench:http-section`.
 */

import { setTimeout as sleep } from "node:timers/promises";
import {
  createTestPki,
  startDnsServer,
  startWebPeer,
  type WebHandler,
  zoneHandler,
} from "@domain-intel/test-kit";
import { createEngine, httpProbe, type SectionResult } from "../packages/engine/dist/index.js";
import type { HttpData } from "../packages/engine/dist/probes/http/declaration.js";
import { assertBenchTsconfig } from "./support/bench-process.js";
import { observatorySideBySide } from "./support/observatory-side-by-side.js";

assertBenchTsconfig();

const latencyMs = 50;
const runs = 7;
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
  const results: { wallMs: number; longest: number; chainsMs: [number, number] }[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      // A fresh engine per run: no cache hit, no connection kept from the run before.
      const engine = createEngine({
        keys: ["bench"],
        network: { resolvers: [dns.address], allowPrivateAddresses: true },
        probes: {
          whois: false,
          dns: false,
          ssl: false,
          http: httpProbe({ httpsPort, httpPort: http.port, ca: pki.root.certPem }),
        },
      });
      const started = performance.now();
      const section = (await engine.lookup("example.test", "http")) as SectionResult;
      const wallMs = performance.now() - started;
      if (section.status !== "ok")
        throw new Error(`the http section failed: ${section.error?.message}`);
      const data = section.data as HttpData;
      if (data.https.finalStatus !== 200 || data.http.finalStatus !== 200) {
        throw new Error(`a chain did not end on the page: ${JSON.stringify(data.https.hops)}`);
      }
      results.push({
        wallMs,
        longest: Math.max(data.https.hops.length, data.http.hops.length),
        chainsMs: [data.https.responseTimeMs ?? 0, data.http.responseTimeMs ?? 0],
      });
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
  if (ratio > allowedRatio) process.exitCode = 1;
  if (!(await observatorySideBySide())) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
