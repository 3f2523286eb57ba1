import { describe, expect, it } from "vitest";
import { detectProviders, nameMatches, type ProviderObservations } from "./detect-providers.js";
import { type ProviderEntry, providerTable } from "./provider-table.js";

const none: ProviderObservations = {
  nameservers: [],
  mxHosts: [],
  spfIncludes: [],
  cnameTargets: [],
  headers: {},
  asns: { dns: [], mail: [], web: [] },
  issuer: [],
  registrarIanaId: null,
};

/** The ids of the providers detected for one role from one kind of observation. */
const ids = (
  role: Parameters<typeof detectProviders>[1] extends never
    ? never
    : keyof ReturnType<typeof detectProviders>,
  seen: Partial<ProviderObservations>,
) => detectProviders(providerTable, { ...none, ...seen })[role].map((provider) => provider.id);

describe("the provider table", () => {
  it("holds at least 150 providers, each with evidence, ids unique", () => {
    expect(providerTable.length).toBeGreaterThanOrEqual(150);
    expect(new Set(providerTable.map((provider) => provider.id)).size).toBe(providerTable.length);
    const kinds = ["ns", "mx", "spf", "cname", "header", "asn", "issuer", "registrar"] as const;
    for (const provider of providerTable) {
      expect({
        id: provider.id,
        rules: kinds.some((kind) => (provider[kind]?.length ?? 0) > 0),
      }).toEqual({
        id: provider.id,
        rules: true,
      });
    }
    const count = (category: ProviderEntry["category"]) =>
      providerTable.filter((provider) => provider.category === category).length;
    expect(count("mail")).toBeGreaterThanOrEqual(30);
    expect(count("ca")).toBeGreaterThanOrEqual(15);
    expect(count("registrar")).toBeGreaterThanOrEqual(25);
    expect(count("cdn") + count("cloud") + count("hosting")).toBeGreaterThanOrEqual(60);
  });

  it("names each piece of evidence for one provider only, a DNS name and the names below it too", () => {
    const owners = new Map<string, string[]>();
    for (const provider of providerTable) {
      for (const kind of ["ns", "mx", "spf", "cname", "header", "asn", "registrar"] as const) {
        for (const value of provider[kind] ?? []) {
          const key = `${kind} ${String(value).toLowerCase()}`;
          owners.set(key, [...(owners.get(key) ?? []), provider.id]);
        }
      }
    }
    expect([...owners].filter(([, providers]) => providers.length > 1)).toEqual([]);
    const nested: string[] = [];
    for (const kind of ["ns", "mx", "spf", "cname"] as const) {
      const rules = providerTable.flatMap((provider) =>
        (provider[kind] ?? []).map((rule) => ({ id: provider.id, rule })),
      );
      for (const outer of rules) {
        for (const inner of rules) {
          if (outer.id !== inner.id && nameMatches(inner.rule, outer.rule)) {
            nested.push(
              `${kind}: ${inner.rule} (${inner.id}) is under ${outer.rule} (${outer.id})`,
            );
          }
        }
      }
    }
    expect(nested).toEqual([]);
  });
});

