import { createEngine, type DnsData, dnsProbe, type SectionResult } from "@domain-intel/engine";
import { noBuiltInProbes } from "../../engine/no-built-in-probes.js";
import type { CorefileLab } from "../corefile/corefile-lab.js";
import type { ZonemasterScenario } from "./zonemaster-scenarios.js";
import { type ComparedVerdict, compareVerdicts } from "./zonemaster-verdicts.js";

/** A trust anchor covering nothing the scenarios serve: their test root is not signed. */
const unrelatedAnchor =
  "anchor.invalid. IN DS 1 13 2 0000000000000000000000000000000000000000000000000000000000000000";

export interface ReplayedScenario {
  /** `testCase/NAME`. */
  key: string;
  status: SectionResult["status"];
  error: string | null;
  verdicts: ComparedVerdict[];
  /** Our finding's message per id, to say why a verdict differs. */
  messages: Record<string, string>;
  ms: number;
}

/**
 * One Zonemaster scenario asked of the dns section through the lab's resolver, its verdicts
 * compared with Zonemaster's. Undelegated scenarios (given name servers or DS: Zonemaster's
 * `fake_ns`, `fake_ds`) ask the section with `ns` and `ds`, as `?ns=...&ds=...` does.
 */
export async function replayScenario(options: {
  lab: CorefileLab;
  scenario: ZonemasterScenario;
}): Promise<ReplayedScenario> {
  const { lab, scenario } = options;
  const resolver = await lab.resolver(scenario.rootHints);
  const engine = createEngine({
    keys: ["replay"],
    network: {
      resolvers: [resolver.address],
      // ADDRESS01 is about addresses off loopback: nothing is asked but the resolver.
      allowPrivateAddresses: scenario.testCase !== "address01",
      timeoutMs: 12_000,
    },
    probes: {
      ...noBuiltInProbes,
      dns: dnsProbe({
        authoritativePort: lab.port,
        trustAnchors: unrelatedAnchor,
        tryTimeoutMs: 2500,
        udpTries: 1,
      }),
    },
  });
  const started = performance.now();
  const query = {
    ...(scenario.undelegatedNs.length > 0 ? { ns: scenario.undelegatedNs } : {}),
    ...(scenario.undelegatedDs.length > 0 ? { ds: scenario.undelegatedDs } : {}),
  };
  const section = (await engine.lookup(scenario.zone, "dns", { query })) as SectionResult;
  const ms = performance.now() - started;
  const data = section.status === "ok" ? (section.data as DnsData) : null;
  const checks = new Map(data?.health.checks.map((check) => [check.id, check.status]) ?? []);
  return {
    key: `${scenario.testCase}/${scenario.name}`,
    status: section.status,
    error: section.error?.message ?? null,
    verdicts: compareVerdicts({ scenario, checks, zone: data?.health.zone ?? null }),
    messages: Object.fromEntries(
      data?.health.checks.map((check) => [check.id, check.message]) ?? [],
    ),
    ms,
  };
}
