/**
 * Our dns section against Debian's zonemaster-cli and DNSViz on the same loopback zones: a
 * healthy signed chain root -> TLD -> zone and a few broken ones the dns tests use. Prints, per
 * Zonemaster test case mapped in the engine README's table, whether both tools see a problem;
 * for DNSViz (`dnsviz probe -A` then `grok`), the delegation's DNSSEC status against our chain
 * check and whether it sees the scenario's break at all; and every tool's wall time with the
 * ratio to ours. zonemaster-cli only speaks to port 53 and walks from root hints, so
 * the lab's name servers listen on port 53 (this needs root) and the root zone is served
 * authoritatively too. Without zonemaster-cli (CI), it says so and prints ours alone.
 * Run with `pnpm bench:dns-depth`; `DNS_DEPTH_DUMP=/tmp/zm` also keeps zonemaster-cli's JSON of
 * each scenario (`/tmp/zm-<index>.json`).
 */

import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createEngine, dnsProbe, type SectionResult } from "../packages/engine/dist/index.js";
import type { DnsData } from "../packages/engine/dist/probes/dns/declaration.js";
import { assertBenchTsconfig, benchEnv, benchExecArgv } from "./support/bench-process.js";
import type { LabCoordinates } from "./support/dns-depth-lab.js";
import { type Scenario, scenarios } from "./support/dns-depth-scenarios.js";

assertBenchTsconfig();

/** Zonemaster test case -> our checks, as in the engine README's table (cases we map). */
const mapped: Record<string, readonly string[]> = {
  BASIC01: ["dns.zone.exists"],
  ADDRESS01: ["dns.ns.public-address"],
  CONNECTIVITY01: ["dns.ns.reachable-udp"],
  CONNECTIVITY02: ["dns.ns.reachable-tcp"],
  CONSISTENCY01: ["dns.soa.serial-sync"],
  CONSISTENCY04: ["dns.ns.parent-child"],
  CONSISTENCY05: ["dns.ns.glue"],
  DELEGATION01: ["dns.ns.count", "dns.ns.ipv6"],
  DELEGATION02: ["dns.ns.distinct-ip"],
  DELEGATION04: ["dns.ns.lame"],
  DELEGATION05: ["dns.ns.not-cname"],
  DELEGATION07: ["dns.ns.parent-child"],
  DNSSEC01: ["dns.dnssec.ds-digest", "dns.dnssec.algorithm"],
  DNSSEC02: ["dns.dnssec.ds-match", "dns.dnssec.chain"],
  DNSSEC03: ["dns.dnssec.nsec3-params"],
  DNSSEC04: ["dns.dnssec.validity", "dns.dnssec.signatures"],
  DNSSEC05: ["dns.dnssec.algorithm"],
  DNSSEC07: ["dns.dnssec.signed"],
  DNSSEC08: ["dns.dnssec.signatures"],
  DNSSEC09: ["dns.dnssec.signatures"],
  DNSSEC10: ["dns.dnssec.denial"],
  DNSSEC11: ["dns.dnssec.chain"],
  DNSSEC13: ["dns.dnssec.signatures"],
  DNSSEC14: ["dns.dnssec.algorithm"],
  DNSSEC15: ["dns.dnssec.cds"],
  DNSSEC16: ["dns.dnssec.cds"],
  DNSSEC17: ["dns.dnssec.cds"],
  NAMESERVER01: ["dns.ns.open-recursion"],
  NAMESERVER02: ["dns.ns.edns"],
  NAMESERVER03: ["dns.ns.axfr"],
  NAMESERVER08: ["dns.ns.case"],
  NAMESERVER10: ["dns.ns.edns-version"],
  NAMESERVER11: ["dns.ns.edns-options"],
  NAMESERVER12: ["dns.ns.edns-options"],
  SYNTAX05: ["dns.soa.syntax"],
  SYNTAX06: ["dns.soa.syntax"],
  SYNTAX07: ["dns.soa.syntax"],
  SYNTAX08: ["dns.mx.valid"],
  ZONE02: ["dns.soa.timers"],
  ZONE03: ["dns.soa.timers"],
  ZONE04: ["dns.soa.timers"],
  ZONE05: ["dns.soa.timers"],
  ZONE06: ["dns.soa.timers"],
  ZONE08: ["dns.mx.valid"],
  ZONE09: ["dns.mx.present"],
};

/** ok, or a problem of some weight; undefined when the tool had no opinion (skipped, not run). */
type Verdict = "ok" | "warning" | "error" | undefined;

const ours = (status: string | undefined): Verdict =>
  status === undefined || status === "skipped"
    ? undefined
    : status === "fail"
      ? "error"
      : status === "warn"
        ? "warning"
        : "ok";

