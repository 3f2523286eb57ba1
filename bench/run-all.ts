/**
 * Every benchmark, one after another, each printing its figures and ratios:
 *   pnpm bench
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const scripts = ["http-hits.ts", "cold-stampede.ts", "memory.ts", "dns.ts", "load-test.ts"];
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "--expose-gc", fileURLToPath(new URL(script, import.meta.url))],
    { stdio: "inherit" },
  );
  if (result.status !== 0) failed++;
}
console.log(`\n${scripts.length - failed} of ${scripts.length} benchmarks met their targets`);
process.exitCode = failed ? 1 : 0;
