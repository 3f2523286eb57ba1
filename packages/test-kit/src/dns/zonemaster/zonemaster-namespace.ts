import { fileURLToPath } from "node:url";
import { namespaceMissingTools, runInNamespace } from "../../remediation/namespace-proof.js";
import type { ReplayedScenario } from "./zonemaster-replay.js";

/**
 * Scenarios whose servers are reached over IPv6 only (DELEGATION01's NO-IPV4), or whose finding
 * is about an IPv6 address (ADDRESS03's INCOMPLETE-PTR-2: the reverse name missing is the IPv6
 * address's). The host's lab serves IPv4 only; these are replayed in a network namespace.
 */
export const ipv6Scenarios: readonly string[] = [
  "delegation01/NO-IPV4-1",
  "delegation01/NO-IPV4-2",
  "delegation01/NO-IPV4-3",
  "address03/INCOMPLETE-PTR-2",
];

const child = fileURLToPath(new URL("./zonemaster-namespace-child.ts", import.meta.url));

/**
 * Replays `keys` (`testCase/NAME`) in a child process inside its own network namespace
 * (`unshare -rn`, no root needed), whose loopback holds every address the scenarios' servers
 * bind, IPv6 included; the child prints the replayed scenarios as JSON. Throws, saying why,
 * where a namespace cannot be made.
 */
export async function replayInNamespace(keys: readonly string[]): Promise<ReplayedScenario[]> {
  const missing = namespaceMissingTools();
  if (missing)
    throw new Error(`the IPv6 scenarios are replayed in a network namespace: ${missing}`);
  const out = await runInNamespace({
    setup: "ip link set lo up",
    script: child,
    args: keys,
    timeoutMs: 240_000,
    what: "the replay in a network namespace",
  });
  return JSON.parse(out) as ReplayedScenario[];
}
