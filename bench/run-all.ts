/**
 * Every benchmark, one after another, each printing its figures and ratios:
 *   pnpm bench
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { assertBenchTsconfig, benchEnv, benchExecArgv } from "./support/bench-process.js";

assertBenchTsconfig();

const scripts = [
  "engine-hits.ts",
  "http-hits.ts",
  "cold-stampede.ts",
  "memory.ts",
  "dns.ts",
  "mail.ts",
  "whois.ts",
  "load-test.ts",
];
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const result = spawnSync(
    process.execPath,
    [...benchExecArgv, "--expose-gc", fileURLToPath(new URL(script, import.meta.url))],
    { stdio: "inherit", env: benchEnv() },
  );
  if (result.status !== 0) failed++;
}
console.log(`\n${scripts.length - failed} of ${scripts.length} benchmarks met their targets`);
process.exitCode = failed ? 1 : 0;
