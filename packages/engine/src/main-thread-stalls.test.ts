import {
  createTestPki,
  measureMainThreadStalls,
  startDnsServer,
  startHostileServer,
  type TestDnsServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SectionResult } from "./contract/section-result.js";
import { createEngine } from "./engine.js";
import { silentLogger } from "./logging/logger.js";
import { httpProbe } from "./probes/http/http-probe.js";

// A cold probe of a hostile peer must not hold the main thread: cached answers wait for it.
// The stall is counted in V8 samples (CPU time), so the bound holds on a loaded machine: a
// busy one stretches wall time, not samples. Measured at load 15-17: the longest stretch is
// 13-35 ms; before undici was read in slices (network/read-in-slices.ts) it was 55-107 ms.
const boundMs = 60;
const domain = "stall.test";

let dns: TestDnsServer;
let pki: Awaited<ReturnType<typeof createTestPki>>;
beforeAll(async () => {
  dns = await startDnsServer(
    zoneHandler({
      [domain]: [{ type: "A", name: domain, ttl: 60, data: "127.0.0.1" }],
      [`warm.${domain}`]: [{ type: "A", name: `warm.${domain}`, ttl: 60, data: "127.0.0.1" }],
    }),
  );
  pki = await createTestPki();
});
afterAll(() => dns?.close());

describe("the main thread during a cold probe of a hostile peer", () => {
  it("a web server flooding 30,000 headers on http and https stalls it less than 60 ms at a time", async () => {
    const leaf = await pki.issueLeaf({ commonName: domain, subjectAltNames: [domain] });
    const flood = () => [
      { send: `HTTP/1.1 200 OK\r\n${"x-filler: 0123456789\r\n".repeat(30_000)}\r\n` },
      { hang: true as const },
    ];
    const https = await startHostileServer({
      trigger: "http-head",
      tls: { key: leaf.keyPem, cert: leaf.chainPem },
      script: flood,
    });
    const http = await startHostileServer({ trigger: "http-head", script: flood });
    const engine = createEngine({
      keys: ["k"],
      logger: silentLogger,
      network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 8000 },
      probes: {
        whois: false,
        dns: false,
        ssl: false,
        mail: false,
        http: httpProbe({ httpsPort: https.port, httpPort: http.port, ca: pki.root.certPem }),
      },
    });
    try {
      // Once a process: the trust store of the extra root (60-100 ms) and the modules' loading.
      await engine.lookup(`warm.${domain}`, "http");
      const stalls = await measureMainThreadStalls(
        () => engine.lookup(domain, "http") as Promise<SectionResult>,
      );
      // The run did read the flood: undici refused the headers on https.
      const data = stalls.result.data as { https: { errorCode?: string } };
      expect(data.https.errorCode).toBe("UND_ERR_HEADERS_OVERFLOW");
      expect(stalls.longestCpuMs, stalls.longestMadeBy.join("; ")).toBeLessThan(boundMs);
    } finally {
      await engine.close();
      await Promise.all([https.close(), http.close()]);
    }
  });
});
