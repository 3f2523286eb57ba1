/**
 * `domain-intel audit` of 1,000 names against loopback DNS, TLS, RDAP and HTTP peers that each
 * add 50 ms to every answer, with the default concurrency. Every name's A record is
 * 127.18.0.1, where a delaying relay on port 443 leads to an HTTPS peer holding a certificate
 * for each name (so the ssl section's handshakes and scan, and the http section's https chain,
 * really run), and an HTTP peer on port 80 redirects to https. Prints domains per second, the
 * audit process's peak RSS, and the ratio to `report` run once per name in a loop over the first
 * 20 names. Targets: >= 25x the loop's rate, peak RSS under 400 MB. Run with `pnpm bench:audit`.
 *
 * Ports 443 and 80 need root (or CAP_NET_BIND_SERVICE): the CLI has no setting for the ports
 * it probes, as users never need one. `BENCH_AUDIT_NAMES=100` measures a smaller list;
 * `BENCH_AUDIT_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles the audit process.
 */

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createSecureContext, type SecureContext } from "node:tls";
import {
  bin,
  cleanEnv,
  createTestPki,
  startDelayRelay,
  startDnsServer,
  startFleetRegistry,
  startWebPeer,
  type WebHandler,
  zoneHandler,
} from "@domain-intel/test-kit";
import { assertBenchTsconfig } from "./support/bench-process.js";

assertBenchTsconfig();

const latencyMs = 50;
/** A loopback address of its own, so binding 443 and 80 there collides with nothing else. */
const siteAddress = "127.18.0.1";
const count = Number(process.env.BENCH_AUDIT_NAMES ?? 1000);
const names = Array.from(
  { length: count },
  (_, index) => `site${String(index).padStart(4, "0")}.test`,
);
const loopNames = names.slice(0, Math.min(20, count));
const nodeArgs = (process.env.BENCH_AUDIT_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
const delay = () => sleep(latencyMs);

/** The peak resident set of a running process (VmHWM), in bytes; 0 once it is gone. */
function peakRss(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a running process has used so far; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
  execArgs: string[] = [],
): Promise<{ code: number | null; peak: number; cpu: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...execArgs, bin, ...args], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    let peak = 0;
    let cpu = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, peakRss(child.pid!));
      cpu = Math.max(cpu, cpuSeconds(child.pid!));
    }, 50);
    child.on("close", (code) => {
      clearInterval(timer);
      resolve({ code, peak, cpu });
    });
  });
}

/** Each name's certificate, made before anything is measured. */
async function certificates() {
  const pki = await createTestPki({ name: "Audit Bench" });
  const contexts = new Map<string, SecureContext>();
  let first: { keyPem: string; chainPem: string } | undefined;
  for (const name of names) {
    const leaf = await pki.issueLeaf({ commonName: name, subjectAltNames: [name] });
    first ??= leaf;
    contexts.set(name, createSecureContext({ key: leaf.keyPem, cert: leaf.chainPem }));
  }
  return { pki, contexts, first: first! };
}

