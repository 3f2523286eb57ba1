import type { Finding } from "@domain-intel/engine";
import { sslProbe } from "@domain-intel/engine";
import { startDnsServer, zoneHandler } from "../dns/dns-server.js";
import { testProbeContext } from "../engine/probe-context.js";
import { createTestPki, type TestPki } from "../tls/certificates.js";
import { applyTlsConfig, changesOf } from "./apply-changes.js";
import { applySteps, type FixProof, remediationOf } from "./fix-proof.js";
import type { SslStep } from "./ssl-steps.js";
import { type ServedWorld, type SslWorld, serveWorld } from "./ssl-world.js";

/**
 * A broken site for one finding: `secure.test` at 127.0.0.1 (and 127.0.0.2 when `second` is
 * given), each address a TLS server as its world says; `steps` are the remediation's steps in
 * words the proof applies, in order, after its `tls-config` change.
 */
export interface SslProofCase extends SslWorld {
  readonly second?: SslWorld;
  readonly steps?: readonly SslStep[];
  readonly settles?: FixProof["settles"];
}

const domain = "secure.test";
const hosts = ["127.0.0.1", "127.0.0.2"];

let pki: Promise<TestPki> | undefined;
const testPki = () => {
  pki ??= createTestPki({ name: "Ssl Fix" });
  return pki;
};

/** Runs the ssl probe, configuration scan included, against the site's addresses. */
async function assessSite(addresses: readonly SslWorld[]): Promise<Finding[]> {
  const certificates = await testPki();
  const served: ServedWorld[] = [];
  let dns: Awaited<ReturnType<typeof startDnsServer>> | undefined;
  const chains = new Map();
  try {
    // Every address on the first one's port: the probe asks one port of each.
    for (const [index, world] of addresses.entries()) {
      const port = served[0]?.port ?? 0;
      served.push(
        await serveWorld(world, { pki: certificates, domain, host: hosts[index]!, port, chains }),
      );
    }
    dns = await startDnsServer(
      zoneHandler({
        [domain]: addresses.map((_world, index) => ({
          type: "A" as const,
          name: domain,
          ttl: 60,
          data: hosts[index]!,
        })),
      }),
    );
    const data = await sslProbe({ port: served[0]!.port, ca: certificates.root.certPem }).run(
      domain,
      testProbeContext({ resolvers: [dns.address], timeoutMs: 20_000 }),
    );
    return data.findings;
  } finally {
    await Promise.all([...served.map((world) => world.close()), dns?.close()]);
  }
}

/**
 * Serves the broken site, takes the ssl section's remediation of `id`, configures each server
 * per its `tls-config` change (versions, suites, groups), applies the case's steps where the
 * remediation says them, and asks the section again.
 */
export async function proveSslFix(id: string, proof: SslProofCase): Promise<FixProof> {
  const { second, steps = [], settles, ...first } = proof;
  const addresses = second ? [first, second] : [first];
  const before = await assessSite(addresses);
  const remediation = remediationOf(before, id, { stepsOnly: steps.length > 0 });
  const unapplied = remediation.changes.filter((change) => change.kind !== "tls-config");
  if (unapplied.length > 0) throw new Error(`${id}: no ssl applier for ${unapplied[0]!.kind}`);
  const config = changesOf(remediation, "tls-config");
  const configured = addresses.map((world) =>
    config.length > 0 ? { ...world, server: applyTlsConfig(world.server, config) } : world,
  );
  const after = await assessSite(applySteps(id, remediation, steps, configured));
  return { id, before, remediation, after, ...(settles ? { settles } : {}) };
}
