import { measureMainThreadStalls } from "@domain-intel/test-kit";
import { useSslHarness } from "@domain-intel/test-kit/ssl-harness";
import { describe, expect, it } from "vitest";
import { sslFindingIds } from "./ssl-findings.js";

// The heaviest cold section: a full scan (versions, every suite, groups, the 33 clients'
// hellos, attacks, resumption) of a server accepting Node's whole default list, RSA and legacy
// versions. The main thread is measured in V8 samples (CPU time, so the bound holds on a
// loaded machine); cached answers wait for its longest stretch. Generous: measured 19 ms at
// load 14 (with a trust store built per probe, as before, the first scan of a probe took 57).
const boundMs = 100;

const harness = useSslHarness(
  { "secure.test": [{ type: "A", name: "secure.test", ttl: 60, data: "127.0.0.1" }] },
  sslFindingIds,
);

describe("the main thread during a cold ssl scan", () => {
  it("a scan of a server with many suites never holds it 100 ms at a time", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      keyType: "rsa",
    });
    const server = await harness.startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      minVersion: "TLSv1",
      ciphers: "ALL:@SECLEVEL=0",
    });
    const options = { port: server.port, ca: harness.pki.root.certPem };
    const context = () => harness.context({ timeoutMs: 20_000 });
    // Once a process: modules, the trust store of the extra root, the suite tables.
    await harness.probe(options, "secure.test", context());
    const stalls = await measureMainThreadStalls(() =>
      harness.probe(options, "secure.test", context()),
    );
    // The scan ran whole: many suites of several versions, in many handshakes.
    const configuration = stalls.result.configuration!;
    expect(configuration.complete).toBe(true);
    expect(configuration.protocols.TLSv1).toBe(true);
    expect(configuration.ciphers["TLSv1.2"].length).toBeGreaterThan(10);
    expect(configuration.handshakes).toBeGreaterThan(50);
    expect(stalls.longestCpuMs, stalls.longestMadeBy.join("; ")).toBeLessThan(boundMs);
  });
});