/** A web site: its page with HSTS and the usual headers, and a security.txt. */
const site: WebHandler = (request, response) => {
  void delay().then(() => {
    if (request.url === "/.well-known/security.txt") {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("Contact: mailto:security@example.test\nExpires: 2099-01-01T00:00:00Z\n");
      return;
    }
    if (request.url !== "/") {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "strict-transport-security": "max-age=31536000",
      "content-security-policy": "default-src 'self'",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
    response.end("<!doctype html><title>site</title><p>site</p>");
  });
};

async function main(): Promise<void> {
  const { pki, contexts, first } = await certificates();
  const zone = zoneHandler(
    Object.fromEntries(
      names.map((name) => [
        name,
        [
          { type: "A" as const, name, ttl: 300, data: siteAddress },
          {
            type: "MX" as const,
            name,
            ttl: 300,
            data: { preference: 10, exchange: `mail.${name}` },
          },
        ],
      ]),
    ),
  );
  const dns = await startDnsServer(async (query, transport) => {
    await delay();
    return zone(query, transport);
  });
  const rdap = await startFleetRegistry({ delay: delay });
  const https = await startWebPeer({
    host: siteAddress,
    tls: {
      key: first.keyPem,
      cert: first.chainPem,
      SNICallback: (name, done) => done(null, contexts.get(name.toLowerCase())),
    },
    handler: site,
  });
  const directory = mkdtempSync(join(tmpdir(), "bench-audit-"));
  let tls: Awaited<ReturnType<typeof startDelayRelay>> | undefined;
  let http: Awaited<ReturnType<typeof startWebPeer>> | undefined;
  try {
    try {
      tls = await startDelayRelay({
        targetHost: siteAddress,
        targetPort: https.port,
        delayMs: latencyMs,
        listen: { host: siteAddress, port: 443 },
      });
      http = await startWebPeer({
        host: siteAddress,
        port: 80,
        handler: (request, response) => {
          void delay().then(() => {
            response.writeHead(301, { location: `https://${request.headers.host}/` });
            response.end();
          });
        },
      });
    } catch (error) {
      throw new Error(
        `cannot listen on ${siteAddress}:443 and :80 (${(error as NodeJS.ErrnoException).code}): run as root or with CAP_NET_BIND_SERVICE`,
      );
    }
    const bootstrap = rdap.writeBootstrap(directory);
    const caFile = join(directory, "ca.pem");
    writeFileSync(caFile, pki.root.certPem);
    const list = join(directory, "names.txt");
    writeFileSync(list, `${names.join("\n")}\n`);
    const env = cleanEnv({
      DOMAIN_INTEL_RESOLVERS: dns.address,
      DOMAIN_INTEL_ALLOW_PRIVATE: "yes",
      DOMAIN_INTEL_RDAP_BOOTSTRAP: bootstrap,
      DOMAIN_INTEL_CA_FILE: caFile,
    });

    const loopStarted = performance.now();
    for (const name of loopNames) await run(["report", name, "--json"], env);
    const loopRate = loopNames.length / ((performance.now() - loopStarted) / 1000);

    const handshakesBefore = tls.connections();
    const started = performance.now();
    const output = join(directory, "audit.ndjson");
    const audit = await run(
      ["audit", list, "--format", "ndjson", "--output", output, "--fail-on", "never"],
      env,
      nodeArgs,
    );
    const seconds = (performance.now() - started) / 1000;
    // 3: some section could not be probed (on a loaded machine, budgets run out): say which.
    if (audit.code !== 0 && audit.code !== 3) throw new Error(`audit exited ${audit.code}`);
    const errors = new Map<string, number>();
    for (const line of readFileSync(output, "utf8").trim().split("\n")) {
      const report = JSON.parse(line) as {
        sections?: Record<string, { status: string; error?: { code: string } }>;
      };
      for (const [name, section] of Object.entries(report.sections ?? {})) {
        if (section.status !== "error") continue;
        const key = `${name} ${section.error?.code}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    }
    const rate = names.length / seconds;
    const ratio = rate / loopRate;
    const peakMb = audit.peak / 1024 / 1024;
    console.log(
      `audit of ${names.length} names, ${latencyMs} ms added to every DNS, TLS, RDAP and HTTP answer`,
    );
    console.log(
      `  audit: ${rate.toFixed(1)} domains/s (${seconds.toFixed(1)} s), peak RSS ${peakMb.toFixed(0)} MB, CPU ${((audit.cpu / names.length) * 1000).toFixed(0)} ms a domain, ${tls.connections() - handshakesBefore} TLS connections`,
    );
    console.log(
      `  sections not probed: ${errors.size === 0 ? "none" : [...errors].map(([key, n]) => `${key} x${n}`).join(", ")}`,
    );
    console.log(`  report in a loop (${loopNames.length} names): ${loopRate.toFixed(2)} domains/s`);
    console.log(`  ratio ${ratio.toFixed(1)}x (target >= 25x), peak RSS target < 400 MB`);
    if (ratio < 25 || peakMb >= 400 || errors.size > 0) process.exitCode = 1;
  } finally {
    await Promise.all([dns.close(), https.close(), tls?.close(), http?.close()]);
    await rdap.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
