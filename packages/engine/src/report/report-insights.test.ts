import { once } from "node:events";
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import {
  createTestPki,
  openApiResponseValidator,
  type RdapTestServer,
  rdapDomainExample,
  startDnsServer,
  startRdapServer,
  type TestDnsServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "../contract/finding.js";
import type { Report } from "../contract/section-result.js";
import { createEngine, type Engine } from "../engine.js";
import { silentLogger } from "../logging/logger.js";
import { sslProbe } from "../probes/ssl/index.js";

const key = "report-insights-test-key";
const dayMs = 86_400_000;
const registeredDoc = rdapDomainExample();

let dns: TestDnsServer;
let rdap: RdapTestServer;
let tlsServer: tls.Server;
let engine: Engine;

const zone = (name: string, ns: string[], issuer: string): packet.Answer[] => [
  { type: "A", name, ttl: 300, data: "127.0.0.1" },
  ...ns.map((host): packet.Answer => ({ type: "NS", name, ttl: 86400, data: host })),
  { type: "CAA", name, ttl: 300, data: { flags: 0, tag: "issue", value: issuer } },
];

beforeAll(async () => {
  // Real peers on loopback: a resolver, an RDAP registry and an HTTPS endpoint whose chain
  // comes from a CA named "Example CA", which the engine's CA table learns by option.
  dns = await startDnsServer(
    zoneHandler({
      // Everything disagrees: CAA names another CA, the zone's NS differ from the registry's.
      "example.test": zone(
        "example.test",
        ["ns1.example.test", "ns2.example.test"],
        "letsencrypt.org",
      ),
      // Everything agrees.
      "good.test": zone(
        "good.test",
        ["a.iana-servers.net", "b.iana-servers.net"],
        "example-ca.test",
      ),
    }),
  );
  rdap = await startRdapServer((path) => {
    if (path === "/domain/example.test") {
      // Signed delegation (DS in the fixture), registration lapsing before the certificate.
      const expires = new Date(Date.now() + 20 * dayMs).toISOString();
      return {
        status: 200,
        json: { ...registeredDoc, events: [{ eventAction: "expiration", eventDate: expires }] },
      };
    }
    if (path === "/domain/good.test") {
      return {
        status: 200,
        json: { ...registeredDoc, ldhName: "GOOD.TEST", secureDNS: { delegationSigned: false } },
      };
    }
    return { status: 404, json: { errorCode: 404 } };
  });
  const pki = await createTestPki({ name: "Example CA" });
  const leaf = await pki.issueLeaf({
    commonName: "example.test",
    subjectAltNames: ["example.test", "good.test"],
  });
  tlsServer = tls.createServer({ key: leaf.keyPem, cert: leaf.chainPem });
  tlsServer.listen(0, "127.0.0.1");
  await once(tlsServer, "listening");

  engine = createEngine({
    keys: [key],
    network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 5000 },
    rdap: {
      bootstrap: {
        version: "1.0",
        publication: "2026-11-01T00:00:00Z",
        services: [[["test"], [rdap.baseUrl]]],
      },
      // Nothing listens there: a WHOIS fallback fails at once, on loopback.
      whoisHints: { test: "127.0.43.9" },
    },
    probes: {
      ssl: sslProbe({ port: (tlsServer.address() as AddressInfo).port, ca: pki.root.certPem }),
    },
    insights: { caaIssuers: { "Example CA": ["example-ca.test"] } },
    logger: silentLogger,
  });
});

afterAll(async () => {
  tlsServer?.close();
  await Promise.all([dns?.close(), rdap?.close()]);
});

