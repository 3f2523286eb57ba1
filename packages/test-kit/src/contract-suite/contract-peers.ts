import { once } from "node:events";
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import {
  type EngineOptions,
  httpProbe,
  mailProbe,
  type Probe,
  ProbeError,
  silentLogger,
  sslProbe,
} from "@domain-intel/engine";
import { ipDataFromCsv } from "@domain-intel/ip-data";
// The reference page every host serves.
import { swaggerUi } from "@domain-intel/swagger-ui";
import { startDnsServer, type TestDnsServer, zoneHandler } from "../dns/dns-server.js";
import { countingProbe } from "../engine/counting-probe.js";
import { startWebPeer, type WebPeer } from "../http/web-peers.js";
import { type RdapTestServer, rdapDomainExample, startRdapServer } from "../rdap/rdap-server.js";
import { startSmtpServer } from "../smtp/smtp-server.js";
import { createTestPki } from "../tls/certificates.js";

export const contractKey = "contract-suite-key-0001";
/** A second key: it must not see the first one's batch jobs. */
export const contractOtherKey = "contract-suite-key-0002";

/**
 * A custom section whose probe cannot run for some names, so every upstream failure the API
 * reports is reachable on loopback: `down.*` (502), `timeout.*` (504), `crash.*` (500).
 */
export const upstreamProbe: Probe<{ reachable: boolean }> = {
  dataSchema: {
    type: "object",
    required: ["reachable"],
    properties: { reachable: { type: "boolean" } },
  },
  run(domain) {
    if (domain.startsWith("down."))
      throw new ProbeError("upstream_error", "Every upstream refused.");
    if (domain.startsWith("timeout.")) throw new ProbeError("timeout", "No upstream answered.");
    if (domain.startsWith("crash.")) throw new Error("secret internals at /srv/probe.js:1");
    return { reachable: true };
  },
  ttlMs: () => 60_000,
};

export interface ContractPeers {
  /** Engine options wired to the peers: real dns, ssl, http, mail, hosting and whois probes plus `echo` and `upstream`. */
  readonly options: EngineOptions;
  /** Domains the `echo` section was probed for, in order. */
  readonly echoRuns: readonly string[];
  close(): Promise<void>;
}

/** Real peers on loopback: a DNS resolver, an HTTPS endpoint with a test chain, an RDAP server. */
export async function startContractPeers(): Promise<ContractPeers> {
  const dns: TestDnsServer = await startDnsServer(
    zoneHandler({
      "example.test": [
        // Loopback, so the ssl probe reaches the test HTTPS server.
        { type: "A", name: "example.test", ttl: 300, data: "127.0.0.1" },
        { type: "TXT", name: "example.test", ttl: 300, data: "v=spf1 -all" },
        {
          type: "MX",
          name: "example.test",
          ttl: 300,
          data: { preference: 10, exchange: "mx.example.test" },
        },
      ],
      "mx.example.test": [{ type: "A", name: "mx.example.test", ttl: 300, data: "127.0.0.1" }],
    }),
  );
  const pki = await createTestPki();
  const leaf = await pki.issueLeaf({
    commonName: "example.test",
    subjectAltNames: ["example.test"],
  });
  const tlsServer = tls.createServer({ key: leaf.keyPem, cert: leaf.chainPem });
  tlsServer.listen(0, "127.0.0.1");
  await once(tlsServer, "listening");
  // The web site of example.test: HTTPS with HSTS, http redirecting to it.
  const https: WebPeer = await startWebPeer({
    tls: { key: leaf.keyPem, cert: leaf.chainPem },
    handler: (_request, response) => {
      response.writeHead(200, { "strict-transport-security": "max-age=31536000" });
      response.end("example.test");
    },
  });
  const http: WebPeer = await startWebPeer({
    handler: (_request, response) => {
      response.writeHead(301, { location: `https://example.test:${https.port}/` });
      response.end();
    },
  });
  const mxLeaf = await pki.issueLeaf({
    commonName: "mx.example.test",
    subjectAltNames: ["mx.example.test"],
  });
  const smtp = await startSmtpServer({
    mode: "starttls",
    name: "mx.example.test",
    certificate: { keyPem: mxLeaf.keyPem, certPem: mxLeaf.chainPem },
  });
  const rdapDomain = rdapDomainExample();
  const rdap: RdapTestServer = await startRdapServer((path) =>
    path === "/domain/example.test"
      ? { status: 200, json: rdapDomain }
      : { status: 404, json: { errorCode: 404 } },
  );
  const echo = countingProbe();
  const options: EngineOptions = {
    keys: [contractKey, contractOtherKey],
    network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 5000 },
    rdap: {
      bootstrap: {
        version: "1.0",
        publication: "2026-11-01T00:00:00Z",
        services: [[["test"], [rdap.baseUrl]]],
      },
    },
    // The hosting section's network data: one lab range, in ip-location-db's CSV form.
    hosting: {
      asnSource: ipDataFromCsv({
        source: "contract-lab",
        asn: [{ source: "lab", text: "127.0.0.0,127.0.0.255,64500,Contract Lab Networks" }],
        country: [{ source: "lab", text: "127.0.0.0,127.0.0.255,NL" }],
      }),
      httpsPort: https.port,
    },
    probes: {
      ssl: sslProbe({ port: (tlsServer.address() as AddressInfo).port, ca: pki.root.certPem }),
      http: httpProbe({ httpsPort: https.port, httpPort: http.port, ca: pki.root.certPem }),
      mail: mailProbe({ smtpPort: smtp.port, ca: pki.root.certPem }),
      echo: echo.probe,
      upstream: upstreamProbe,
    },
    // The suite makes a few dozen calls with one key; rate limiting has its own case.
    rateLimit: {
      plans: { default: { capacity: 1000, refillPerSecond: 100 } },
      refresh: { capacity: 100, refillPerSecond: 10 },
      // Three refused keys on every route: more failures from one address than the default allows.
      failedAuth: { capacity: 100, refillPerSecond: 10 },
    },
    logger: silentLogger,
    routes: [swaggerUi()],
  };
  return {
    options,
    echoRuns: echo.runs,
    close: async () => {
      tlsServer.close();
      await Promise.all([dns.close(), rdap.close(), https.close(), http.close(), smtp.close()]);
    },
  };
}
