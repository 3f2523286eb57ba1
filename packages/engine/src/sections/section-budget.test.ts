import {
  type CliLab,
  engineGet,
  type SitePeers,
  saturatingProbe,
  startCliLab,
  startSitePeers,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../engine.js";
import { silentLogger } from "../logging/logger.js";

const key = "budget-key";
// The machines that run this run other suites beside it on two cores.
const timerLagMs = 600;
const budgetMs = 4000;
const sections = ["whois", "dns", "ssl", "http", "mail", "hosting"] as const;

let site: SitePeers;
let lab: CliLab;
beforeAll(async () => {
  site = await startSitePeers("shop.test");
  lab = await startCliLab([], { zones: site.zones, rdap: { "shop.test": site.rdap } });
}, 60_000);
afterAll(async () => {
  await lab?.close();
  await site?.close();
});

describe("every section inside its budget while other work holds the engine's limit", () => {
  it("answers the full report of a whole site with data in every section, none past its budget", async () => {
    const busy = saturatingProbe({ width: 8, operationMs: 150 });
    const engine = createEngine({
      keys: [key],
      logger: silentLogger,
      rateLimit: false,
      network: {
        resolvers: [lab.env.DOMAIN_INTEL_RESOLVERS!],
        allowPrivateAddresses: true,
        timeoutMs: budgetMs,
        maxConcurrency: 8,
      },
      rdap: { bootstrap: lab.env.DOMAIN_INTEL_RDAP_BOOTSTRAP! },
      probes: { ...site.probes, busy: busy.probe },
    });
    try {
      const others = ["a", "b", "c"].map((name) => engine.lookup(`${name}.busy.test`, "busy"));
      await busy.saturated(24);
      const answer = await engineGet(engine, "/api/v1/domain/shop.test", key);
      await Promise.all(others);
      expect(answer.status).toBe(200);
      // Every section at once, so a failure shows them all. Inside the budget, give or take a
      // loaded machine's late timers.
      const outcomes = sections.map((section) => {
        const envelope = answer.body.sections[section];
        const inBudget = envelope.durationMs <= budgetMs + timerLagMs;
        return { section, status: envelope.status, error: envelope.error, inBudget };
      });
      expect(outcomes).toEqual(
        sections.map((section) => ({ section, status: "ok", error: undefined, inBudget: true })),
      );
    } finally {
      await engine.close();
    }
  }, 30_000);
});
