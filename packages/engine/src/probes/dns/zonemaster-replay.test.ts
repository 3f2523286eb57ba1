import {
  type ComparedVerdict,
  type CorefileLab,
  explainedDisagreements,
  ipv6Scenarios,
  type ReplayedScenario,
  replayInNamespace,
  replayScenario,
  startCorefileLab,
  type ZonemasterScenario,
  zonemasterDataDirectory,
  zonemasterGaps,
  zonemasterScenarios,
  zonemasterTestCases,
} from "@domain-intel/test-kit";
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Zonemaster's own scenarios (its test zones served on loopback as its CoreDNS configuration
 * says, its expected message tags from its engine's tests), each tag read as a verdict of ours
 * by test-kit's one table: every verdict agrees, or the difference is explained (and the engine
 * README says why, with the RFC that decides it), or it is one of the gaps test-kit lists.
 * The scenarios about IPv6-only servers are replayed in a child process inside a network
 * namespace whose loopback holds their IPv6 addresses (test-kit's `zonemaster-namespace.ts`).
 */

interface Replayed extends ReplayedScenario {
  scenario: ZonemasterScenario;
}

/** `ZONEMASTER_REPLAY_ONLY=basic01,dnssec07` replays those test cases alone, for work on them. */
const onlyTestCases = process.env.ZONEMASTER_REPLAY_ONLY
  ? new Set(process.env.ZONEMASTER_REPLAY_ONLY.split(","))
  : null;

let lab: CorefileLab;
const replayed: Replayed[] = [];
let wallMs = 0;

const key = (entry: Replayed, verdict: ComparedVerdict) => `${entry.key} ${verdict.id}`;

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
    const onIpv6 = (scenario: ZonemasterScenario) =>
      ipv6Scenarios.includes(`${scenario.testCase}/${scenario.name}`);
    const limit = pLimit(6);
    const started = performance.now();
    const [onHost, inNamespace] = await Promise.all([
      Promise.all(
        scenarios
          .filter((scenario) => !onIpv6(scenario))
          .map((scenario) => limit(() => replayScenario({ lab, scenario }))),
      ),
      replayInNamespace(scenarios.filter(onIpv6).map((s) => `${s.testCase}/${s.name}`)),
    ]);
    const byKey = new Map(scenarios.map((s) => [`${s.testCase}/${s.name}`, s]));
    replayed.push(
      ...[...onHost, ...inNamespace].map((entry) => ({
        ...entry,
        scenario: byKey.get(entry.key)!,
      })),
    );
    wallMs = performance.now() - started;
    const count = (outcome: ComparedVerdict["outcome"]) =>
      replayed.flatMap((entry) => entry.verdicts).filter((v) => v.outcome === outcome).length;
    for (const entry of replayed) {
      for (const verdict of entry.verdicts.filter((v) => v.outcome !== "agree"))
        console.log(
          `${verdict.outcome} ${key(entry, verdict)}: ours ${verdict.ours}, theirs ${verdict.agrees.join("/")} (${verdict.tags.join(" ")}): ${entry.messages[verdict.id] ?? entry.error ?? ""}`,
        );
    }
    console.log(
      `zonemaster replay: ${replayed.length} scenarios (${replayed.filter((entry) => ipv6Scenarios.includes(entry.key)).length} in a network namespace with IPv6) in ${Math.round(wallMs)} ms; verdicts ${count("agree")} agree, ${count("disagree")} disagree, ${count("no-verdict")} without our verdict`,
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
    expect(failed.map((entry) => `${entry.key}: ${entry.error}`)).toEqual([]);
  });

  it("replays the IPv6-only scenarios for real, in a network namespace", () => {
    const replayedHere = ipv6Scenarios.filter(
      (name) => onlyTestCases === null || onlyTestCases.has(name.split("/")[0]!),
    );
    const judged = replayedHere.map((name) => {
      const entry = replayed.find((candidate) => candidate.key === name);
      return `${name}: ${entry?.status} ${entry?.verdicts.map((v) => `${v.id} ${v.outcome}`).join(", ")}`;
    });
    // Each answered with data and a verdict of ours, not skipped for want of an address.
    for (const line of judged) expect(line).toMatch(/: ok (\S+ (agree|disagree)(, |$))+$/);
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
