/**
 * The ssl section's configuration scan of one TLS server (TLS 1.0 to 1.3, OpenSSL's default
 * suites) behind a loopback relay that adds 50 ms to every handshake. Prints the handshakes made
 * and the wall time (target: under 2 s). Where Debian's testssl.sh is installed
 * (`apt-get install testssl.sh`), it also runs `testssl.sh --protocols --each-cipher`
 * against the same relay and prints both wall times, the ratio (target: ours <= 0.2x) and
 * whether both agree on the protocol versions accepted and on the suites (by OpenSSL name, all
 * versions together). The same testssl.sh run also asks the known weaknesses and the server
 * defaults (`-H -I -R -C -Z -S`: Heartbleed, CCS injection, renegotiation, CRIME, fallback SCSV,
 * session resumption), and each shared verdict is printed beside ours. Then
 * `testssl.sh --client-simulation` (with ALL_CLIENTS=true: every client of its file, not only
 * those it marks current) on the same relay: for each of our client profiles with a capture of
 * the same client, the protocol and suite each side says the client negotiates, agree or
 * differ, and why they differ (our profile's hello is not the capture's: the differences
 * `pnpm bench:ssl-clients` prints; or a reason in `explained`); its wall time beside our whole
 * scan's, and the ratio. Run with `pnpm bench:ssl-scan`; exits 1 on a difference without a
 * reason.
 */