async function report(domain: string): Promise<Report> {
  const response = await engine.handle({
    method: "GET",
    url: `/api/v1/domain/${domain}`,
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.status).toBe(200);
  const body = JSON.parse(Buffer.from(response.body).toString("utf8")) as Report;
  expect(openApiResponseValidator(engine.openApiDocument)("/domain/{domain}", 200, body)).toEqual(
    [],
  );
  for (const section of ["whois", "dns", "ssl"]) {
    expect(body.sections[section]?.status, section).toBe("ok");
  }
  return body;
}

const byId = (body: Report) =>
  Object.fromEntries(body.insights.map((insight) => [insight.id, insight])) as Record<
    string,
    Finding
  >;

/** Whether the dns section (being extended with DNSSEC) says anything about DNSKEY yet. */
function dnsReportsDnssec(body: Report): boolean {
  const data = body.sections.dns?.data as {
    records?: { DNSKEY?: unknown };
    health?: { checks?: { id?: string }[] };
  };
  return (
    Array.isArray(data.records?.DNSKEY) ||
    (data.health?.checks ?? []).some((check) => check.id === "dns.dnssec.signed")
  );
}

describe("the full report's insights, end to end", () => {
  it("connects registry, DNS and certificate when they disagree", async () => {
    const body = await report("example.test");
    const insights = byId(body);

    expect(body.insights.map((insight) => insight.id)).toEqual([
      "report.caa.issuer-not-allowed",
      "report.cert-outlives-domain",
      "report.nameservers.mismatch",
      "report.dnssec.mismatch",
      "report.hsts.certificate-expiring",
      "report.mail.mta-sts-unmet",
      "report.mail.dane-dnssec-broken",
    ]);
    expect(insights["report.caa.issuer-not-allowed"]).toMatchObject({
      status: "warn",
      details: {
        certificateAuthority: "Example CA",
        allowedIssuers: ["letsencrypt.org"],
        caaIdentifiers: ["example-ca.test"],
      },
    });
    expect(insights["report.cert-outlives-domain"]).toMatchObject({ status: "warn" });
    expect(insights["report.cert-outlives-domain"]?.details?.daysOutlived).toBeGreaterThan(60);
    expect(insights["report.nameservers.mismatch"]).toMatchObject({
      status: "warn",
      details: {
        onlyAtRegistry: ["a.iana-servers.net", "b.iana-servers.net"],
        onlyInDns: ["ns1.example.test", "ns2.example.test"],
      },
    });
    // The registry publishes DS; the test zone serves no DNSKEY.
    expect(insights["report.dnssec.mismatch"]?.status).toBe(
      dnsReportsDnssec(body) ? "fail" : "skipped",
    );
    // The whois section's own findings ride along in its data.
    const whois = body.sections.whois?.data as { findings?: Finding[] } | undefined;
    expect(whois?.findings?.find((f) => f.id === "whois.domain.expiring-soon")?.status).toBe(
      "warn",
    );
  });

  it("passes each insight when registry, DNS and certificate agree", async () => {
    const body = await report("good.test");
    const insights = byId(body);

    expect(insights["report.caa.issuer-not-allowed"]).toMatchObject({
      status: "pass",
      message:
        "The CAA records of good.test allow Example CA (example-ca.test), which issued its certificate.",
    });
    expect(insights["report.cert-outlives-domain"]?.status).toBe("pass");
    expect(insights["report.nameservers.mismatch"]?.status).toBe("pass");
    expect(insights["report.dnssec.mismatch"]?.status).toBe(
      dnsReportsDnssec(body) ? "pass" : "skipped",
    );
  });

  it("rejects a bad insights option with a TypeError naming it", () => {
    const create = (insights: unknown) => () =>
      createEngine({ keys: [key], insights: insights as never });
    expect(create({ caaIssuers: { "Example CA": ["example-ca.test", "not a domain"] } })).toThrow(
      new TypeError(
        'createEngine: options.insights.caaIssuers["Example CA"][1] must be a CAA issuer domain name such as "letsencrypt.org", got "not a domain"',
      ),
    );
    expect(create({ caaIssuers: { "Example CA": [] } })).toThrow(
      'createEngine: options.insights.caaIssuers["Example CA"] must be a non-empty array of CAA issuer domain names',
    );
    expect(create({ caaIssuers: ["example-ca.test"] })).toThrow(
      /^createEngine: options\.insights\.caaIssuers must be an object mapping a CA name to its CAA identifiers/,
    );
    expect(create({ caIssuers: {} })).toThrow(
      "createEngine: options.insights.caIssuers is not an option; did you mean caaIssuers?",
    );
    expect(create("all")).toThrow("createEngine: options.insights must be an object");
    expect(create({ caaIssuers: { "Example CA": ["Example-CA.test."] } })).not.toThrow();
  });
});
