/**
 * The whole DNS assessment (records and every health check) of a signed zone with mail
 * configured, served by loopback name servers that delay every answer by 20 ms. Prints the wall
 * time, the queries the servers received, and the ratio to the sequential baseline: the sum of
 * the latencies had every query waited for the one before. Run with `pnpm bench:dns`.
 */

import { startLabWorld } from "@domain-intel/test-kit";
import { createEngine, dnsProbe, type SectionResult } from "../packages/engine/dist/index.js";
import type { DnsData } from "../packages/engine/dist/probes/dns/dns-data.js";
import { assertBenchTsconfig } from "./support/bench-process.js";

assertBenchTsconfig();

const latencyMs = 20;
const runs = 5;

/**
 * Rounds of queries: a query that waited for an answer arrives at least one latency after the
 * round it waited on started, so arrival times cluster into rounds.
 */
function countRounds(arrivals: readonly number[]): number {
  let rounds = 0;
  let roundStart = Number.NEGATIVE_INFINITY;
  for (const at of [...arrivals].sort((a, b) => a - b)) {
    if (at - roundStart >= latencyMs * 0.75) {
      rounds += 1;
      roundStart = at;
    }
  }
  return rounds;
}

async function main(): Promise<void> {
  let arrivals: number[] = [];
  const world = await startLabWorld({
    latencyMs,
    onQuery: () => arrivals.push(performance.now()),
  });
  const results: { wallMs: number; queries: number; rounds: number; score: number | null }[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      // A fresh engine per run, with its defaults (64 operations in flight): no cache hit.
      const engine = createEngine({
        keys: ["bench"],
        network: { resolvers: [world.lab.resolver.address], allowPrivateAddresses: true },
        probes: {
          dns: dnsProbe({ authoritativePort: world.lab.port }),
          whois: false,
          ssl: false,
          mail: false,
          hosting: false,
        },
      });
      const before = world.lab.queryCount();
      arrivals = [];
      const started = performance.now();
      const section = (await engine.lookup(world.domain, "dns")) as SectionResult;
      const wallMs = performance.now() - started;
      if (section.status !== "ok")
        throw new Error(`the dns section failed: ${section.error?.message}`);
      const data = section.data as DnsData;
      results.push({
        wallMs,
        queries: world.lab.queryCount() - before,
        rounds: countRounds(arrivals),
        score: data.health.score,
      });
    }
  } finally {
    await world.close();
  }
  const sorted = [...results].sort((a, b) => a.wallMs - b.wallMs);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const baselineMs = median.queries * latencyMs;
  console.log(
    `DNS assessment of ${world.domain}: ${runs} runs, ${latencyMs} ms added to every answer`,
  );
  console.log(`  checks score         ${median.score}/100`);
  console.log(`  queries sent         ${median.queries}`);
  console.log(`  rounds of queries    ${median.rounds} (each waits for answers of the one before)`);
  console.log(
    `  wall time            median ${median.wallMs.toFixed(0)} ms (min ${sorted[0]!.wallMs.toFixed(0)}, max ${sorted[sorted.length - 1]!.wallMs.toFixed(0)})`,
  );
  console.log(`  sequential baseline  ${baselineMs} ms (${median.queries} x ${latencyMs} ms)`);
  console.log(
    `  ratio                ${(median.wallMs / baselineMs).toFixed(3)} of the baseline (wall time = ${(median.wallMs / latencyMs).toFixed(1)} x the latency)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
