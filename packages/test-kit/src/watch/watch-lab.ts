import { X509Certificate } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import { type EngineOptions, silentLogger, sslProbe } from "@domain-intel/engine";
import type * as packet from "dns-packet";
import { startDnsServer, zoneHandler } from "../dns/dns-server.js";
import { rdapDomainExample, startRdapServer } from "../rdap/rdap-server.js";
import { createTestPki, daysFromNow } from "../tls/certificates.js";

export const watchLabKey = "watch-lab-key-0001";

export interface WatchLab {
  /** Engine options wired to the peers: the whois, dns and ssl sections of `watched.test`. */
  readonly options: EngineOptions;
  readonly domain: string;
  /** The nameserver set DNS answers for the domain from now on. */
  setNameservers(hosts: readonly string[]): void;
  /** The registry's expiration date from now on. */
  setRegistrationExpiry(date: Date): void;
  /** Serves a new certificate for the domain from now on; answers its SHA-256 fingerprint. */
  issueCertificate(options: { notAfter: Date }): Promise<string>;
  close(): Promise<void>;
}

/**
 * Loopback DNS, TLS and RDAP peers for one domain whose data a test changes between sweeps:
 * its nameservers, its certificate, its registration's expiry.
 */
export async function startWatchLab(): Promise<WatchLab> {
  const domain = "watched.test";
  const ns = (host: string): packet.Answer => ({ type: "NS", name: domain, ttl: 300, data: host });
  const zone: Record<string, packet.Answer[]> = {
    [domain]: [
      { type: "A", name: domain, ttl: 300, data: "127.0.0.1" },
      ns("ns1.watched.test"),
      ns("ns2.watched.test"),
    ],
  };
  const dns = await startDnsServer(zoneHandler(zone));
  const registration = rdapDomainExample();
  registration.ldhName = domain.toUpperCase();
  const events = registration.events as { eventAction: string; eventDate: string }[];
  const rdap = await startRdapServer((path) =>
    path === `/domain/${domain}`
      ? { status: 200, json: registration }
      : { status: 404, json: { errorCode: 404 } },
  );
  const pki = await createTestPki();
  const leafFor = (notAfter: Date) =>
    pki.issueLeaf({ commonName: domain, subjectAltNames: [domain], notAfter });
  const first = await leafFor(daysFromNow(200));
  const server = tls.createServer({ key: first.keyPem, cert: first.chainPem });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const options: EngineOptions = {
    keys: [watchLabKey],
    network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 5000 },
    rdap: {
      bootstrap: {
        version: "1.0",
        publication: "2026-11-01T00:00:00Z",
        services: [[["test"], [rdap.baseUrl]]],
      },
    },
    probes: {
      ssl: sslProbe({
        port: (server.address() as AddressInfo).port,
        ca: pki.root.certPem,
        scan: false,
      }),
      http: false,
      mail: false,
      hosting: false,
    },
    logger: silentLogger,
  };
  return {
    options,
    domain,
    setNameservers(hosts) {
      zone[domain] = [...zone[domain]!.filter((record) => record.type !== "NS"), ...hosts.map(ns)];
      registration.nameservers = hosts.map((host) => ({
        objectClassName: "nameserver",
        ldhName: host,
      }));
    },
    setRegistrationExpiry(date) {
      const expiration = events.find((event) => event.eventAction === "expiration")!;
      expiration.eventDate = date.toISOString();
    },
    async issueCertificate({ notAfter }) {
      const leaf = await leafFor(notAfter);
      server.setSecureContext({ key: leaf.keyPem, cert: leaf.chainPem });
      return new X509Certificate(leaf.certPem).fingerprint256;
    },
    close: async () => {
      server.close();
      await Promise.all([dns.close(), rdap.close()]);
    },
  };
}
