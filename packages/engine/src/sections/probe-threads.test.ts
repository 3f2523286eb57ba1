import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  startDnsServer,
  startSmtpServer,
  type TestDnsServer,
  type TestSmtpServer,
  type ZoneRecords,
  zoneHandler,
} from "@domain-intel/test-kit";
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../logging/logger.js";
import { createBuiltInProbe } from "../probes/built-in.js";
import { networkData } from "../protocols/ip-network/network-data.js";
import { probeThreads } from "./probe-threads.js";
import { type ProbeOutcome, runProbe } from "./run-probe.js";

// Issue 35: built-in sections' runs on worker threads (`network.probeThreads`) answer what
// they answer in process, inside the same budget, and a thread's death fails only its runs.
const domain = "threads.test";
const zone: ZoneRecords = {
  [domain]: [
    ...[1, 2, 3].map((index) => ({
      type: "A" as const,
      name: domain,
      ttl: 300,
      data: `127.0.0.${index}`,
    })),
    { type: "MX", name: domain, ttl: 3600, data: { preference: 10, exchange: `mx.${domain}` } },
    { type: "TXT", name: domain, ttl: 3600, data: "v=spf1 mx -all" },
  ],
  [`_dmarc.${domain}`]: [
    { type: "TXT", name: `_dmarc.${domain}`, ttl: 3600, data: "v=DMARC1; p=reject" },
  ],
  [`mx.${domain}`]: [{ type: "A", name: `mx.${domain}`, ttl: 3600, data: "127.0.0.1" }],
};

let dns: TestDnsServer;
let silent: TestDnsServer;
let smtp: TestSmtpServer;
beforeAll(async () => {
  dns = await startDnsServer(zoneHandler(zone));
  silent = await startDnsServer(() => ({ drop: true }));
  smtp = await startSmtpServer({ mode: "no-starttls", name: `mx.${domain}` });
});
afterAll(async () => {
  await Promise.all([dns?.close(), silent?.close(), smtp?.close()]);
});

const network = { resolvers: [] as string[], allowPrivateAddresses: true, timeoutMs: 8000 };

interface RunOptions {
  section: string;
  domain: string;
  onThread: boolean;
  resolvers: string[];
  timeoutMs?: number;
  limit?: <T>(operation: () => Promise<T>) => Promise<T>;
}

/** A ready pool of `threads` threads, and runs of a built-in section in process or on it. */
async function withPool<T>(
  threads: number,
  use: (run: (options: RunOptions) => Promise<ProbeOutcome>) => Promise<T>,
): Promise<T> {
  const given = { mail: { smtpPort: smtp.port } };
  const shared = { networkData: networkData("cymru"), rtr: null };
  const pool = probeThreads({ threads, given, shared, logger: silentLogger });
  await pool.ready();
  const eight = pLimit(8);
  try {
    return await use(({ section, domain: name, onThread, limit, ...rest }) => {
      const probe = createBuiltInProbe(section, given, shared);
      return runProbe({
        probe: onThread ? pool.onThread(section, probe) : probe,
        section,
        domain: name,
        context: {
          network: { ...network, ...rest },
          limit: limit ?? ((operation) => eight(operation)),
        },
        onUnexpectedError: (error) => {
          throw error;
        },
      });
    });
  } finally {
    await pool.close();
  }
}

/** What a run found, without what differs between any two runs (times, the clock). */
function stable(outcome: ProbeOutcome): unknown {
  if (!outcome.ok) return outcome.error;
  return JSON.parse(JSON.stringify(outcome.data), (key, value) =>
    /(ms|Ms|At)$/.test(key)
      ? undefined
      : // A suggested MTA-STS policy id is the time the fix was written.
        typeof value === "string"
        ? value.replace(/\d{14}/g, "TIMESTAMP")
        : value,
  );
}

