import {
  engineGet,
  noBuiltInProbes,
  type SaturatingProbe,
  saturatingProbe,
  startDelayRelay,
} from "@domain-intel/test-kit";
import { useSslHarness } from "@domain-intel/test-kit/ssl-harness";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";
import { createEngine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";
import type { SslData } from "./declaration.js";
import { sslFindingIds } from "./ssl-findings.js";
import { sslProbe } from "./ssl-probe.js";

// Sixteen loopback addresses of one name, every connection to them held 50 ms by a relay on
// 0.0.0.0 (all of 127.0.0.0/8), as a distant host's would be.
const wide = Array.from(
  { length: 16 },
  (_, index): packet.Answer => ({
    type: "A",
    name: "wide.test",
    ttl: 60,
    data: `127.0.2.${index + 1}`,
  }),
);
const harness = useSslHarness({ "wide.test": wide }, sslFindingIds);
const key = "ssl-budget-key";
// The machines that run this run other suites beside it on two cores.
const timerLagMs = 600;
const budgetMs = 3000;

describe("sslProbe within its budget when the engine is busy", () => {
  it("answers 200 before the budget ends with what it found, and says what it could not finish", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "wide.test",
      subjectAltNames: ["wide.test"],
    });
    const server = await harness.startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });
    const relay = await startDelayRelay({
      targetPort: server.port,
      delayMs: 50,
      listen: { host: "0.0.0.0" },
    });
    const busy: SaturatingProbe = saturatingProbe({ width: 8, operationMs: 100 });
    const engine = createEngine({
      keys: [key],
      logger: silentLogger,
      rateLimit: false,
      network: {
        resolvers: [harness.dns.address],
        allowPrivateAddresses: true,
        timeoutMs: budgetMs,
        maxConcurrency: 8,
      },
      probes: {
        ...noBuiltInProbes,
        ssl: sslProbe({ port: relay.port, ca: harness.pki.root.certPem }),
        busy: busy.probe,
      },
    });
    try {
      // Other work holds the engine's outbound limit: four runs keep 32 operations queued.
      const others = ["a", "b", "c", "d"].map((name) => engine.lookup(`${name}.busy.test`, "busy"));
      await busy.saturated(32);
      const answer = await engineGet(engine, "/api/v1/ssl/wide.test", key);
      await Promise.all(others);

      expect(answer.status).toBe(200);
      // The engine's own measure of the run: inside the budget (give or take a loaded
      // machine's late timers), with data.
      expect(answer.body.durationMs).toBeLessThanOrEqual(budgetMs + timerLagMs);
      const data = answer.body.data as SslData;
      expect(data.reachable).toBe(true);
      expect(data.hostnameMatch).toBe(true);
      expect(data.endpoints.filter((endpoint) => endpoint.reachable).length).toBeGreaterThan(0);

      // What it could not finish is said: addresses not tried, or a scan cut short or not begun.
      const said = (id: string) => data.findings.find((finding) => finding.id === id)!;
      const notTried = data.endpoints.filter((endpoint) => endpoint.reason === "not_probed");
      const cutShort = data.endpoints.filter((e) => e.configuration?.complete === false);
      const scanNotBegun = data.configuration === null;
      expect(notTried.length + cutShort.length + (scanNotBegun ? 1 : 0)).toBeGreaterThan(0);
      if (notTried.length > 0) {
        expect(said("ssl.unreachable")).toMatchObject({
          status: "pass",
          message: expect.stringContaining(
            `${notTried.length} of 16 addresses were not tried: the time budget ran out first.`,
          ),
          details: { notTried: notTried.map((endpoint) => endpoint.address) },
        });
      }
      for (const id of ["ssl.protocols.legacy", "ssl.ciphers.weak"])
        expect(said(id).message).toMatch(
          scanNotBegun
            ? /no time was left in the budget for the configuration scan/
            : cutShort.length > 0
              ? /The scan is incomplete/
              : /./,
        );
    } finally {
      await engine.close();
      await relay.close();
    }
  }, 20_000);
});
