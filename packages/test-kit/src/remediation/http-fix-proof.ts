import { type Finding, httpProbe } from "@domain-intel/engine";
import { startDnsServer, zoneHandler } from "../dns/dns-server.js";
import { testProbeContext } from "../engine/probe-context.js";
import { startWebPeer } from "../http/web-peers.js";
import { createTestPki, type TestPki } from "../tls/certificates.js";
import { applyFiles, applyHeaders, changesOf, type ServedFiles } from "./apply-changes.js";
import { type FixProof, remediationOf } from "./fix-proof.js";
import { filesHandler } from "./served-files.js";

/**
 * A broken site for one finding: `example.test` on loopback (a DNS server answering its A
 * record), HTTPS with a certificate from a test CA sending `headers` on its root and serving
 * `files`, and http redirecting to it.
 */
export interface HttpProofCase {
  /** Headers of the HTTPS root answer; default `healthyHeaders`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Files by `host/path`; default a valid security.txt. */
  readonly files?: ServedFiles;
  readonly parameters?: Readonly<Record<string, string>>;
}

const domain = "example.test";
const dayMs = 86_400_000;

/** What a healthy site sends on its root. */
export const healthyHeaders: Readonly<Record<string, string>> = {
  "strict-transport-security": "max-age=63072000; includeSubDomains; preload",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-security-policy": "default-src 'self'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
};

/** A valid security.txt for the healthy site. */
export const healthySecurityTxt = (): ServedFiles => ({
  [`${domain}/.well-known/security.txt`]: {
    contentType: "text/plain; charset=utf-8",
    content: `Contact: mailto:security@${domain}\nExpires: ${new Date(Date.now() + 180 * dayMs).toISOString()}\n`,
  },
});

let pki: Promise<TestPki> | undefined;
const testPki = () => {
  pki ??= createTestPki({ name: "Http Fix" });
  return pki;
};

/** Runs the http probe against the site serving `headers` and `files`. */
async function assessSite(headers: Readonly<Record<string, string>>, files: ServedFiles) {
  const certificates = await testPki();
  const leaf = await certificates.issueLeaf({ commonName: domain, subjectAltNames: [domain] });
  const dns = await startDnsServer(
    zoneHandler({ [domain]: [{ type: "A", name: domain, ttl: 60, data: "127.0.0.1" }] }),
  );
  const https = await startWebPeer({
    tls: { key: leaf.keyPem, cert: leaf.chainPem },
    handler: filesHandler(files, (request, response) => {
      if (request.url !== "/") {
        response.writeHead(404, { "content-type": "text/plain" });
        response.end("not found");
        return;
      }
      response.writeHead(200, { ...headers, "content-type": "text/html" });
      response.end("<!doctype html><title>fix proof</title>");
    }),
  });
  const http = await startWebPeer({
    handler: (request, response) => {
      response.writeHead(301, { location: `https://${domain}:${https.port}${request.url ?? "/"}` });
      response.end();
    },
  });
  try {
    const data = await httpProbe({
      httpsPort: https.port,
      httpPort: http.port,
      ca: certificates.root.certPem,
    }).run(domain, testProbeContext({ resolvers: [dns.address], timeoutMs: 10_000 }));
    return data.findings;
  } finally {
    await Promise.all([https.close(), http.close(), dns.close()]);
  }
}

/**
 * Serves the broken site, takes the http section's remediation of `id`, applies its header
 * changes (every stage, in order) and its files to the site, and asks the section again.
 */
export async function proveHttpFix(id: string, proof: HttpProofCase): Promise<FixProof> {
  const headers = proof.headers ?? healthyHeaders;
  const files = proof.files ?? healthySecurityTxt();
  const before: Finding[] = await assessSite(headers, files);
  const remediation = remediationOf(before, id);
  const values = proof.parameters ?? {};
  const unapplied = remediation.changes.filter(
    (change) => change.kind !== "http-header" && change.kind !== "file",
  );
  if (unapplied.length > 0) throw new Error(`${id}: no http applier for ${unapplied[0]!.kind}`);
  const after = await assessSite(
    applyHeaders(headers, changesOf(remediation, "http-header", values)),
    applyFiles(files, changesOf(remediation, "file", values)),
  );
  return { id, before, remediation, after };
}
