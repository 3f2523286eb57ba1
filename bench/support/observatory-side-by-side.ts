import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { SectionResult } from "../../packages/engine/dist/index.js";
import * as engineModule from "../../packages/engine/dist/index.js";
import type { HttpData } from "../../packages/engine/dist/probes/http/declaration.js";
import { benchEnv, benchExecArgv } from "./bench-process.js";
import { type EngineBuild, engineBefore } from "./engine-before.js";

/** Where the sites live: ports 443 and 80, since the Observatory's `scan()` takes no ports. */
const addresses: [string, string] = ["127.31.0.1", "127.31.0.2"];
const concurrencies = [1, 6];
const targetRatio = 0.5;

type Outcomes = Record<string, string>;
interface TheirResult {
  score?: number;
  grade?: string;
  tests?: Outcomes;
  error?: string;
}

/**
 * The Observatory needs `conf/hsts-preload.json`, which its install script downloads from
 * Chromium's sources (not possible offline, and pnpm does not run the script): it gets the
 * bench's local copy, an empty list (none of the loopback names is preloaded).
 */
function givePreloadList(): void {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve("@mdn/mdn-http-observatory/package.json"));
  const target = join(root, "conf", "hsts-preload.json");
  if (existsSync(target)) return;
  copyFileSync(fileURLToPath(new URL("./observatory-hsts-preload.json", import.meta.url)), target);
  console.log(`  (gave the Observatory the bench's HSTS preload list: ${target})`);
}

interface Sites {
  dns: string;
  ca: string;
  hosts: string[];
  addresses: Record<string, string>;
  close(): Promise<void>;
}

/** The sites, served by a process of their own (serve-observatory-sites.ts). */
async function spawnSites(): Promise<Sites> {
  const script = fileURLToPath(new URL("./serve-observatory-sites.ts", import.meta.url));
  const child = spawn(process.execPath, [...benchExecArgv, script, ...addresses, "443", "80"], {
    env: benchEnv(),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const sites = await new Promise<Omit<Sites, "close">>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^SITES (.*)$/m.exec(output);
      if (line) resolve(JSON.parse(line[1]!));
    });
    child.once("exit", (code) => reject(new Error(`the sites' process exited with ${code}`)));
  });
  return {
    ...sites,
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

interface Run<T> {
  wallMs: number;
  /** CPU time of the measuring process (user + system), in milliseconds. */
  cpuMs: number;
  results: T;
}

function theirScans(options: {
  hosts: string[];
  concurrency: number;
  caFile: string;
  addresses: Record<string, string>;
}): Promise<Run<Record<string, TheirResult>>> {
  const script = fileURLToPath(new URL("./observatory-scan.mjs", import.meta.url));
  const lookup = fileURLToPath(new URL("./observatory-lookup.mjs", import.meta.url));
  const child = spawn(process.execPath, ["--import", lookup, script, String(options.concurrency)], {
    env: {
      ...process.env,
      NODE_EXTRA_CA_CERTS: options.caFile,
      OBSERVATORY_ADDRESSES: JSON.stringify(options.addresses),
    },
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.end(JSON.stringify(options.hosts));
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`the Observatory's scanner exited with ${code}`));
      else resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    });
  });
}

