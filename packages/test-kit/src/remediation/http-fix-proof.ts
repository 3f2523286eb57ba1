import { type Finding, httpProbe } from "@domain-intel/engine";
import { startDnsServer, zoneHandler } from "../dns/dns-server.js";
import { testProbeContext } from "../engine/probe-context.js";
import { createTestPki, type TestPki } from "../tls/certificates.js";
import { applyFiles, applyHeaders, changesOf, type ServedFiles } from "./apply-changes.js";
import { applySteps, type FixProof, remediationOf } from "./fix-proof.js";
import { type HttpSite, serveSite, siteDomain } from "./http-site.js";
import type { HttpStep } from "./http-steps.js";

/**
 * A broken site for one finding: `example.test` on loopback (a DNS server answering its A
 * record), HTTPS with a certificate from a test CA sending `headers` on its root and serving
 * `files`, and http redirecting to it; the rest of `HttpSite` breaks it further. `steps` are
 * the remediation's steps in words the proof applies, in order, after its typed changes.
 */
export interface HttpProofCase extends Partial<Omit<HttpSite, "headers" | "files">> {
  /** Headers of the HTTPS root answer; default `healthyHeaders`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Files by `host/path`; default a valid security.txt. */
  readonly files?: ServedFiles;
  readonly parameters?: Readonly<Record<string, string>>;
  readonly steps?: readonly HttpStep[];
}

const domain = siteDomain;
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

/** Runs the http probe against `site`. */
async function assessSite(site: HttpSite) {
  const certificates = await testPki();
  const dns = await startDnsServer(
    zoneHandler({ [domain]: [{ type: "A", name: domain, ttl: 60, data: "127.0.0.1" }] }),
  );
  const served = await serveSite(site, domain, certificates);
  try {
    const data = await httpProbe({
      httpsPort: served.ports.https,
      httpPort: served.ports.http,
      ca: certificates.root.certPem,
    }).run(domain, testProbeContext({ resolvers: [dns.address], timeoutMs: 10_000 }));
    return data.findings;
  } finally {
    await Promise.all([served.close(), dns.close()]);
  }
}

/**
 * Serves the broken site, takes the http section's remediation of `id`, applies its header
 * changes (every stage, in order) and its files to the site, and asks the section again.
 */
export async function proveHttpFix(id: string, proof: HttpProofCase): Promise<FixProof> {
  const { parameters: values = {}, steps = [], ...broken } = proof;
  const site: HttpSite = {
    ...broken,
    headers: proof.headers ?? healthyHeaders,
    files: proof.files ?? healthySecurityTxt(),
  };
  const before: Finding[] = await assessSite(site);
  const remediation = remediationOf(before, id, { stepsOnly: steps.length > 0 });
  const unapplied = remediation.changes.filter(
    (change) => change.kind !== "http-header" && change.kind !== "file",
  );
  if (unapplied.length > 0) throw new Error(`${id}: no http applier for ${unapplied[0]!.kind}`);
  const changed: HttpSite = {
    ...site,
    headers: applyHeaders(site.headers, changesOf(remediation, "http-header", values)),
    files: applyFiles(site.files, changesOf(remediation, "file", values)),
  };
  const after = await assessSite(applySteps(id, remediation, steps, changed));
  return { id, before, remediation, after };
}
