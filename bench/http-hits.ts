/**
 * Cache hits through every way of serving the API, each against its baseline, side by side in
 * one run (targets from issue 7). Each server runs in a process of its own; autocannon runs
 * here. Authentication, rate limiting and conditional handling stay on in every engine path.
 *   pnpm bench:http        BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default
 */
import os from "node:os";
import { connections, type Measured, measure, printRatio, seconds } from "./support/measure.js";
import { authorization, reportPath } from "./support/report-fixture.js";
import { spawnServer } from "./support/spawn-server.js";

const modes = [
  ["raw", "raw node:http bytes"],
  ["raw-headers", "raw bytes + the same headers"],
  ["serve", "domain-intel serve"],
  ["express-bare", "express res.json()"],
  ["express-adapter", "express adapter"],
  ["fastify-bare", "fastify returning the object"],
  ["fastify-adapter", "fastify adapter"],
] as const;

const results = new Map<string, Measured>();
let reportBytes = 0;
for (const [mode, name] of modes) {
  const server = await spawnServer(mode);
  reportBytes = server.bytes;
  try {
    const result = await measure(name, `${server.url}${reportPath}`, { authorization });
    if (result.non2xx > 0 || result.errors > 0)
      console.log(`  ${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    results.set(mode, result);
  } finally {
    await server.close();
  }
}

console.log(
  `report ${reportBytes} bytes, ${connections} connections, ${seconds} s a run; node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}`,
);
for (const result of results.values()) {
  console.log(
    `${result.name.padEnd(30)} ${String(result.requestsPerSecond).padStart(7)} req/s   p99 ${result.p99Ms} ms`,
  );
}
console.log("");
const get = (mode: string) => results.get(mode)!;
const checks = [
  printRatio("1", get("express-adapter"), get("express-bare"), 1.8),
  printRatio("2", get("fastify-adapter"), get("fastify-bare"), 2.5),
  printRatio("3", get("serve"), get("raw"), 0.85),
  printRatio("3", get("fastify-adapter"), get("raw"), 0.85),
];
// Not a target: how much of the gap to raw is the headers every answer must carry.
printRatio("info", get("serve"), get("raw-headers"), 0.85);
process.exitCode = checks.every(Boolean) ? 0 : 1;
