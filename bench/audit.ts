/**
 * `domain-intel audit` of 1,000 names against loopback DNS and RDAP peers that add 50 ms to
 * every answer (each name's A record is 127.0.0.1, where nothing listens on 443: the TLS probe
 * meets a refusal), with the default concurrency. Prints domains per second, the audit
 * process's peak RSS, and the ratio to `report` run once per name in a loop over the first 20
 * names. Targets: >= 25x the loop's rate, peak RSS under 400 MB. Run with `pnpm bench:audit`.
 */

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  bin,
  cleanEnv,
  rdapDomainExample,
  startDnsServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import { assertBenchTsconfig } from "./support/bench-process.js";

assertBenchTsconfig();

const latencyMs = 50;
const names = Array.from(
  { length: 1000 },
  (_, index) => `site${String(index).padStart(4, "0")}.test`,
);
const loopNames = names.slice(0, 20);
const delay = () => new Promise((resolve) => setTimeout(resolve, latencyMs));

/** The peak resident set of a running process (VmHWM), in bytes; 0 once it is gone. */
function peakRss(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; peak: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, peakRss(child.pid!));
    }, 50);
    child.on("close", (code) => {
      clearInterval(timer);
      resolve({ code, peak });
    });
  });
}

async function main(): Promise<void> {
  const zone = zoneHandler(
    Object.fromEntries(
      names.map((name) => [
        name,
        [
          { type: "A" as const, name, ttl: 300, data: "127.0.0.1" },
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
  const rdap = createServer(async (request, response) => {
    await delay();
    const name = /\/domain\/([^/?]+)/.exec(request.url ?? "")?.[1];
    response.writeHead(name ? 200 : 404, { "content-type": "application/rdap+json" });
    response.end(
      name ? JSON.stringify({ ...rdapDomainExample(), ldhName: name.toUpperCase() }) : "",
    );
  });
  await new Promise<void>((resolve) => rdap.listen(0, "127.0.0.1", resolve));
  const directory = mkdtempSync(join(tmpdir(), "bench-audit-"));
  try {
    const bootstrap = join(directory, "dns.json");
    const rdapUrl = `http://127.0.0.1:${(rdap.address() as AddressInfo).port}/`;
    writeFileSync(bootstrap, JSON.stringify({ version: "1.0", services: [[["test"], [rdapUrl]]] }));
    const list = join(directory, "names.txt");
    writeFileSync(list, `${names.join("\n")}\n`);
    const env = cleanEnv({
      DOMAIN_INTEL_RESOLVERS: dns.address,
      DOMAIN_INTEL_ALLOW_PRIVATE: "yes",
      DOMAIN_INTEL_RDAP_BOOTSTRAP: bootstrap,
    });

    const loopStarted = performance.now();
    for (const name of loopNames) await run(["report", name, "--json"], env);
    const loopRate = loopNames.length / ((performance.now() - loopStarted) / 1000);

    const started = performance.now();
    const audit = await run(["audit", list, "--format", "ndjson", "--fail-on", "never"], env);
    const seconds = (performance.now() - started) / 1000;
    if (audit.code !== 0) throw new Error(`audit exited ${audit.code}`);
    const rate = names.length / seconds;
    const ratio = rate / loopRate;
    const peakMb = audit.peak / 1024 / 1024;
    console.log(`audit of ${names.length} names, ${latencyMs} ms added to every answer`);
    console.log(
      `  audit: ${rate.toFixed(1)} domains/s (${seconds.toFixed(1)} s), peak RSS ${peakMb.toFixed(0)} MB`,
    );
    console.log(`  report in a loop (${loopNames.length} names): ${loopRate.toFixed(2)} domains/s`);
    console.log(`  ratio ${ratio.toFixed(1)}x (target >= 25x), peak RSS target < 400 MB`);
    if (ratio < 25 || peakMb >= 400) process.exitCode = 1;
  } finally {
    await dns.close();
    rdap.closeAllConnections();
    rdap.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