async function ourScans(options: {
  engine: EngineBuild;
  hosts: string[];
  concurrency: number;
  resolver: string;
  ca: string;
}): Promise<Run<Map<string, HttpData | null>>> {
  const { createEngine, httpProbe } = options.engine;
  // A fresh engine: no answer comes from a cache.
  const engine = createEngine({
    keys: ["bench"],
    network: { resolvers: [options.resolver], allowPrivateAddresses: true },
    probes: {
      whois: false,
      dns: false,
      ssl: false,
      mail: false,
      http: httpProbe({ ca: options.ca }),
    },
  });
  const results = new Map<string, HttpData | null>();
  let next = 0;
  const worker = async () => {
    while (next < options.hosts.length) {
      const host = options.hosts[next++]!;
      const section = (await engine.lookup(host, "http")) as SectionResult;
      results.set(host, section.status === "ok" ? (section.data as HttpData) : null);
    }
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  await engine.close();
  return { wallMs, cpuMs: (used.user + used.system) / 1000, results };
}

/** Our outcome for one of the Observatory's tests: from the grade, else from the finding. */
function ourOutcome(data: HttpData | null | undefined, test: string): string | null {
  const graded = (data?.observatory?.tests as Record<string, { outcome: string }> | undefined)?.[
    test
  ];
  if (graded) return graded.outcome;
  for (const finding of data?.findings ?? []) {
    const observed = finding.details?.observatory as
      | { test?: string; outcome?: string }
      | undefined;
    if (observed?.test === test) return observed.outcome ?? null;
  }
  return null;
}

/**
 * Our http section and the MDN HTTP Observatory's scanner over the same loopback sites (its own
 * test cases and captured scans, served by test-kit), one site at a time, then 6 at a time: both
 * wall times, their ratio, and how many of the Observatory's verdicts ours agree with. Needs
 * root (ports 443 and 80). Returns false when a target is missed.
 */
export async function observatorySideBySide(): Promise<boolean> {
  console.log("\nside by side with the MDN HTTP Observatory (npm @mdn/mdn-http-observatory)");
  if (process.getuid?.() !== 0) {
    console.log("  skipped: needs root, to serve the sites on ports 443 and 80 of 127.31.0.1");
    return true;
  }
  givePreloadList();
  const sites = await spawnSites();
  const workDir = mkdtempSync(join(tmpdir(), "observatory-bench-"));
  const caFile = join(workDir, "root.pem");
  writeFileSync(caFile, sites.ca);
  const { hosts } = sites;
  let met = true;
  try {
    let ours: Awaited<ReturnType<typeof ourScans>> | undefined;
    let theirs: Awaited<ReturnType<typeof theirScans>> | undefined;
    const before = await engineBefore();
    const scans = { resolver: sites.dns, ca: sites.ca, hosts };
    console.log(
      `  load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(" ")} at the start`,
    );
    for (const concurrency of concurrencies) {
      ours = await ourScans({ engine: engineModule, concurrency, ...scans });
      theirs = await theirScans({ hosts, concurrency, caFile, addresses: sites.addresses });
      const ratio = ours.wallMs / theirs.wallMs;
      met &&= ratio <= targetRatio;
      console.log(
        `  ${hosts.length} sites, ${concurrency} at a time: ours ${ours.wallMs.toFixed(0)} ms (CPU ${ours.cpuMs.toFixed(0)} ms), the Observatory ${theirs.wallMs.toFixed(0)} ms (CPU ${theirs.cpuMs.toFixed(0)} ms), wall ratio ${ratio.toFixed(3)} (target <= ${targetRatio}), CPU ratio ${(ours.cpuMs / theirs.cpuMs).toFixed(3)}`,
      );
      if (before) {
        const old = await ourScans({ engine: before, concurrency, ...scans });
        console.log(
          `    the engine before (BENCH_ENGINE_BEFORE) ${old.wallMs.toFixed(0)} ms (CPU ${old.cpuMs.toFixed(0)} ms): wall ratio to the Observatory ${(old.wallMs / theirs.wallMs).toFixed(3)}; this one / before: wall ${(ours.wallMs / old.wallMs).toFixed(3)}, CPU ${(ours.cpuMs / old.cpuMs).toFixed(3)}`,
        );
      }
    }
    reportAgreement(ours!.results, theirs!.results);
  } finally {
    await sites.close();
    rmSync(workDir, { recursive: true, force: true });
  }
  return met;
}

function reportAgreement(
  ours: Map<string, HttpData | null>,
  theirs: Record<string, TheirResult>,
): void {
  const perTest = new Map<string, { agree: number; total: number }>();
  const differing: string[] = [];
  let graded = 0;
  let gradesAgree = 0;
  for (const [host, their] of Object.entries(theirs)) {
    const data = ours.get(host);
    if (their.error || !their.tests) continue;
    if (data?.observatory) {
      graded += 1;
      if (data.observatory.grade === their.grade && data.observatory.score === their.score) {
        gradesAgree += 1;
      }
    }
    for (const [test, outcome] of Object.entries(their.tests)) {
      const tally = perTest.get(test) ?? { agree: 0, total: 0 };
      tally.total += 1;
      const mine = ourOutcome(data, test);
      if (mine === outcome) tally.agree += 1;
      else differing.push(`${host} ${test}: theirs ${outcome}, ours ${mine}`);
      perTest.set(test, tally);
    }
  }
  const agree = [...perTest.values()].reduce((sum, tally) => sum + tally.agree, 0);
  const total = [...perTest.values()].reduce((sum, tally) => sum + tally.total, 0);
  const errors = Object.values(theirs).filter((their) => their.error).length;
  console.log(
    `  verdicts: ${agree} of ${total} agree (the Observatory's ${perTest.size} tests on the sites it graded)`,
  );
  for (const [test, tally] of perTest)
    console.log(`    ${test.padEnd(32)} ${tally.agree}/${tally.total}`);
  console.log(`  grades and scores: ${gradesAgree} of ${graded} sites both graded agree`);
  console.log(`  sites the Observatory refused to grade (down, or an error status): ${errors}`);
  for (const line of differing) console.log(`    differs: ${line}`);
}