import { spawn, spawnSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:tls";
import {
  createTestPki,
  startDelayRelay,
  startDnsServer,
  startHelloResponder,
  testProbeContext,
  tlsProfiles,
  zoneHandler,
} from "@domain-intel/test-kit";
import { type SslData, sslProbe } from "../packages/engine/dist/index.js";
import { clientProfiles } from "../packages/engine/src/probes/ssl/clients/client-profiles.js";
import { legacySuites } from "../packages/engine/src/protocols/tls/suite-table.js";
import { assertBenchTsconfig } from "./support/bench-process.js";
import {
  captureOf,
  explained,
  helloDifferences,
  installedCaptures,
} from "./support/testssl-clients.js";

assertBenchTsconfig();

const delayMs = 50;
const runs = 3;
/** testssl.sh is stopped after this long (BENCH_TESTSSL_TIMEOUT_S, default 900). */
const testsslTimeoutMs = Number(process.env.BENCH_TESTSSL_TIMEOUT_S ?? 900) * 1000;
const domain = "scan.test";
const versions = ["SSLv2", "SSLv3", "TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"] as const;
const tlsVersions = ["TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"] as const;
/** testssl.sh's JSON ids of the same versions. */
const testsslIds: Record<(typeof versions)[number], string> = {
  SSLv2: "SSLv2",
  SSLv3: "SSLv3",
  TLSv1: "TLS1",
  "TLSv1.1": "TLS1_1",
  "TLSv1.2": "TLS1_2",
  "TLSv1.3": "TLS1_3",
};

interface TestsslEntry {
  id: string;
  severity: string;
  finding: string;
}

const saysVulnerable = (entry: TestsslEntry) =>
  /VULNERABLE/i.test(entry.finding) && !/not vulnerable/i.test(entry.finding);

/** A question both ask: our answer and testssl.sh's JSON entry, each as "bad" (true) or not. */
const sharedVerdicts: {
  name: string;
  ours(data: SslData): boolean | null;
  testsslId: string;
  theirs(entry: TestsslEntry): boolean;
}[] = [
  {
    name: "Heartbleed",
    ours: (data) => data.vulnerabilities?.heartbleed ?? null,
    testsslId: "heartbleed",
    theirs: saysVulnerable,
  },
  {
    name: "CCS injection",
    ours: (data) => data.vulnerabilities?.ccsInjection ?? null,
    testsslId: "CCS",
    theirs: saysVulnerable,
  },
  {
    name: "no secure renegotiation",
    ours: (data) =>
      data.configuration?.secureRenegotiation == null
        ? null
        : !data.configuration.secureRenegotiation,
    testsslId: "secure_renego",
    theirs: (entry) => !/^supported/i.test(entry.finding.trim()),
  },
  {
    name: "client renegotiation",
    ours: (data) => data.vulnerabilities?.clientRenegotiation ?? null,
    testsslId: "secure_client_renego",
    theirs: saysVulnerable,
  },
  {
    name: "CRIME (compression)",
    ours: (data) => data.vulnerabilities?.compression ?? null,
    testsslId: "CRIME_TLS",
    theirs: saysVulnerable,
  },
  {
    name: "fallback SCSV ignored",
    ours: (data) => {
      const verdict = data.vulnerabilities?.fallbackScsv;
      return verdict == null ? null : verdict === "ignored";
    },
    testsslId: "fallback_SCSV",
    theirs: (entry) => !/supported|no fallback possible/i.test(entry.finding),
  },
  {
    name: "resumption by id",
    ours: (data) => data.vulnerabilities?.resumption?.sessionId ?? null,
    testsslId: "sessionresumption_ID",
    theirs: (entry) => /^supported/i.test(entry.finding.trim()),
  },
  {
    name: "resumption by ticket",
    ours: (data) => data.vulnerabilities?.resumption?.ticket ?? null,
    testsslId: "sessionresumption_ticket",
    theirs: (entry) => /^supported/i.test(entry.finding.trim()),
  },
];

function findTestssl(): string | undefined {
  for (const name of ["testssl.sh", "testssl"]) {
    const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return undefined;
}

/**
 * testssl.sh's verdict per version, from its JSON file, and its wall time. Run asynchronously:
 * the relay and the server live in this process and must keep answering while it scans.
 */
/** Everything this bench asks testssl.sh of the main server. */
const allQuestions = ["--protocols", "--each-cipher", "-H", "-I", "-R", "-C", "-Z", "-S"];

async function runTestssl(
  executable: string,
  port: number,
  questions = allQuestions,
  env: NodeJS.ProcessEnv = {},
) {
  const dir = mkdtempSync(join(tmpdir(), "ssl-scan-bench-"));
  const jsonFile = join(dir, "testssl.json");
  try {
    const started = performance.now();
    const child = spawn(
      executable,
      [
        ...questions,
        "--quiet",
        "--color",
        "0",
        "--warnings",
        "off",
        "--ip",
        "127.0.0.1",
        "--jsonfile",
        jsonFile,
        `${domain}:${port}`,
      ],
      { stdio: "ignore", env: { ...process.env, ...env } },
    );
    const timer = setTimeout(() => child.kill(), testsslTimeoutMs);
    const [code] = (await once(child, "exit")) as [number | null];
    clearTimeout(timer);
    const wallMs = performance.now() - started;
    let entries: TestsslEntry[] = [];
    try {
      entries = JSON.parse(readFileSync(jsonFile, "utf8"));
    } catch {
      // Killed at the time limit or failed: no verdicts.
    }
    const accepted = Object.fromEntries(
      versions.map((version) => {
        const entry = entries.find((item) => item.id === testsslIds[version]);
        return [version, entry ? !/not offered/i.test(entry.finding) : null];
      }),
    ) as Record<(typeof versions)[number], boolean | null>;
    // --each-cipher: one "cipher_x<code>" entry a suite accepted, its OpenSSL name second.
    const suites = new Set(
      entries
        .filter((item) => item.id.startsWith("cipher_x"))
        .map((item) => item.finding.trim().split(/\s+/)[1] ?? ""),
    );
    return { wallMs, accepted, suites, entries, finished: code !== null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const pki = await createTestPki({ name: "Scan Bench" });
  const leaf = await pki.issueLeaf({
    commonName: domain,
    subjectAltNames: [domain],
    keyType: "rsa",
  });
  const server = createServer({ key: leaf.keyPem, cert: leaf.chainPem, ...tlsProfiles.broad });
  server.on("tlsClientError", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const serverPort = (server.address() as { port: number }).port;
  const relay = await startDelayRelay({ targetPort: serverPort, delayMs });
  const dns = await startDnsServer(
    zoneHandler({ [domain]: [{ type: "A", name: domain, ttl: 60, data: "127.0.0.1" }] }),
  );
  try {
    const probe = sslProbe({ port: relay.port, ca: pki.root.certPem });
    const results: { wallMs: number; handshakes: number; data: SslData }[] = [];
    for (let run = 0; run < runs; run++) {
      const before = relay.connections();
      const started = performance.now();
      const data = await probe.run(
        domain,
        testProbeContext({ resolvers: [dns.address], timeoutMs: 30_000 }),
      );
      results.push({
        wallMs: performance.now() - started,
        handshakes: relay.connections() - before,
        data,
      });
    }
    const sorted = [...results].sort((a, b) => a.wallMs - b.wallMs);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const configuration = median.data.configuration;
    const ours = Object.fromEntries(
      versions.map((version) => [version, configuration?.protocols[version] ?? null]),
    ) as Record<(typeof versions)[number], boolean | null>;
    console.log(
      `ssl configuration scan of ${domain}: ${runs} runs, ${delayMs} ms added to every handshake`,
    );
    console.log(
      `  grade                ${median.data.grade} (${median.data.gradeReasons.join("; ") || "no cap"})`,
    );
    console.log(`  protocols            ${versions.map((v) => `${v}=${ours[v]}`).join(" ")}`);
    console.log(
      `  suites               ${tlsVersions.map((v) => `${v}:${configuration?.ciphers[v].length ?? 0}`).join(" ")}`,
    );
    console.log(`  complete             ${configuration?.complete}`);
    console.log(`  secure renegotiation ${configuration?.secureRenegotiation}`);
    console.log(`  vulnerabilities      ${JSON.stringify(median.data.vulnerabilities)}`);
    console.log(`  handshakes           ${median.handshakes}`);
    console.log(
      `  wall time            median ${median.wallMs.toFixed(0)} ms (min ${sorted[0]!.wallMs.toFixed(0)}, max ${sorted[sorted.length - 1]!.wallMs.toFixed(0)}; target < 2000)`,
    );
    console.log(
      `  sequential baseline  ${median.handshakes * delayMs} ms (${median.handshakes} x ${delayMs} ms)`,
    );

    const testssl = findTestssl();
    if (!testssl) {
      console.log(
        "  testssl.sh           not installed (apt-get install testssl.sh): no comparison",
      );
      return;
    }
    const theirs = await runTestssl(testssl, relay.port);
    const agree = versions.every((version) => theirs.accepted[version] === ours[version]);
    const stopped = theirs.finished ? "" : ", stopped at the time limit";
    console.log(
      `  testssl.sh           ${theirs.wallMs.toFixed(0)} ms (${testssl} --protocols --each-cipher -H -I -R -C -Z -S${stopped})`,
    );
    console.log(
      `  ratio                ${theirs.finished ? "" : "under "}${(median.wallMs / theirs.wallMs).toFixed(3)} of testssl.sh's time (target <= 0.2)`,
    );
    console.log(
      `  protocols agree      ${agree ? "yes" : "no"} (testssl.sh: ${versions.map((v) => `${v}=${theirs.accepted[v]}`).join(" ")})`,
    );
    const ourSuites = new Set(
      tlsVersions.flatMap((v) => configuration?.ciphers[v].map((suite) => suite.name) ?? []),
    );
    const onlyOurs = [...ourSuites].filter((name) => !theirs.suites.has(name));
    const onlyTheirs = [...theirs.suites].filter((name) => !ourSuites.has(name));
    console.log(
      `  suites agree         ${onlyOurs.length + onlyTheirs.length === 0 ? "yes" : "no"} (ours ${ourSuites.size}, testssl.sh ${theirs.suites.size}${onlyOurs.length ? `; only ours: ${onlyOurs.join(" ")}` : ""}${onlyTheirs.length ? `; only testssl.sh: ${onlyTheirs.join(" ")}` : ""})`,
    );
    const verdictsDiffer = compareVerdicts(median.data, theirs.entries, sharedVerdicts);
    const bugsDiffer = await compareOnSimulatedBugs(testssl, pki, leaf, serverPort);
    const clientsDiffer = await compareClients(testssl, relay.port, median);
    if (
      !agree ||
      onlyOurs.length + onlyTheirs.length > 0 ||
      verdictsDiffer + bugsDiffer + clientsDiffer > 0
    ) {
      process.exitCode = 1;
    }
  } finally {
    await relay.close();
    await dns.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Prints each shared verdict beside testssl.sh's; the number that differ. */
function compareVerdicts(
  data: SslData,
  entries: readonly TestsslEntry[],
  shared: typeof sharedVerdicts,
): number {
  let differ = 0;
  let unjudged = 0;
  for (const question of shared) {
    const entry = entries.find((item) => item.id === question.testsslId);
    const ourVerdict = question.ours(data);
    // testssl.sh's own failures ("check failed because of connect problem") tell nothing.
    const untold = !entry || /check failed|test failed/i.test(entry.finding);
    const theirVerdict = untold ? null : question.theirs(entry);
    const same = ourVerdict === theirVerdict;
    if (untold) unjudged += 1;
    else if (!same) differ += 1;
    console.log(
      `  ${question.name.padEnd(24)} ours ${ourVerdict}, testssl.sh ${theirVerdict}${entry ? ` ("${entry.finding}")` : " (no entry)"}${untold ? "  (testssl.sh could not tell)" : same ? "" : "  <- differ"}`,
    );
  }
  const judged = shared.length - unjudged;
  console.log(
    `  shared verdicts      ${judged - differ} of ${judged} agree (${unjudged} testssl.sh could not tell)`,
  );
  return differ;
}

/** IANA's name of a suite as testssl.sh prints it (OpenSSL's name; IANA's at TLS 1.3). */
const ianaName = (name: string) =>
  legacySuites.find((suite) => suite.name === name)?.standardName ?? name;

/**
 * Handshake simulation side by side: `testssl.sh --client-simulation` on the same relay (every
 * client of its file: ALL_CLIENTS=true), each of our profiles with a capture of the same client
 * compared on what it negotiates. A difference has a reason when our profile's hello is not
 * the capture's (the hellos differ, so may the server's choice) or `explained` gives one; the
 * number without a reason.
 */
async function compareClients(
  testssl: string,
  relayPort: number,
  ours: { wallMs: number; data: SslData },
): Promise<number> {
  const installed = installedCaptures();
  if (!installed) {
    console.log("handshake simulation: no client-simulation.txt found: no comparison");
    return 0;
  }
  const theirs = await runTestssl(testssl, relayPort, ["--client-simulation"], {
    ALL_CLIENTS: "true",
  });
  const simulated = theirs.entries.filter((entry) => entry.id.startsWith("clientsimulation-"));
  console.log(
    `handshake simulation (${ours.data.clients?.length ?? 0} profiles ours, ${simulated.length} clients testssl.sh):`,
  );
  let agreeing = 0;
  let withReason = 0;
  let unexplained = 0;
  for (const profile of clientProfiles) {
    const capture = installed.captures.get(captureOf[profile.id] ?? "");
    const entry =
      capture && simulated.find((item) => item.id === `clientsimulation-${capture.short}`);
    if (!capture || !entry) continue;
    const client = ours.data.clients?.find((item) => item.id === profile.id);
    const ourAnswer = client?.connects
      ? `${client.protocol} ${client.suite}`
      : client?.connects === false
        ? "no connection"
        : "not told";
    const [protocol, suite] = entry.finding.trim().split(/\s+/);
    const theirAnswer = /^no connection/i.test(entry.finding.trim())
      ? "no connection"
      : `${protocol} ${ianaName(suite ?? "")}`;
    const label = `${profile.id} / ${capture.short}`.padEnd(40);
    if (ourAnswer === theirAnswer) {
      agreeing++;
      console.log(`  = ${label} ${ourAnswer}`);
      continue;
    }
    const hellos = helloDifferences(profile, capture);
    const reason = explained[profile.id]
      ? `explained: ${explained[profile.id]}`
      : hellos.length > 0
        ? `our hello is not the capture's: ${hellos.join("; ")}`
        : undefined;
    if (reason) withReason++;
    else unexplained++;
    console.log(`  x ${label} ours ${ourAnswer}, testssl.sh ${theirAnswer}`);
    console.log(`      ${reason ?? "no reason found: the hellos match"}`);
  }
  const stopped = theirs.finished ? "" : ", stopped at the time limit";
  console.log(
    `  clients              ${agreeing} agree, ${withReason} differ with a reason, ${unexplained} differ without one`,
  );
  console.log(
    `  testssl.sh           ${theirs.wallMs.toFixed(0)} ms (${testssl} --client-simulation, ALL_CLIENTS=true${stopped}); ours: the whole scan, clients included, ${ours.wallMs.toFixed(0)} ms`,
  );
  console.log(
    `  ratio                ${theirs.finished ? "" : "under "}${(ours.wallMs / theirs.wallMs).toFixed(3)} of testssl.sh's time`,
  );
  return unexplained;
}

/**
 * Heartbleed and the CCS injection where both are there: the test kit's hello responder
 * simulating both bugs on the wire for TLS 1.2 hellos offering ECDHE-RSA-AES128-GCM-SHA256 or
 * ECDHE-RSA-AES128-SHA (testssl.sh's CCS hello offers the latter), relaying the rest to the
 * bench's server. Our scan and `testssl.sh -H -I` on the same peer.
 */
async function compareOnSimulatedBugs(
  testssl: string,
  pki: Awaited<ReturnType<typeof createTestPki>>,
  leaf: Awaited<ReturnType<Awaited<ReturnType<typeof createTestPki>>["issueLeaf"]>>,
  serverPort: number,
): Promise<number> {
  const der = (pem: string) => new X509Certificate(pem).raw;
  const front = await startHelloResponder({
    versions: [0x0303],
    renegotiationInfo: true,
    suites: [0xc02f, 0xc013],
    bugs: { heartbleed: true, earlyCcs: true },
    flight: { certificates: [der(leaf.certPem), der(pki.intermediate.certPem)] },
    relayPort: serverPort,
  });
  const dns = await startDnsServer(
    zoneHandler({ [domain]: [{ type: "A", name: domain, ttl: 60, data: "127.0.0.1" }] }),
  );
  try {
    const data = await sslProbe({ port: front.port, ca: pki.root.certPem }).run(
      domain,
      testProbeContext({ resolvers: [dns.address], timeoutMs: 30_000 }),
    );
    const theirs = await runTestssl(testssl, front.port, ["-H", "-I"]);
    console.log(
      `simulated Heartbleed and CCS injection (test kit's responder): ours grade ${data.grade}; testssl.sh -H -I ${theirs.wallMs.toFixed(0)} ms`,
    );
    return compareVerdicts(data, theirs.entries, sharedVerdicts.slice(0, 2));
  } finally {
    await front.close();
    await dns.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
