import { spawnSync } from "node:child_process";
import { startCorefileLab } from "../corefile/corefile-lab.js";
import { replayScenario } from "./zonemaster-replay.js";
import { zonemasterDataDirectory, zonemasterScenarios } from "./zonemaster-scenarios.js";

// Run by zonemaster-namespace.ts inside a network namespace: the scenarios named in argv
// replayed with the lab serving IPv6 as well, as JSON on stdout.
const keys = process.argv.slice(2);
const testCases = [...new Set(keys.map((key) => key.split("/")[0]!))];
const scenarios = testCases
  .flatMap((testCase) => zonemasterScenarios(testCase))
  .filter((scenario) => keys.includes(`${scenario.testCase}/${scenario.name}`));
const missing = keys.filter((key) => !scenarios.some((s) => `${s.testCase}/${s.name}` === key));
if (missing.length > 0) throw new Error(`no Zonemaster scenario ${missing.join(", ")}`);

const config = {
  root: `${zonemasterDataDirectory}test-zone-data`,
  main: "main.cfg",
  only: testCases,
  resolverTryMs: 400,
};
// The IPv4-only lab lists the IPv6 addresses it would bind: loopback gets them first.
const listing = await startCorefileLab(config);
await listing.close();
const added = spawnSync("ip", ["-batch", "-"], {
  input: listing.unservedIpv6.map((address) => `addr add ${address}/128 dev lo nodad\n`).join(""),
  encoding: "utf8",
});
if (added.status !== 0) throw new Error(`ip could not add the IPv6 addresses: ${added.stderr}`);

const lab = await startCorefileLab({ ...config, ipv6: true });
try {
  const replayed = [];
  for (const scenario of scenarios) replayed.push(await replayScenario({ lab, scenario }));
  process.stdout.write(JSON.stringify(replayed));
} finally {
  await lab.close();
}
