import {
  engineGet,
  type LabWorld,
  startDnsServer,
  startLabWorld,
  type TestDnsServer,
} from "@domain-intel/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { answerReserveMs } from "../../contract/budget.js";
import type { Finding } from "../../contract/finding.js";
import { createEngine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";
import { dnsProbe } from "./dns-probe.js";

const key = "dns-budget-key";

/** Every question any server of a test received, with when it arrived. */
interface Arrival {
  at: number;
  server: string;
  question: string;
}

const closing: (LabWorld | TestDnsServer)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((peer) => peer.close()));
});

/**
 * A silent resolver first, then a lab world's working resolver (every answer 80 ms late, so
 * the assessment goes in rounds closer together than the 100 ms an answer is given); the
 * engine's dns section with `budgetMs` over both, its tries of `tryTimeoutMs`.
 */
async function silentFirst(options: { budgetMs: number; tryTimeoutMs: number }) {
  const arrivals: Arrival[] = [];
  let started = performance.now();
  const arrived = (server: string, query: { name: string; type: string }) =>
    arrivals.push({
      at: performance.now() - started,
      server,
      question: `${query.type} ${query.name}`,
    });
  const world = await startLabWorld({
    latencyMs: 80,
    onQuery: (query) => arrived(query.server, query),
  });
  closing.push(world);
  const silent = await startDnsServer(() => ({ drop: true }), {
    onQuery: (query) => arrived("silent", query),
  });
  closing.push(silent);
  const engine = createEngine({
    keys: [key],
    probes: {
      dns: dnsProbe({
        authoritativePort: world.lab.port,
        tryTimeoutMs: options.tryTimeoutMs,
        trustAnchors: world.trustAnchor,
      }),
      whois: false,
      ssl: false,
      mail: false,
      hosting: false,
    },
    network: {
      resolvers: [silent.address, world.lab.resolver.address],
      allowPrivateAddresses: true,
      timeoutMs: options.budgetMs,
    },
    rateLimit: false,
    logger: silentLogger,
  });
  started = performance.now();
  const answer = await engineGet(engine, `/api/v1/dns/${world.domain}`, key);
  // The probe's first questions go out as its run starts: times from there are the run's own.
  const first = Math.min(...arrivals.map((arrival) => arrival.at));
  const late = (cutoffMs: number) =>
    arrivals.filter((arrival) => arrival.at - first > cutoffMs + slackMs);
  return { answer, arrivals, late, world, silent };
}

/** A datagram's delivery and the run's start before its first question, on a busy machine. */
const slackMs = 15;

describe("the dns section's budget", () => {
  it("answers within the budget after a silent resolver, sending no query that could not be answered in time", async () => {
    // A reserve (10 %) well above what answering takes on a busy machine (up to 200 ms seen).
    const budgetMs = 4000;
    // Tries of 1600 ms: with 1500 a quiet machine finished the whole assessment in the 600 ms
    // left, and nothing was cut short.
    const { answer, late, world, silent } = await silentFirst({ budgetMs, tryTimeoutMs: 1600 });

    // The silent resolver took 2 tries of 1600 ms: the working one answered the records, and
    // the assessment had what was left, not enough for all of it.
    expect(answer.status, answer.body.detail).toBe(200);
    expect(answer.elapsedMs).toBeLessThan(budgetMs);
    const { data } = answer.body;
    expect(data.resolver).toBe(world.lab.resolver.address);
    expect(data.records.A).toEqual([{ address: "192.0.2.10", ttl: 300 }]);
    const cutShort = data.health.checks.filter((finding: Finding) =>
      /time budget/.test(finding.message),
    );
    expect(cutShort.length).toBeGreaterThan(0);
    expect(new Set(cutShort.map((finding: Finding) => finding.status))).toEqual(
      new Set(["skipped"]),
    );
    // The zone is healthy: what the budget cut short is skipped, never failed or warned about.
    const faulted = data.health.checks.filter((finding: Finding) =>
      ["fail", "warn"].includes(finding.status),
    );
    expect(faulted).toEqual([]);
    // Every question of the records lookup, the parent's SOA that tells a dead resolver from a
    // broken zone, and the two of the parent prefetch, twice.
    expect(silent.queries).toHaveLength(2 * (17 + 1 + 2));
    // After the budget less the answer reserve less the 100 ms an answer needs, nothing was
    // sent: no server received a question past that point.
    expect(late(budgetMs - answerReserveMs(budgetMs) - 100)).toEqual([]);
  });

  it("gives up before the budget ends when no time is left to ask the next resolver", async () => {
    const budgetMs = 1500;
    const { answer, late, world } = await silentFirst({ budgetMs, tryTimeoutMs: 800 });

    // 800 ms, then the 550 ms left of the budget less its 150 ms reserve: nothing remains for
    // the working resolver, which is never asked, and the section says so before the deadline.
    expect(answer.status).toBe(504);
    expect(answer.elapsedMs).toBeLessThan(budgetMs - 100);
    expect(answer.body.detail).toMatch(
      new RegExp(
        `^No DNS resolver answered for ${world.domain.replace(".", "\\.")} in time: no answer for .* over udp after 2 tries \\(800 ms, 5\\d\\d ms\\); no time was left to ask ${world.lab.resolver.address}\\.$`,
      ),
    );
    expect(world.lab.resolver.queries).toEqual([]);
    expect(late(budgetMs - answerReserveMs(budgetMs) - 100)).toEqual([]);
  });
});
