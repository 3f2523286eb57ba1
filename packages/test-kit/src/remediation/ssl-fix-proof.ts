import { once } from "node:events";
import type { AddressInfo, Socket } from "node:net";
import tls from "node:tls";
import { type Finding, sslProbe } from "@domain-intel/engine";
import { startDnsServer, zoneHandler } from "../dns/dns-server.js";
import { testProbeContext } from "../engine/probe-context.js";
import { createTestPki, type TestPki } from "../tls/certificates.js";
import { applyTlsConfig, changesOf } from "./apply-changes.js";
import { type FixProof, remediationOf } from "./fix-proof.js";

/** A broken TLS server for one finding: node:tls options (versions, suites) of `secure.test`. */
export interface SslProofCase {
  readonly server: Readonly<tls.TlsOptions>;
}

const domain = "secure.test";

let pki: Promise<TestPki> | undefined;
const testPki = () => {
  pki ??= createTestPki({ name: "Ssl Fix" });
  return pki;
};

/** Runs the ssl probe, configuration scan included, against a TLS server with `options`. */
async function assessServer(options: tls.TlsOptions): Promise<Finding[]> {
  const certificates = await testPki();
  // RSA: the static RSA and ECDHE-RSA suites the broken cases serve need an RSA key.
  const leaf = await certificates.issueLeaf({
    commonName: domain,
    subjectAltNames: [domain],
    keyType: "rsa",
  });
  const dns = await startDnsServer(
    zoneHandler({ [domain]: [{ type: "A", name: domain, ttl: 60, data: "127.0.0.1" }] }),
  );
  const server = tls.createServer({ ...options, key: leaf.keyPem, cert: leaf.chainPem });
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  });
  server.on("tlsClientError", () => undefined);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const data = await sslProbe({
      port: (server.address() as AddressInfo).port,
      ca: certificates.root.certPem,
    }).run(domain, testProbeContext({ resolvers: [dns.address], timeoutMs: 20_000 }));
    return data.findings;
  } finally {
    for (const socket of sockets) socket.destroy();
    await Promise.all([new Promise((resolve) => server.close(resolve)), dns.close()]);
  }
}

/**
 * Serves the broken TLS configuration, takes the ssl section's remediation of `id`, configures
 * the server per its `tls-config` change (versions, suites, groups), and asks the section again.
 */
export async function proveSslFix(id: string, proof: SslProofCase): Promise<FixProof> {
  const before = await assessServer({ ...proof.server });
  const remediation = remediationOf(before, id);
  const unapplied = remediation.changes.filter((change) => change.kind !== "tls-config");
  if (unapplied.length > 0) throw new Error(`${id}: no ssl applier for ${unapplied[0]!.kind}`);
  const after = await assessServer(
    applyTlsConfig(proof.server, changesOf(remediation, "tls-config")),
  );
  return { id, before, remediation, after };
}