describe("probe runs on threads", () => {
  it("answer the dns and mail sections' data as in process, remediations included", async () => {
    await withPool(2, async (run) => {
      for (const section of ["dns", "mail"]) {
        const each = (onThread: boolean) =>
          run({ section, domain, onThread, resolvers: [dns.address] });
        const [inProcess, onThread] = [await each(false), await each(true)];
        expect(onThread.ok).toBe(true);
        expect(stable(onThread)).toEqual(stable(inProcess));
        // The findings and their fixes crossed the thread as the section made them.
        const data = (onThread as { data: { findings: { remediation?: unknown }[] } }).data;
        if (section === "mail")
          expect(data.findings.some((finding) => finding.remediation !== undefined)).toBe(true);
      }
    });
  }, 60_000);

  it("end a run whose resolver never answers inside its budget, with its error", async () => {
    await withPool(1, async (run) => {
      const started = performance.now();
      const outcome = await run({
        section: "dns",
        domain,
        onThread: true,
        resolvers: [silent.address],
        timeoutMs: 2000,
      });
      const tookMs = performance.now() - started;
      expect(silent.queries.length).toBeGreaterThan(0);
      // Generous: the machine is loaded; a hang would be the test's own timeout.
      expect(tookMs).toBeLessThan(2000 + 3000);
      // What the section says in process: no resolver answered, the question and the tries.
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) {
        expect(outcome.error.code, outcome.error.message).toBe("timeout");
        expect(outcome.error.message).toMatch(
          /^No DNS resolver answered for threads\.test in time/,
        );
      }
    });
  }, 60_000);

  it("fail a run whose thread dies with a precise error, then run the next one", async () => {
    const shared = { networkData: networkData("cymru"), rtr: null };
    const pool = probeThreads({ threads: 1, given: {}, shared, logger: silentLogger });
    await pool.ready();
    const probe = pool.onThread("dns", createBuiltInProbe("dns", {}, shared));
    const limit = pLimit(8);
    const run = (resolvers: string[]) =>
      runProbe({
        probe,
        section: "dns",
        domain,
        context: {
          network: { resolvers, allowPrivateAddresses: true, timeoutMs: 20_000 },
          limit: (operation) => limit(operation),
        },
        onUnexpectedError: () => undefined,
      });
    try {
      const dying = run([silent.address]);
      // Killed once the run is asking the silent resolver.
      while (silent.queries.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await pool.workers()[0]!.terminate();
      const outcome = await dying;
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) {
        expect(outcome.error.code).toBe("internal");
        expect(outcome.error.message).toMatch(/dns probe's thread stopped \(exit code \d+\)/);
      }
      // The next run is made in process while the thread's replacement starts, then on it.
      expect((await run([dns.address])).ok).toBe(true);
      await pool.ready();
      expect(pool.workers()).toHaveLength(1);
      expect((await run([dns.address])).ok).toBe(true);
      expect(limit.activeCount + limit.pendingCount).toBe(0);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("keep the engine's outbound limit across threads", async () => {
    // A resolver that answers each query after 20 ms and counts the queries it holds at once.
    const answer = zoneHandler(zone);
    let open = 0;
    let most = 0;
    const slow = await startDnsServer(async (query, transport) => {
      most = Math.max(most, ++open);
      await new Promise((resolve) => setTimeout(resolve, 20));
      open--;
      return answer(query, transport);
    });
    const one = pLimit(1);
    try {
      await withPool(2, async (run) => {
        const outcomes = await Promise.all(
          ["a", "b", "c", "d"].map((label) =>
            run({
              section: "dns",
              domain: `${label}.${domain}`,
              onThread: true,
              resolvers: [slow.address],
              limit: (operation) => one(operation),
            }),
          ),
        );
        expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true, true]);
      });
      expect(slow.queries.length).toBeGreaterThan(8);
      expect(most).toBe(1);
    } finally {
      await slow.close();
    }
  }, 60_000);

  it.each([
    ["once the engine closes", "await engine.close();"],
    ["even when the engine is never closed (a server that failed to listen)", ""],
  ])(
    "leave nothing that keeps the process alive %s",
    async (_, close) => {
      const engineUrl = new URL("../engine.ts", import.meta.url).href;
      const script = `
      const { createEngine } = await import(${JSON.stringify(engineUrl)});
      const engine = createEngine({ keys: ["k"], logger: { info() {}, warn() {}, error() {} },
        network: { resolvers: [${JSON.stringify(dns.address)}], allowPrivateAddresses: true, probeThreads: 2 },
        probes: { whois: false, ssl: false, http: false, hosting: false, mail: false } });
      const result = await engine.lookup(${JSON.stringify(domain)}, "dns");
      ${close}
      console.log(result.status);`;
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "--input-type=module", "-e", script],
        {
          cwd: fileURLToPath(new URL("../..", import.meta.url)),
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr.on("data", (chunk) => {
        output += chunk;
      });
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          resolve(null);
        }, 45_000);
        child.once("exit", (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      expect(output.trim()).toBe("ok");
      expect(code).toBe(0);
    },
    60_000,
  );
});
