import {
  type ComparedVerdict,
  type CorefileLab,
  compareVerdicts,
  explainedDisagreements,
  noBuiltInProbes,
  startCorefileLab,
  type ZonemasterScenario,
  zonemasterDataDirectory,
  zonemasterGaps,
  zonemasterScenarios,
  zonemasterTestCases,
} from "@domain-intel/test-kit";
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SectionResult } from "../../contract/section-result.js";
import { createEngine } from "../../engine.js";
import type { DnsData } from "./declaration.js";
import { dnsProbe } from "./dns-probe.js";

/**
 * Zonemaster's own scenarios (its test zones served on loopback as its CoreDNS configuration
 * says, its expected message tags from its engine's tests), each tag read as a verdict of ours
 * by test-kit's one table: every verdict agrees, or the difference is explained (and the engine
 * README says why, with the RFC that decides it), or it is one of the gaps test-kit lists.
 * Undelegated scenarios (given name servers or DS: Zonemaster's `fake_ns`, `fake_ds`) ask the
 * section with `ns` and `ds`, as `?ns=...&ds=...` does.
 */

/** A trust anchor covering nothing the scenarios serve: their test root is not signed. */
const unrelatedAnchor =
  "anchor.invalid. IN DS 1 13 2 0000000000000000000000000000000000000000000000000000000000000000";

interface Replayed {
  scenario: ZonemasterScenario;
  status: SectionResult["status"];
  error: string | null;
  verdicts: ComparedVerdict[];
  /** Our finding's message per id, to say why a verdict differs. */
  messages: ReadonlyMap<string, string>;
  ms: number;
}

/** `ZONEMASTER_REPLAY_ONLY=basic01,dnssec07` replays those test cases alone, for work on them. */
const onlyTestCases = process.env.ZONEMASTER_REPLAY_ONLY
  ? new Set(process.env.ZONEMASTER_REPLAY_ONLY.split(","))
  : null;

let lab: CorefileLab;
const replayed: Replayed[] = [];
let wallMs = 0;

async function replay(scenario: ZonemasterScenario): Promise<Replayed> {
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
    scenario,
    status: section.status,
    error: section.error?.message ?? null,
    verdicts: compareVerdicts({ scenario, checks, zone: data?.health.zone ?? null }),
    messages: new Map(data?.health.checks.map((check) => [check.id, check.message]) ?? []),
    ms,
  };
}

const key = (entry: Replayed, verdict: ComparedVerdict) =>
  `${entry.scenario.testCase}/${entry.scenario.name} ${verdict.id}`;

describe("Zonemaster's scenarios replayed", () => {
  beforeAll(async () => {
    lab = await startCorefileLab({
      root: `${zonemasterDataDirectory}test-zone-data`,
      main: "main.cfg",
      resolverTryMs: 400,
    });
    const scenarios = zonemasterTestCases
      .flatMap((testCase) => zonemasterScenarios(testCase))
      // The root zone and TLDs are no domain the API takes (400 invalid_domain).
      .filter((scenario) => scenario.testable && /^[^.]+\.[^.]/.test(scenario.zone))
      .filter((scenario) => onlyTestCases === null || onlyTestCases.has(scenario.testCase));
    const limit = pLimit(6);
    const started = performance.now();
    replayed.push(...(await Promise.all(scenarios.map((s) => limit(() => replay(s))))));
    wallMs = performance.now() - started;
    const count = (outcome: ComparedVerdict["outcome"]) =>
      replayed.flatMap((entry) => entry.verdicts).filter((v) => v.outcome === outcome).length;
    for (const entry of replayed) {
      for (const verdict of entry.verdicts.filter((v) => v.outcome !== "agree"))
        console.log(
          `${verdict.outcome} ${key(entry, verdict)}: ours ${verdict.ours}, theirs ${verdict.agrees.join("/")} (${verdict.tags.join(" ")}): ${entry.messages.get(verdict.id) ?? entry.error ?? ""}`,
        );
    }
    console.log(
      `zonemaster replay: ${replayed.length} scenarios in ${Math.round(wallMs)} ms; verdicts ${count("agree")} agree, ${count("disagree")} disagree, ${count("no-verdict")} without our verdict`,
    );
  }, 300_000);

  afterAll(async () => {
    await lab?.close();
  });

  it("answers every scenario with data, a 502 only where not even the parent answers", () => {
    const failed = replayed
      .filter((entry) => entry.status !== "ok")
      // Zonemaster finds no parent zone either: the one case the section may not judge.
      .filter((entry) => !entry.scenario.expect.includes("B01_PARENT_NOT_FOUND"));
    expect(
      failed.map((entry) => `${entry.scenario.testCase}/${entry.scenario.name}: ${entry.error}`),
    ).toEqual([]);
  });

  const differing = () =>
    replayed
      .filter((entry) => entry.status === "ok")
      .flatMap((entry) =>
        entry.verdicts
          .filter((verdict) => verdict.outcome !== "agree")
          .map((verdict) => ({ entry, verdict })),
      );

  it("agrees with every mapped verdict, or the difference is explained or a listed gap", () => {
    const unexplained = differing()
      .filter(
        ({ entry, verdict }) =>
          !explainedDisagreements.some((rule) => rule.matches(entry.scenario, verdict)) &&
          zonemasterGaps[key(entry, verdict)] === undefined,
      )
      .map(
        ({ entry, verdict }) =>
          `${key(entry, verdict)}: ours ${verdict.ours ?? "none"}, Zonemaster ${verdict.agrees.join("/")} (${verdict.tags.join(" ")})`,
      );
    expect(unexplained).toEqual([]);
  });

  it("lists no gap that is closed", () => {
    const open = new Set(differing().map(({ entry, verdict }) => key(entry, verdict)));
    const replayedCase = (gap: string) =>
      onlyTestCases === null || onlyTestCases.has(gap.split("/")[0]!);
    expect(
      Object.keys(zonemasterGaps).filter((gap) => replayedCase(gap) && !open.has(gap)),
    ).toEqual([]);
  });
});
