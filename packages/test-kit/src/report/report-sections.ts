import type { SectionResult } from "@domain-intel/engine";

/**
 * Sections of a full report as the built-in probes produce them (shapes of dns-data.ts,
 * ssl-data.ts, whois-data.ts and http-data.ts), for the insight tests to vary one field at a time.
 */

type Data = Record<string, unknown>;

export function whoisData(overrides: Data = {}): Data {
  return {
    queriedDomain: "example.com",
    registered: true,
    source: "rdap",
    registrar: {
      name: "Example Registrar, Inc.",
      ianaId: "376",
      url: "https://registrar.example",
      abuseEmail: "abuse@registrar.example",
      abusePhone: "+1.5555550100",
    },
    statuses: [{ code: "clientTransferProhibited", meaning: "..." }],
    createdAt: "1995-08-14T04:00:00.000Z",
    updatedAt: "2024-08-14T07:01:34.000Z",
    expiresAt: "2099-08-13T04:00:00.000Z",
    expiresInDays: 26562,
    nameservers: ["a.iana-servers.net", "b.iana-servers.net"],
    dnssec: { delegationSigned: false, dsData: [] },
    transferLock: true,
    privacy: null,
    servers: [{ kind: "rdap", url: "https://rdap.example/", outcome: "ok" }],
    findings: [],
    ...overrides,
  };
}

export function dnsData(records: Data = {}, overrides: Data = {}): Data {
  return {
    resolver: "1.1.1.1:53",
    exists: true,
    records: {
      A: [{ address: "93.184.215.14", ttl: 300 }],
      AAAA: [],
      CNAME: [],
      MX: [],
      NS: [
        { host: "a.iana-servers.net", ttl: 86400 },
        { host: "b.iana-servers.net", ttl: 86400 },
      ],
      SOA: null,
      TXT: [],
      CAA: [],
      ...records,
    },
    ...overrides,
  };
}

/** A CAA record as the dns section gives it. */
export const caa = (tag: string, value: string, flags = 0) => ({
  flags,
  critical: (flags & 128) !== 0,
  tag,
  value,
  ttl: 300,
});

export function sslData(certificate: Data = {}): Data {
  return {
    reachable: true,
    reason: null,
    errorCode: null,
    address: "93.184.215.14",
    port: 443,
    protocol: "TLSv1.3",
    trusted: true,
    hostnameMatch: true,
    certificate: {
      subject: { dn: "CN=example.com", commonName: "example.com", organization: null },
      issuer: {
        dn: "C=US, O=Let's Encrypt, CN=R11",
        commonName: "R11",
        organization: "Let's Encrypt",
      },
      notBefore: "2026-10-01T00:00:00.000Z",
      notAfter: "2026-12-30T23:59:59.000Z",
      daysRemaining: 38,
      subjectAltNames: ["example.com", "www.example.com"],
      ...certificate,
    },
    findings: [],
  };
}

/** The http section's HSTS and preload verdict (the fields insights read), `hsts` null for none. */
export function httpData(hsts: Data | null = {}, preloadReady = true): Data {
  return {
    hsts:
      hsts === null
        ? null
        : {
            header: "max-age=63072000; includeSubDomains; preload",
            valid: true,
            maxAge: 63072000,
            includeSubDomains: true,
            preload: true,
            errors: [],
            ...hsts,
          },
    preload: { ready: preloadReady, unmet: preloadReady ? [] : ["No preload directive."] },
    findings: [],
  };
}

function envelope(domain: string, section: string, data: Data | "error"): SectionResult {
  const base = {
    domain,
    section,
    fetchedAt: "2026-11-22T10:00:00.000Z",
    expiresAt: "2026-11-22T10:05:00.000Z",
    cache: "miss" as const,
    durationMs: 12,
  };
  return data === "error"
    ? {
        ...base,
        status: "error",
        error: { code: "upstream_error", message: `The ${section} upstream failed.` },
      }
    : { ...base, status: "ok", data };
}

/**
 * An insight's input: the given sections (data or "error") and the CA table the test passes
 * (the engine's own table; none by default, for insights that do not read it).
 */
export function insightInput<Authority = never>(
  sections: {
    whois?: Data | "error";
    dns?: Data | "error";
    ssl?: Data | "error";
    http?: Data | "error";
    mail?: Data | "error";
  },
  options: { domain?: string; certificateAuthorities?: readonly Authority[] } = {},
): {
  domain: string;
  sections: Record<string, SectionResult>;
  certificateAuthorities: readonly Authority[];
} {
  const domain = options.domain ?? "example.com";
  return {
    domain,
    sections: Object.fromEntries(
      Object.entries(sections).map(([name, data]) => [name, envelope(domain, name, data)]),
    ),
    certificateAuthorities: options.certificateAuthorities ?? [],
  };
}