/**
 * A case that ran (it logs at least its start, at DEBUG) and said nothing above INFO is ok. A
 * NOTICE is a problem of the weight of our warnings: Zonemaster gives an open AXFR or no IPv6
 * name server that level.
 */
const theirs = (levels: readonly string[]): Verdict => {
  if (levels.length === 0) return undefined;
  if (levels.some((level) => level === "ERROR" || level === "CRITICAL")) return "error";
  if (levels.includes("WARNING") || levels.includes("NOTICE")) return "warning";
  return "ok";
};

/** The worst of several verdicts: a case mapped to two of our checks fails when one fails. */
function worst(verdicts: readonly Verdict[]): Verdict {
  const known = verdicts.filter((verdict) => verdict !== undefined);
  if (known.length === 0) return undefined;
  for (const level of ["error", "warning"] as const) if (known.includes(level)) return level;
  return "ok";
}

interface ZonemasterEntry {
  level: string;
  module: string;
  tag: string;
  testcase?: string;
  args?: Record<string, unknown>;
}

function run(command: string, args: string[], timeoutMs: number) {
  return new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
    execFile(
      command,
      args,
      { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? ((error as { code?: unknown }).code as number | null) : 0;
        resolve({ stdout, stderr, code: typeof code === "number" ? code : null });
      },
    );
  });
}

async function zonemasterAvailable(): Promise<string | null> {
  const found = await run("zonemaster-cli", ["--version"], 30_000);
  return found.code === 0 ? found.stdout.trim().split("\n")[0]! : null;
}

/** Debian's dnsviz package version, or null without it. */
async function dnsvizAvailable(): Promise<string | null> {
  // `dpkg-query -W dnsviz` prints the package and its version, tab between.
  const found = await run("dpkg-query", ["-W", "dnsviz"], 30_000);
  const version = found.stdout.trim().split("\t")[1];
  return found.code === 0 && version ? version : null;
}

interface DnsvizAnswer {
  ms: number;
  /** The delegation's DNSSEC status (SECURE, BOGUS, INSECURE, LAME, ...). */
  delegation: string | undefined;
  /** Error and warning codes anywhere in the zone's analysis, loopback artefacts left out. */
  codes: string[];
}

/** Codes DNSViz gives any loopback lab: name servers and glue in private address space. */
const labArtefacts = new Set(["NS_NAME_PRIVATE_IP", "GLUE_PRIVATE_IP"]);

function codesIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) codesIn(item, into);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if ((key === "errors" || key === "warnings") && Array.isArray(item)) {
        for (const entry of item as { code?: string }[])
          if (entry.code && !labArtefacts.has(entry.code)) into.add(entry.code);
      } else codesIn(item, into);
    }
  }
  return into;
}

/** DNSViz's probe from the lab's root and its analysis with the lab's trust anchor. */
async function dnsviz(world: LabCoordinates, scratch: string): Promise<DnsvizAnswer> {
  const probed = join(scratch, "dnsviz-probe.json");
  const anchor = join(scratch, "dnsviz-anchor.txt");
  writeFileSync(anchor, `${world.trustAnchor}\n`);
  const started = performance.now();
  const probe = await run(
    "dnsviz",
    [
      "probe",
      "-A",
      "-4",
      "-x",
      `.:a.root-servers.test=${world.rootAddress}`,
      "-o",
      probed,
      world.domain,
    ],
    600_000,
  );
  if (probe.code !== 0) throw new Error(`dnsviz probe failed: ${probe.stderr.slice(0, 500)}`);
  const grok = await run("dnsviz", ["grok", "-t", anchor, "-r", probed], 600_000);
  const ms = performance.now() - started;
  if (grok.code !== 0) throw new Error(`dnsviz grok failed: ${grok.stderr.slice(0, 500)}`);
  const analysis = JSON.parse(grok.stdout) as Record<string, { delegation?: { status?: string } }>;
  const zone = analysis[`${world.domain}.`];
  return { ms, delegation: zone?.delegation?.status, codes: [...codesIn(zone, new Set())].sort() };
}