describe("provider detection on real record shapes", () => {
  it("reads name servers", () => {
    const cases: [string, string][] = [
      ["ns-1234.awsdns-56.org", "aws"],
      ["ns-2048.awsdns-64.co.uk", "aws"],
      ["dana.ns.cloudflare.com", "cloudflare"],
      ["ns-cloud-a1.googledomains.com", "google-cloud"],
      ["ns1-05.azure-dns.com", "azure"],
      ["dns1.p01.nsone.net", "ns1"],
      ["pdns1.registrar-servers.com", "namecheap"],
      ["ns51.domaincontrol.com", "godaddy"],
      ["ns1.digitalocean.com", "digitalocean"],
      ["a1-64.akam.net", "akamai"],
      ["ns1.he.net", "he-dns"],
      ["ns3.dnsimple.com", "dnsimple"],
      ["udns1.ultradns.net", "ultradns"],
      ["ns1.vercel-dns.com", "vercel"],
      ["dns1.registrar-servers.com.", "namecheap"],
    ];
    for (const [name, provider] of cases) {
      expect({ name, providers: ids("dns", { nameservers: [name] }) }).toEqual({
        name,
        providers: [provider],
      });
    }
  });

  it("reads MX hosts and SPF includes", () => {
    const mx: [string, string][] = [
      ["aspmx.l.google.com", "google-workspace"],
      ["alt1.aspmx.l.google.com", "google-workspace"],
      ["example-com.mail.protection.outlook.com", "microsoft-365"],
      ["mx1.improvmx.com", "improvmx"],
      ["route1.mx.cloudflare.net", "cloudflare-email-routing"],
      ["mxa.mailgun.org", "mailgun"],
      ["mx01.mail.icloud.com", "icloud-mail"],
      ["mail.protonmail.ch", "proton"],
      ["in1-smtp.messagingengine.com", "fastmail"],
      ["mx.zoho.eu", "zoho"],
      ["mx0a-001b2d01.pphosted.com", "proofpoint"],
      ["us-smtp-inbound-1.mimecast.com", "mimecast"],
      ["mx1.hostinger.com", "hostinger"],
      ["inbound-smtp.us-east-1.amazonaws.com", "amazon-ses"],
    ];
    for (const [name, provider] of mx) {
      expect({ name, providers: ids("mail", { mxHosts: [name] }) }).toEqual({
        name,
        providers: [provider],
      });
    }
    expect(
      ids("mail", {
        spfIncludes: ["_spf.google.com", "sendgrid.net", "servers.mcsv.net", "amazonses.com"],
      }),
    ).toEqual(["amazon-ses", "google-workspace", "mailchimp", "sendgrid"]);
  });

  it("reads CNAME targets and headers, a CDN under cdn and a host under web", () => {
    const seen = {
      cnameTargets: ["d111111abcdef8.cloudfront.net"],
      headers: { "x-amz-cf-id": "abc==", via: "1.1 0123.cloudfront.net (CloudFront)" },
    };
    const found = detectProviders(providerTable, { ...none, ...seen });
    expect(found.cdn.map((provider) => provider.id)).toEqual(["cloudfront"]);
    expect(found.cdn[0]!.evidence).toEqual([
      { kind: "cname-target", observed: "d111111abcdef8.cloudfront.net", rule: "cloudfront.net" },
      { kind: "response-header", observed: "x-amz-cf-id", rule: "x-amz-cf-id" },
      {
        kind: "response-header",
        observed: "via: 1.1 0123.cloudfront.net (CloudFront)",
        rule: "via: cloudfront",
      },
    ]);
    expect(found.web).toEqual([]);
    expect(
      ids("web", {
        cnameTargets: ["cname.vercel-dns.com"],
        headers: { server: "Vercel", "x-vercel-id": "fra1::abc" },
      }),
    ).toEqual(["vercel"]);
    expect(ids("web", { cnameTargets: ["octocat.github.io"] })).toEqual(["github-pages"]);
    expect(ids("web", { cnameTargets: ["shops.myshopify.com"] })).toEqual(["shopify"]);
    expect(ids("web", { cnameTargets: ["dualstack.app-123.us-east-1.elb.amazonaws.com"] })).toEqual(
      ["aws"],
    );
    expect(
      ids("cdn", { cnameTargets: ["e1234.a.akamaiedge.net"], headers: { server: "AkamaiGHost" } }),
    ).toEqual(["akamai"]);
    expect(
      ids("cdn", { headers: { server: "cloudflare", "cf-ray": "8c0d1e2f3a4b5c6d-AMS" } }),
    ).toEqual(["cloudflare"]);
    expect(ids("cdn", { headers: { "x-served-by": "cache-fra-eddf8230079-FRA" } })).toEqual([
      "fastly",
    ]);
    expect(ids("web", { headers: { server: "nginx" } })).toEqual([]);
  });

  it("reads the origin AS of each role's addresses", () => {
    const found = detectProviders(providerTable, {
      ...none,
      asns: {
        dns: [{ address: "192.0.2.53", asn: 16509 }],
        mail: [{ address: "192.0.2.25", asn: 15169 }],
        web: [
          { address: "192.0.2.80", asn: 13335 },
          { address: "2001:db8::80", asn: 13335 },
        ],
      },
    });
    expect(found.dns.map((provider) => provider.id)).toEqual(["aws"]);
    expect(found.mail.map((provider) => provider.id)).toEqual(["google-cloud"]);
    expect(found.cdn).toEqual([
      {
        id: "cloudflare",
        name: "Cloudflare",
        evidence: [
          { kind: "asn", observed: "AS13335 (192.0.2.80)", rule: "AS13335" },
          { kind: "asn", observed: "AS13335 (2001:db8::80)", rule: "AS13335" },
        ],
      },
    ]);
  });

  it("reads the certificate issuer and the registrar's IANA id", () => {
    expect(ids("certificate", { issuer: ["Let's Encrypt", "R11"] })).toEqual(["lets-encrypt"]);
    expect(ids("certificate", { issuer: ["Google Trust Services", "WR1"] })).toEqual([
      "google-cloud",
    ]);
    expect(
      ids("certificate", {
        issuer: ["DigiCert Inc", "DigiCert Global G2 TLS RSA SHA256 2020 CA1"],
      }),
    ).toEqual(["digicert"]);
    expect(
      ids("certificate", {
        issuer: ["Sectigo Limited", "Sectigo RSA Domain Validation Secure Server CA"],
      }),
    ).toEqual(["sectigo"]);
    expect(ids("certificate", { issuer: ["Amazon", "Amazon RSA 2048 M02"] })).toEqual(["aws"]);
    expect(ids("registrar", { registrarIanaId: 292 })).toEqual(["markmonitor"]);
    expect(ids("registrar", { registrarIanaId: 146 })).toEqual(["godaddy"]);
    expect(ids("registrar", { registrarIanaId: 999_999 })).toEqual([]);
  });
});

describe("DNS name rules", () => {
  it("match on label boundaries, with * inside one label", () => {
    expect(nameMatches("ns1.cloudflare.com", "cloudflare.com")).toBe(true);
    expect(nameMatches("cloudflare.com", "cloudflare.com")).toBe(true);
    expect(nameMatches("notcloudflare.com", "cloudflare.com")).toBe(false);
    expect(nameMatches("ns-1.awsdns-01.com", "awsdns-*.com")).toBe(true);
    expect(nameMatches("ns-1.awsdns.com", "awsdns-*.com")).toBe(false);
    expect(nameMatches("x.awsdns-01.evil.com", "awsdns-*.com")).toBe(false);
    expect(
      nameMatches("inbound-smtp.eu-west-1.amazonaws.com", "inbound-smtp.*.amazonaws.com"),
    ).toBe(true);
    expect(nameMatches("inbound-smtp.a.b.amazonaws.com", "inbound-smtp.*.amazonaws.com")).toBe(
      false,
    );
  });
});
