import { once } from "node:events";
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import { type EngineOptions, httpProbe, mailProbe, sslProbe } from "@domain-intel/engine";
import type { ZoneRecords } from "../dns/dns-server.js";
import { startWebPeer } from "../http/web-peers.js";
import { rdapDomainExample } from "../rdap/rdap-server.js";
import { startSmtpServer } from "../smtp/smtp-server.js";
import { createTestPki, daysFromNow } from "../tls/certificates.js";

export interface SitePeers {
  /** The domain's zone: addresses, two MX hosts, SPF, a monitoring-only DMARC policy. */
  readonly zones: ZoneRecords;
  /** The registry's RDAP answer for the domain: registered in 2019, expiring in 45 days. */
  readonly rdap: Record<string, unknown>;
  /** The ssl, http and mail probes pointed at the peers' ports, trusting their test root. */
  readonly probes: NonNullable<EngineOptions["probes"]>;
  close(): Promise<void>;
}

/**
 * A lived-in, healthy but imperfect site on loopback, for pictures of a whole report: HTTPS with
 * a leaf and an intermediate that outlives the registration, http redirecting to https, a first
 * MX offering STARTTLS (127.0.0.1) and a backup MX without it (127.0.0.2, the same port).
 */
export async function startSitePeers(domain: string): Promise<SitePeers> {
  const pki = await createTestPki({ name: "Shop Test" });
  const leaf = await pki.issueLeaf({
    commonName: domain,
    subjectAltNames: [domain, `www.${domain}`],
    notBefore: daysFromNow(-30),
    notAfter: daysFromNow(60),
  });
  const ssl = tls.createServer({ key: leaf.keyPem, cert: leaf.chainPem });
  ssl.listen(0, "127.0.0.1");
  await once(ssl, "listening");
  const https = await startWebPeer({
    tls: { key: leaf.keyPem, cert: leaf.chainPem },
    handler: (_request, response) => {
      // A short HSTS max-age: honoured, but too short to protect a first visit for long.
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "strict-transport-security": "max-age=86400",
      });
      response.end(`<!doctype html><title>${domain}</title>`);
    },
  });
  const http = await startWebPeer({
    handler: (request, response) => {
      response.writeHead(301, { location: `https://${domain}:${https.port}${request.url ?? "/"}` });
      response.end();
    },
  });
  const mxLeaf = await pki.issueLeaf({
    commonName: `mail.${domain}`,
    subjectAltNames: [`mail.${domain}`],
  });
  const primary = await startSmtpServer({
    mode: "starttls",
    name: `mail.${domain}`,
    certificate: { keyPem: mxLeaf.keyPem, certPem: mxLeaf.chainPem },
  });
  const backup = await startSmtpServer({
    mode: "no-starttls",
    name: `mx2.${domain}`,
    host: "127.0.0.2",
    port: primary.port,
  });
  const zones: ZoneRecords = {
    [domain]: [
      { type: "A", name: domain, ttl: 300, data: "127.0.0.1" },
      { type: "MX", name: domain, ttl: 3600, data: { preference: 10, exchange: `mail.${domain}` } },
      { type: "MX", name: domain, ttl: 3600, data: { preference: 20, exchange: `mx2.${domain}` } },
      { type: "NS", name: domain, ttl: 86400, data: `ns1.${domain}` },
      { type: "NS", name: domain, ttl: 86400, data: `ns2.${domain}` },
      { type: "TXT", name: domain, ttl: 3600, data: "v=spf1 mx -all" },
    ],
    [`_dmarc.${domain}`]: [
      {
        type: "TXT",
        name: `_dmarc.${domain}`,
        ttl: 3600,
        data: `v=DMARC1; p=none; rua=mailto:dmarc@${domain}`,
      },
    ],
    [`mail.${domain}`]: [{ type: "A", name: `mail.${domain}`, ttl: 3600, data: "127.0.0.1" }],
    [`mx2.${domain}`]: [{ type: "A", name: `mx2.${domain}`, ttl: 3600, data: "127.0.0.2" }],
  };
  const rdap = {
    ...rdapDomainExample(),
    ldhName: domain.toUpperCase(),
    events: [
      { eventAction: "registration", eventDate: "2019-03-02T10:00:00Z" },
      { eventAction: "expiration", eventDate: daysFromNow(45).toISOString() },
      { eventAction: "last changed", eventDate: daysFromNow(-320).toISOString() },
    ],
    secureDNS: { delegationSigned: false },
    nameservers: [
      { objectClassName: "nameserver", ldhName: `ns1.${domain}` },
      { objectClassName: "nameserver", ldhName: `ns2.${domain}` },
    ],
  };
  const ca = pki.root.certPem;
  return {
    zones,
    rdap,
    probes: {
      ssl: sslProbe({ port: (ssl.address() as AddressInfo).port, ca }),
      http: httpProbe({ httpsPort: https.port, httpPort: http.port, ca }),
      mail: mailProbe({ smtpPort: primary.port, ca }),
    },
    async close() {
      ssl.close();
      await Promise.all([https.close(), http.close(), primary.close(), backup.close()]);
    },
  };
}
