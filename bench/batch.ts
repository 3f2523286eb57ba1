/**
 * `POST /api/v1/batch` of 1,000 names (the full report of each) against loopback DNS and
 * RDAP peers that add 50 ms to every answer, next to `domain-intel audit` of the same names
 * in the same run, each in a process of its own. Prints both wall times, their ratio (target:
 * the batch within 1.2x of audit) and the batch server's peak RSS. `BENCH_BATCH_NAMES=100`
 * runs a shorter list. Run with `pnpm bench:batch`.
 */

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  bin,
  cleanEnv,
  startDnsServer,
  startFleetRegistry,
  zoneHandler,
} from "@domain-intel/test-kit";
import { assertBenchTsconfig, benchEnv, benchExecArgv } from "./support/bench-process.js";

assertBenchTsconfig();

const latencyMs = 50;
const count = Number(process.env.BENCH_BATCH_NAMES ?? 1000);
const names = Array.from(
  { length: count },
  (_, index) => `fleet${String(index).padStart(4, "0")}.test`,
);
const key = "bench-batch-key-0001";
const slow = () => new Promise((resolve) => setTimeout(resolve, latencyMs));

/** A process's peak resident set (VmHWM) in bytes, sampled until it ends. */
function watchPeak(pid: number): { stop(): number } {
  let peak = 0;
  const sample = () => {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match) peak = Math.max(peak, Number(match[1]) * 1024);
    } catch {
      // gone
    }
  };
  const timer = setInterval(sample, 50);
  return {
    stop() {
      sample();
      clearInterval(timer);
      return peak;
    },
  };
}

async function auditSeconds(list: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [bin, "audit", list, "--format", "ndjson", "--fail-on", "never"],
    {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`audit exited ${code}`);
  return (performance.now() - started) / 1000;
}

async function batchRun(
  env: NodeJS.ProcessEnv,
): Promise<{ seconds: number; peak: number; lines: number }> {
  const script = fileURLToPath(new URL("./support/batch-server.ts", import.meta.url));
  const child = spawn(process.execPath, [...benchExecArgv, script], {
    env: benchEnv({ ...env, BENCH_BATCH_KEY: key } as Record<string, string>),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const peak = watchPeak(child.pid!);
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /PORT (\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.once("exit", (code) => reject(new Error(`batch server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${port}/api/v1`;
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const started = performance.now();
    const posted = await fetch(`${base}/batch`, {
      method: "POST",
      headers,
      body: JSON.stringify({ domains: names }),
    });
    if (posted.status !== 202) throw new Error(`POST /batch answered ${posted.status}`);
    const { links } = (await posted.json()) as { links: { results: string } };
    // The results stream until the job is done.
    const results = await fetch(`http://127.0.0.1:${port}${links.results}`, { headers });
    const text = await results.text();
    const seconds = (performance.now() - started) / 1000;
    return { seconds, peak: peak.stop(), lines: text.trimEnd().split("\n").length };
  } finally {
    peak.stop();
    child.kill("SIGTERM");
  }
}

async function main(): Promise<void> {
  const zone = zoneHandler(
    Object.fromEntries(
      names.map((name) => [name, [{ type: "A" as const, name, ttl: 300, data: "127.0.0.1" }]]),
    ),
  );
  const dns = await startDnsServer(async (query, transport) => {
    await slow();
    return zone(query, transport);
  });
  const rdap = await startFleetRegistry({ delay: slow });
  const directory = mkdtempSync(join(tmpdir(), "bench-batch-"));
  try {
    const bootstrap = rdap.writeBootstrap(directory);
    const list = join(directory, "names.txt");
    writeFileSync(list, `${names.join("\n")}\n`);
    const env = cleanEnv({
      DOMAIN_INTEL_RESOLVERS: dns.address,
      DOMAIN_INTEL_ALLOW_PRIVATE: "yes",
      DOMAIN_INTEL_RDAP_BOOTSTRAP: bootstrap,
    });

    const audit = await auditSeconds(list, env);
    const batch = await batchRun(env);
    if (batch.lines !== names.length) throw new Error(`the batch gave ${batch.lines} lines`);
    const ratio = batch.seconds / audit;
    const peakMb = batch.peak / 1024 / 1024;
    console.log(
      `batch of ${names.length} names (full report), ${latencyMs} ms added to every answer`,
    );
    console.log(`  audit: ${audit.toFixed(1)} s`);
    console.log(`  batch: ${batch.seconds.toFixed(1)} s, server peak RSS ${peakMb.toFixed(0)} MB`);
    console.log(`  ratio batch/audit ${ratio.toFixed(2)} (target <= 1.2)`);
    if (ratio > 1.2) process.exitCode = 1;
  } finally {
    await dns.close();
    await rdap.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