async function main(): Promise<void> {
  const dnsvizVersion = await dnsvizAvailable();
  if (dnsvizVersion === null) console.log("DNSViz is not installed (apt-get install dnsviz).");
  else if (process.getuid?.() === 0) console.log(`dnsviz: ${dnsvizVersion}`);
  const version = await zonemasterAvailable();
  if (version === null) {
    console.log("zonemaster-cli is not installed (apt-get install zonemaster-cli): ours alone.");
  } else if (process.getuid?.() !== 0) {
    console.log("zonemaster-cli needs the lab on port 53, which needs root: ours alone.");
  } else {
    console.log(`zonemaster-cli: ${version}`);
  }
  const compare = version !== null && process.getuid?.() === 0;
  const withDnsviz = dnsvizVersion !== null && process.getuid?.() === 0;
  const scratch = mkdtempSync(join(tmpdir(), "dns-depth-"));
  const totals = { agree: 0, disagree: 0, oneSided: 0 };
  const dnsvizTotals = { sees: 0, misses: 0, chainAgrees: 0, chainDiffers: 0 };
  try {
    await warmUp();
    for (const scenario of scenarios) {
      await runScenario(scenario, { compare, withDnsviz }, scratch, totals, dnsvizTotals);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (compare) {
    console.log(
      `\nall scenarios: ${totals.agree} cases agree, ${totals.disagree} disagree, ${totals.oneSided} with an opinion from one tool only`,
    );
  }
  if (withDnsviz) {
    console.log(
      `DNSViz: the delegation's DNSSEC status agrees with our chain check in ${dnsvizTotals.chainAgrees} of ${dnsvizTotals.chainAgrees + dnsvizTotals.chainDiffers} scenarios; it reports the break of ${dnsvizTotals.sees} of ${dnsvizTotals.sees + dnsvizTotals.misses} broken scenarios (of what they break, it looks at lame servers and signatures only)`,
    );
  }
}

/**
 * One unmeasured lookup first, on a lab of its own (nothing cached carries over): a service
 * embedding the engine answers warm, and without it the first scenario would time V8 compiling
 * the dns section. zonemaster-cli starts a process per run either way; its own start is part of
 * its time. The cold figure is printed too.
 */
async function warmUp(): Promise<void> {
  const world = await startLab(-1, false);
  try {
    const started = performance.now();
    await createEngine(engineOptions(world)).lookup(world.domain, "dns");
    console.log(`warm-up (not counted): ours ${(performance.now() - started).toFixed(0)} ms cold`);
  } finally {
    await world.close();
  }
}

async function runScenario(
  scenario: Scenario,
  { compare, withDnsviz }: { compare: boolean; withDnsviz: boolean },
  scratch: string,
  totals: { agree: number; disagree: number; oneSided: number },
  dnsvizTotals: { sees: number; misses: number; chainAgrees: number; chainDiffers: number },
): Promise<void> {
  const world = await startLab(scenarios.indexOf(scenario), compare || withDnsviz);
  try {
    const engine = createEngine(engineOptions(world));
    // The median of three runs, each on a fresh engine (nothing cached): the machine is shared.
    const runs: { ms: number; section: SectionResult }[] = [];
    for (let run = 0; run < 3; run++) {
      const fresh = run === 0 ? engine : createEngine(engineOptions(world));
      const started = performance.now();
      const result = (await fresh.lookup(world.domain, "dns")) as SectionResult;
      runs.push({ ms: performance.now() - started, section: result });
    }
    runs.sort((a, b) => a.ms - b.ms);
    const { ms: oursMs, section } = runs[1]!;
    if (section.status !== "ok")
      throw new Error(`the dns section failed: ${section.error?.message}`);
    const checks = new Map(
      (section.data as DnsData).health.checks.map((finding) => [finding.id, finding.status]),
    );

    console.log(`\n${scenario.name} (${world.domain}, about ${scenario.about})`);
    if (withDnsviz) {
      const dv = await dnsviz(world, scratch);
      // Our chain check passes where DNSViz calls the delegation SECURE, and only there.
      const chain = checks.get("dns.dnssec.chain");
      const chainAgrees = (chain === "pass") === (dv.delegation === "SECURE");
      dnsvizTotals[chainAgrees ? "chainAgrees" : "chainDiffers"] += 1;
      const broken = scenario.about !== "every case";
      if (broken) dnsvizTotals[dv.codes.length > 0 ? "sees" : "misses"] += 1;
      console.log(
        `  dnsviz ${dv.ms.toFixed(0)} ms (ours ${(dv.ms / oursMs).toFixed(1)}x faster): delegation ${dv.delegation}, our chain check ${chain} (${chainAgrees ? "agree" : "DIFFER"}); ${dv.codes.length ? dv.codes.join(", ") : "no errors or warnings"}`,
      );
    }
    if (!compare) {
      console.log(
        `  ours ${oursMs.toFixed(0)} ms, score ${(section.data as DnsData).health.score}`,
      );
      for (const [id, status] of checks) console.log(`  ${id.padEnd(28)} ${status}`);
      return;
    }

    const hints = join(scratch, "hints.zone");
    writeFileSync(
      hints,
      `. 3600000 NS a.root-servers.test.\na.root-servers.test. 3600000 A ${world.rootAddress}\n`,
    );
    const profile = join(scratch, "profile.json");
    // CONNECTIVITY03 asks the internet's ASN services, which the lab does not reach.
    writeFileSync(
      profile,
      JSON.stringify({ net: { ipv6: false }, test_cases: testCases().map((c) => c.toLowerCase()) }),
    );
    const zmStarted = performance.now();
    const result = await run(
      "zonemaster-cli",
      [
        world.domain,
        "--hints",
        hints,
        "--profile",
        profile,
        "--no-ipv6",
        "--json",
        "--level",
        "DEBUG",
        "--no-progress",
        "--locale",
        "C",
      ],
      600_000,
    );
    const theirMs = performance.now() - zmStarted;
    if (process.env.DNS_DEPTH_DUMP)
      writeFileSync(
        `${process.env.DNS_DEPTH_DUMP}-${scenarios.indexOf(scenario)}.json`,
        result.stdout,
      );
    let entries: ZonemasterEntry[];
    try {
      entries = JSON.parse(result.stdout) as ZonemasterEntry[];
    } catch {
      throw new Error(
        `zonemaster-cli gave no JSON (exit ${result.code}): ${result.stderr.slice(0, 500)}${result.stdout.slice(0, 500)}`,
      );
    }
    const levelsByCase = new Map<string, string[]>();
    const tagsByCase = new Map<string, Set<string>>();
    for (const entry of entries) {
      const testCase = entry.testcase?.toUpperCase();
      if (!testCase) continue;
      levelsByCase.set(testCase, [...(levelsByCase.get(testCase) ?? []), entry.level]);
      if (entry.level !== "INFO" && entry.level !== "DEBUG")
        tagsByCase.set(testCase, (tagsByCase.get(testCase) ?? new Set()).add(entry.tag));
    }

    console.log(
      `  ours ${oursMs.toFixed(0)} ms, zonemaster-cli ${theirMs.toFixed(0)} ms: ours ${(theirMs / oursMs).toFixed(1)}x faster`,
    );
    for (const testCase of testCases()) {
      const ids = mapped[testCase]!;
      const mine = worst(ids.map((id) => ours(checks.get(id))));
      const zm = theirs(levelsByCase.get(testCase) ?? []);
      let verdict: string;
      if (mine === undefined || zm === undefined) {
        verdict = "one-sided";
        if (mine !== undefined || zm !== undefined) totals.oneSided += 1;
      } else if ((mine === "ok") === (zm === "ok")) {
        verdict = "agree";
        totals.agree += 1;
      } else {
        verdict = "DISAGREE";
        totals.disagree += 1;
      }
      const tags = [...(tagsByCase.get(testCase) ?? [])].join(",");
      console.log(
        `  ${testCase.padEnd(14)} ${verdict.padEnd(9)} ours ${String(mine ?? "-").padEnd(7)} zonemaster ${String(zm ?? "-").padEnd(7)} ${ids.join(",")}${tags ? `  [${tags}]` : ""}`,
      );
    }
  } finally {
    await world.close();
  }
}

/**
 * A scenario's lab in its own process (`support/dns-depth-lab.ts`; -1: the healthy world), so
 * that the servers' work does not share a thread with either tool. `port53` for zonemaster-cli
 * and DNSViz, which walk from the root on port 53.
 */
async function startLab(
  index: number,
  port53: boolean,
): Promise<LabCoordinates & { close(): Promise<void> }> {
  const script = fileURLToPath(new URL("./support/dns-depth-lab.ts", import.meta.url));
  const child = spawn(
    process.execPath,
    [...benchExecArgv, script, String(index), port53 ? "port53" : "any"],
    {
      env: benchEnv(),
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const coordinates = await new Promise<LabCoordinates>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("\n")) resolve(JSON.parse(output) as LabCoordinates);
    });
    child.once("exit", (code) =>
      reject(new Error(`the lab of scenario ${index} exited with ${code}`)),
    );
  });
  return {
    ...coordinates,
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.stdin.end();
      }),
  };
}

/** An engine with only the dns section, asking the lab's resolver and its port-53 servers. */
function engineOptions(world: LabCoordinates) {
  return {
    keys: ["bench"],
    network: { resolvers: [world.resolver], allowPrivateAddresses: true },
    probes: {
      dns: dnsProbe({ authoritativePort: world.port, trustAnchors: world.trustAnchor }),
      whois: false as const,
      ssl: false as const,
      mail: false as const,
      hosting: false as const,
    },
  };
}

function testCases(): string[] {
  return Object.keys(mapped);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
