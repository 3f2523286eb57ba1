import type { SecureServerOptions } from "node:http2";
import {
  createTestPki,
  type HelloResponder,
  startDnsServer,
  startHelloResponder,
  startWebPeer,
  type TestDnsServer,
  type TestPki,
  type WebPeer,
  zoneHandler,
} from "@domain-intel/test-kit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../contract/section-result.js";
import { createEngine } from "../engine.js";
import { silentLogger } from "../logging/logger.js";
import { httpProbe } from "../probes/http/index.js";
import { sslProbe } from "../probes/ssl/index.js";

// One loopback HTTPS site serves both sections: the ssl probe scans it, the http probe reads
// its HSTS header, which each test domain sets differently. The full report raises the ssl
// grade to A+ from the http section's HSTS; the ssl section's own route never can.

const key = "ssl-grade-hsts-test-key";
/** HSTS sent by the site, per test domain. */
const hsts: Record<string, string | undefined> = {
  "long.test": "max-age=15552000",
  "year.test": "max-age=31536000; includeSubDomains",
  "short.test": "max-age=15551999",
  "none.test": undefined,
};
const domains = Object.keys(hsts);

let dns: TestDnsServer;
let pki: TestPki;
let leaf: { keyPem: string; chainPem: string };
const peers: (WebPeer | HelloResponder)[] = [];

beforeAll(async () => {
  dns = await startDnsServer(
    zoneHandler(
      Object.fromEntries(
        domains.map((name) => [name, [{ type: "A", name, ttl: 60, data: "127.0.0.1" }]]),
      ),
    ),
  );
  pki = await createTestPki();
  leaf = await pki.issueLeaf({ commonName: "long.test", subjectAltNames: domains });
});
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});
afterAll(() => dns?.close());

/**
 * An engine with only the ssl and http sections, both pointed at one site served so; with
 * `ignoreScsv`, the ssl section scans it through a hello responder that answers TLS 1.2 hellos
 * offering ECDHE-RSA-CAMELLIA256-SHA384 by hand, TLS_FALLBACK_SCSV or not (RFC 7507 ignored),
 * and relays every other connection to the site (Node's own hello offers no CAMELLIA suite, so
 * the certificate is read from the site).
 */
async function siteEngine(
  tls: Omit<SecureServerOptions, "key" | "cert"> = {},
  { ignoreScsv = false } = {},
) {
  const https = await startWebPeer({
    tls: { key: leaf.keyPem, cert: leaf.chainPem, ...tls },
    handler: (request, response) => {
      const host = String(request.headers[":authority"] ?? request.headers.host ?? "");
      const policy = hsts[host.replace(/:\d+$/, "")];
      response.writeHead(200, policy ? { "strict-transport-security": policy } : {});
      response.end("ok");
    },
  });
  const http = await startWebPeer({
    handler: (request, response) => {
      response.writeHead(301, { location: `https://${request.headers.host}/` });
      response.end();
    },
  });
  peers.push(https, http);
  const front = ignoreScsv
    ? await startHelloResponder({
        versions: [0x0303],
        renegotiationInfo: true,
        suites: [0xc077],
        relayPort: https.port,
      })
    : null;
  if (front) peers.push(front);
  const engine = createEngine({
    keys: [key],
    network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 8000 },
    probes: {
      whois: false,
      dns: false,
      mail: false,
      hosting: false,
      ssl: sslProbe({ port: front?.port ?? https.port, ca: pki.root.certPem }),
      http: httpProbe({ httpsPort: https.port, httpPort: http.port, ca: pki.root.certPem }),
    },
    logger: silentLogger,
  });
  const get = async <T>(path: string): Promise<T> => {
    const response = await engine.handle({
      method: "GET",
      url: `/api/v1/${path}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    return JSON.parse(Buffer.from(response.body).toString("utf8")) as T;
  };
  return {
    report: (domain: string) => get<Report>(`domain/${domain}`),
    ssl: (domain: string) => get<{ data: SslGrade }>(`ssl/${domain}`),
  };
}

interface SslGrade {
  grade: string | null;
  gradeReasons: string[];
}

const sslOf = (report: Report) => report.sections.ssl?.data as SslGrade;

describe("the report's ssl grade with the http section's HSTS", () => {
  it("raises A to A+ with HSTS of 180 days or more, in the report only", async () => {
    const site = await siteEngine();

    const long = await site.report("long.test");
    const year = await site.report("year.test");

    expect(sslOf(long)).toMatchObject({
      grade: "A+",
      gradeReasons: [
        "A+: the http section reports HSTS with max-age 15552000 s (at least 15552000)",
      ],
    });
    expect(sslOf(year).grade).toBe("A+");
    // The section's route has no http section to read: A, whatever the site sends.
    expect((await site.ssl("long.test")).data).toMatchObject({ grade: "A", gradeReasons: [] });
  });

  it("stays A with a shorter HSTS max-age or none", async () => {
    const site = await siteEngine();

    const short = await site.report("short.test");
    const none = await site.report("none.test");

    expect(sslOf(short)).toMatchObject({ grade: "A", gradeReasons: [] });
    expect(sslOf(none)).toMatchObject({ grade: "A", gradeReasons: [] });
  });

  it("never raises a capped grade, however long the HSTS", async () => {
    // TLS 1.0 and 1.1 accepted: capped at B.
    const site = await siteEngine({ minVersion: "TLSv1", ciphers: "DEFAULT:@SECLEVEL=0" });

    const year = await site.report("year.test");

    expect(sslOf(year).grade).toBe("B");
    expect(sslOf(year).gradeReasons).toEqual(["B: accepts TLS 1.0 or 1.1"]);
  });

  it("keeps A, however long the HSTS, when the server ignores TLS_FALLBACK_SCSV (no A+)", async () => {
    const site = await siteEngine({}, { ignoreScsv: true });

    const year = await site.report("year.test");

    expect(year.sections.ssl?.data).toMatchObject({
      vulnerabilities: { fallbackScsv: "ignored" },
    });
    expect(sslOf(year)).toMatchObject({
      grade: "A",
      gradeReasons: ["A: answers a fallback hello carrying TLS_FALLBACK_SCSV (RFC 7507): no A+"],
    });
  });
});
