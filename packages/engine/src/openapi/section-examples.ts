/** Summaries and example answers of the built-in sections, shown in the OpenAPI document. */
export const sectionSummaries: Record<string, string> = {
  whois: "Registration snapshot: RDAP first, WHOIS fallback.",
  dns: "DNS records of the domain, each with its TTL.",
  ssl: "TLS certificate probe: one handshake with SNI on port 443.",
};

// Recorded from real probe runs against loopback peers, with public-looking names and addresses.
export const sectionExamples: Record<string, unknown> = {
  dns: {
    domain: "example.com",
    section: "dns",
    status: "ok",
    fetchedAt: "2026-11-22T10:00:00.000Z",
    expiresAt: "2026-11-22T10:05:00.000Z",
    cache: "miss",
    durationMs: 19,
    data: {
      resolver: "1.1.1.1:53",
      exists: true,
      records: {
        A: [
          {
            address: "93.184.215.14",
            ttl: 300,
          },
        ],
        AAAA: [
          {
            address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
            ttl: 300,
          },
        ],
        CNAME: [],
        MX: [
          {
            preference: 10,
            exchange: "mail.example.com",
            ttl: 300,
          },
        ],
        NS: [
          {
            host: "a.iana-servers.net",
            ttl: 86400,
          },
          {
            host: "b.iana-servers.net",
            ttl: 86400,
          },
        ],
        SOA: {
          mname: "ns.icann.org",
          rname: "noc.dns.icann.org",
          serial: 2026112201,
          refresh: 7200,
          retry: 3600,
          expire: 1209600,
          minimum: 3600,
          ttl: 3600,
        },
        TXT: [
          {
            value: "v=spf1 -all",
            ttl: 300,
          },
        ],
        CAA: [
          {
            flags: 0,
            critical: false,
            tag: "issue",
            value: "letsencrypt.org",
            ttl: 300,
          },
        ],
      },
    },
  },
  ssl: {
    domain: "example.com",
    section: "ssl",
    status: "ok",
    fetchedAt: "2026-11-22T10:00:00.000Z",
    expiresAt: "2026-11-22T11:00:00.000Z",
    cache: "miss",
    durationMs: 9,
    data: {
      reachable: true,
      reason: null,
      errorCode: null,
      address: "93.184.215.14",
      port: 443,
      protocol: "TLSv1.3",
      cipher: {
        name: "TLS_AES_256_GCM_SHA384",
        standardName: "TLS_AES_256_GCM_SHA384",
        version: "TLSv1.3",
      },
      alpn: "h2",
      trusted: true,
      trustError: null,
      hostnameMatch: true,
      certificate: {
        subject: {
          dn: "CN=example.com",
          commonName: "example.com",
          organization: null,
        },
        issuer: {
          dn: "CN=Example Issuing CA R3",
          commonName: "Example Issuing CA R3",
          organization: null,
        },
        serialNumber: "0AF3C2D41E5B7A9C3D2E1F0A9B8C7D6E",
        notBefore: "2026-10-01T00:00:00.000Z",
        notAfter: "2026-12-30T23:59:59.000Z",
        daysRemaining: 38,
        subjectAltNames: ["example.com"],
        fingerprint256:
          "71:BC:F4:1E:52:E1:30:8C:E9:43:83:C4:B8:DC:7A:1E:F5:16:9A:C5:31:23:B1:AF:37:4C:31:31:90:B3:F9:89",
        keyType: "ec",
        keySize: 256,
        keyCurve: "P-256",
        selfSigned: false,
      },
      findings: [
        {
          id: "ssl.unreachable",
          status: "pass",
          severity: "info",
          message: "A TLS handshake with 93.184.215.14:443 succeeded.",
          details: {
            address: "93.184.215.14",
            port: 443,
          },
        },
        {
          id: "ssl.cert.expired",
          status: "pass",
          severity: "info",
          message: "The certificate is valid until 2026-12-30T23:59:59.000Z.",
          details: {
            notBefore: "2026-10-01T00:00:00.000Z",
            notAfter: "2026-12-30T23:59:59.000Z",
          },
        },
        {
          id: "ssl.cert.not-yet-valid",
          status: "pass",
          severity: "info",
          message: "The certificate has been valid since 2026-10-01T00:00:00.000Z.",
          details: {
            notBefore: "2026-10-01T00:00:00.000Z",
            notAfter: "2026-12-30T23:59:59.000Z",
          },
        },
        {
          id: "ssl.cert.expiring-soon",
          status: "pass",
          severity: "info",
          message: "The certificate expires in 38 days.",
          details: {
            daysRemaining: 38,
            notAfter: "2026-12-30T23:59:59.000Z",
          },
        },
        {
          id: "ssl.cert.self-signed",
          status: "pass",
          severity: "info",
          message: "The certificate is issued by a certificate authority.",
        },
        {
          id: "ssl.cert.untrusted",
          status: "pass",
          severity: "info",
          message: "The chain verifies to a trusted root.",
        },
        {
          id: "ssl.cert.hostname-mismatch",
          status: "pass",
          severity: "info",
          message: "The certificate is valid for example.com.",
          details: {
            hostname: "example.com",
            subjectAltNames: ["example.com"],
            commonName: "example.com",
          },
        },
      ],
    },
  },
  whois: {
    domain: "example.com",
    section: "whois",
    status: "ok",
    fetchedAt: "2026-11-22T10:00:00.000Z",
    expiresAt: "2026-11-22T16:00:00.000Z",
    cache: "miss",
    durationMs: 30,
    data: {
      queriedDomain: "example.com",
      registered: true,
      source: "rdap",
      servers: [
        {
          kind: "rdap",
          url: "https://rdap.verisign.com/com/v1/",
          outcome: "ok",
        },
      ],
      registrar: {
        name: "Example Registrar, Inc.",
        ianaId: "376",
        url: "https://registrar.example",
        abuseEmail: "abuse@registrar.example",
        abusePhone: "+1.5555550100",
      },
      statuses: [
        "clientDeleteProhibited",
        "clientTransferProhibited",
        "serverUpdateProhibited",
        "locked",
      ],
      createdAt: "1995-08-14T04:00:00.000Z",
      updatedAt: "2024-08-14T07:01:34.000Z",
      expiresAt: "2099-08-13T04:00:00.000Z",
      expiresInDays: 26562,
      nameservers: ["a.iana-servers.net", "b.iana-servers.net"],
      dnssec: {
        delegationSigned: true,
      },
    },
  },
};
