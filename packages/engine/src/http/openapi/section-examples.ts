/** Summaries and example answers of the built-in sections, shown in the OpenAPI document. */
export const sectionSummaries: Record<string, string> = {
  whois: "Registration snapshot: RDAP first, WHOIS fallback.",
  dns: "DNS records of the domain, each with its TTL, and a health assessment of its zone.",
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
    durationMs: 48,
    data: {
      resolver: "1.1.1.1:53",
      exists: true,
      records: {
        A: [
          {
            address: "192.0.2.10",
            ttl: 300,
          },
        ],
        AAAA: [
          {
            address: "2001:db8::10",
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
            host: "ns1.example.com",
            ttl: 3600,
          },
          {
            host: "ns2.example.com",
            ttl: 3600,
          },
          {
            host: "ns3.example.com",
            ttl: 3600,
          },
        ],
        SOA: {
          mname: "ns1.example.com",
          rname: "hostmaster.example.com",
          serial: 2026112201,
          refresh: 14400,
          retry: 3600,
          expire: 1209600,
          minimum: 3600,
          ttl: 3600,
        },
        TXT: [
          {
            value: "v=spf1 mx include:_spf.example.com -all",
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
        DS: [
          {
            keyTag: 50609,
            algorithm: 13,
            digestType: 2,
            digest: "A1C4535C6CC35EFF868A67B13988FC106053C73C58694C6F532309EB5DA59931",
            ttl: 3600,
          },
        ],
        DNSKEY: [
          {
            flags: 257,
            protocol: 3,
            algorithm: 13,
            keyTag: 50609,
            publicKey:
              "XFXetuGeU6rEAimT2vJK9dxKPh+3HbuJGwwZR5yd5XhxUU/rcneYGs+zrQcSTIjBJKQaq0GR+Rg7I8hQIjF3Hg==",
            ttl: 3600,
          },
          {
            flags: 256,
            protocol: 3,
            algorithm: 13,
            keyTag: 34151,
            publicKey:
              "sP3w8K0fXNoQc3XTDaD0GDaZIUk87lPZlK276ZpWokKMVGpIuGhUNELq1gJoRRe6UGnRVrdooXc1kyZZfzXlrg==",
            ttl: 3600,
          },
        ],
        HTTPS: [
          {
            priority: 1,
            target: ".",
            params: {
              alpn: ["h2", "h3"],
            },
            ttl: 300,
          },
        ],
        SVCB: [],
        SRV: [
          {
            service: "_submission._tcp",
            priority: 0,
            weight: 1,
            port: 587,
            target: "mail.example.com",
            ttl: 300,
          },
          {
            service: "_imaps._tcp",
            priority: 0,
            weight: 1,
            port: 993,
            target: "mail.example.com",
            ttl: 300,
          },
        ],
        mailPolicies: {
          dmarc: [
            {
              value: "v=DMARC1; p=reject; rua=mailto:dmarc@example.com",
              ttl: 300,
            },
          ],
          mtaSts: [
            {
              value: "v=STSv1; id=20261122T000000",
              ttl: 300,
            },
          ],
          tlsRpt: [
            {
              value: "v=TLSRPTv1; rua=mailto:tls-reports@example.com",
              ttl: 300,
            },
          ],
        },
      },
      health: {
        score: 100,
        grade: "A",
        zone: "example.com",
        checks: [
          {
            id: "dns.zone.exists",
            status: "pass",
            severity: "info",
            message: "example.com exists.",
          },
          {
            id: "dns.ns.count",
            status: "pass",
            severity: "info",
            message: "example.com has 3 name servers (3 at the parent).",
            details: {
              zone: "example.com",
              child: ["ns1.example.com", "ns2.example.com", "ns3.example.com"],
              parent: ["ns1.example.com", "ns2.example.com", "ns3.example.com"],
            },
          },
          {
            id: "dns.ns.reachable-udp",
            status: "pass",
            severity: "info",
            message: "All 3 name server addresses answer over UDP.",
            details: {
              servers: [
                {
                  server: "[2001:500:8d::53]:53",
                  hosts: ["ns3.example.com"],
                  reach: "answered",
                  error: null,
                },
                {
                  server: "199.43.135.53:53",
                  hosts: ["ns1.example.com"],
                  reach: "answered",
                  error: null,
                },
                {
                  server: "199.43.133.53:53",
                  hosts: ["ns2.example.com"],
                  reach: "answered",
                  error: null,
                },
              ],
            },
          },
          {
            id: "dns.ns.reachable-tcp",
            status: "pass",
            severity: "info",
            message: "All 3 name server addresses answer over TCP.",
            details: {
              servers: [
                {
                  server: "[2001:500:8d::53]:53",
                  hosts: ["ns3.example.com"],
                  reach: "answered",
                  error: null,
                },
                {
                  server: "199.43.135.53:53",
                  hosts: ["ns1.example.com"],
                  reach: "answered",
                  error: null,
                },
                {
                  server: "199.43.133.53:53",
                  hosts: ["ns2.example.com"],
                  reach: "answered",
                  error: null,
                },
              ],
            },
          },
          {
            id: "dns.ns.lame",
            status: "pass",
            severity: "info",
            message: "All 3 name servers answer authoritatively for example.com.",
            details: {
              servers: [
                {
                  server: "[2001:500:8d::53]:53",
                  hosts: ["ns3.example.com"],
                  rcode: "NOERROR",
                  authoritative: true,
                  lame: false,
                },
                {
                  server: "199.43.135.53:53",
                  hosts: ["ns1.example.com"],
                  rcode: "NOERROR",
                  authoritative: true,
                  lame: false,
                },
                {
                  server: "199.43.133.53:53",
                  hosts: ["ns2.example.com"],
                  rcode: "NOERROR",
                  authoritative: true,
                  lame: false,
                },
              ],
            },
          },
          {
            id: "dns.ns.parent-child",
            status: "pass",
            severity: "info",
            message: "The parent (192.5.6.30:53) and the zone list the same 3 name servers.",
            details: {
              parent: ["ns1.example.com", "ns2.example.com", "ns3.example.com"],
              child: ["ns1.example.com", "ns2.example.com", "ns3.example.com"],
              onlyParent: [],
              onlyChild: [],
              disagreeingServers: [],
            },
          },
          {
            id: "dns.ns.glue",
            status: "pass",
            severity: "info",
            message: "The parent's glue matches the addresses of 3 name servers.",
            details: {
              parentServer: "192.5.6.30:53",
              hosts: [
                {
                  host: "ns1.example.com",
                  inZone: true,
                  glue: ["199.43.135.53"],
                  addresses: ["199.43.135.53"],
                },
                {
                  host: "ns2.example.com",
                  inZone: true,
                  glue: ["199.43.133.53"],
                  addresses: ["199.43.133.53"],
                },
                {
                  host: "ns3.example.com",
                  inZone: true,
                  glue: ["2001:500:8d::53"],
                  addresses: ["2001:500:8d::53"],
                },
              ],
            },
          },
          {
            id: "dns.ns.distinct-ip",
            status: "pass",
            severity: "info",
            message: "Each of the 3 addresses serves one name server name.",
            details: {
              shared: [],
            },
          },
          {
            id: "dns.ns.diversity",
            status: "pass",
            severity: "info",
            message: "The name servers span 3 networks (IPv4 /24, IPv6 /48), IPv6 included.",
            details: {
              networks: ["199.43.133.0/24", "199.43.135.0/24", "2001:500:8d::/48"],
              ipv4: 2,
              ipv6: 1,
            },
          },
          {
            id: "dns.ns.public-address",
            status: "pass",
            severity: "info",
            message: "All 3 name server addresses are public.",
            details: {
              addresses: ["199.43.133.53", "199.43.135.53", "2001:500:8d::53"],
              nonPublic: [],
            },
          },
          {
            id: "dns.ns.not-cname",
            status: "pass",
            severity: "info",
            message: "No name server name is an alias.",
            details: {
              aliases: [],
            },
          },
          {
            id: "dns.ns.open-recursion",
            status: "pass",
            severity: "info",
            message: "No name server offers recursion to outsiders.",
            details: {
              recursive: [],
            },
          },
          {
            id: "dns.ns.edns",
            status: "pass",
            severity: "info",
            message: "All 3 name servers support EDNS0.",
            details: {
              withoutEdns: [],
            },
          },
          {
            id: "dns.ns.axfr",
            status: "pass",
            severity: "info",
            message: "All 3 name servers refuse zone transfers to outsiders.",
            details: {
              servers: [
                {
                  server: "[2001:500:8d::53]:53",
                  answer: "REFUSED",
                  allowed: false,
                },
                {
                  server: "199.43.135.53:53",
                  answer: "REFUSED",
                  allowed: false,
                },
                {
                  server: "199.43.133.53:53",
                  answer: "REFUSED",
                  allowed: false,
                },
              ],
            },
          },
          {
            id: "dns.soa.serial-sync",
            status: "pass",
            severity: "info",
            message: "All 3 servers serve serial 2026112201.",
            details: {
              serials: [
                {
                  server: "[2001:500:8d::53]:53",
                  serial: 2026112201,
                },
                {
                  server: "199.43.135.53:53",
                  serial: 2026112201,
                },
                {
                  server: "199.43.133.53:53",
                  serial: 2026112201,
                },
              ],
            },
          },
          {
            id: "dns.soa.timers",
            status: "pass",
            severity: "info",
            message: "The SOA timers of example.com are within the recommended ranges.",
            details: {
              refresh: 14400,
              retry: 3600,
              expire: 1209600,
              minimum: 3600,
              problems: [],
            },
          },
          {
            id: "dns.soa.syntax",
            status: "pass",
            severity: "info",
            message: "MNAME ns1.example.com and RNAME hostmaster.example.com are well formed.",
            details: {
              mname: "ns1.example.com",
              rname: "hostmaster.example.com",
              problems: [],
            },
          },
          {
            id: "dns.zone.cname-conflict",
            status: "pass",
            severity: "info",
            message: "example.com is not an alias.",
          },
          {
            id: "dns.mx.present",
            status: "pass",
            severity: "info",
            message: "example.com has 1 MX record.",
            details: {
              exchanges: ["10 mail.example.com"],
            },
          },
          {
            id: "dns.mx.valid",
            status: "pass",
            severity: "info",
            message: "Every mail exchanger of example.com resolves to an address.",
            details: {
              targets: [
                {
                  host: "mail.example.com",
                  addresses: ["192.0.2.25"],
                  cname: null,
                  error: null,
                },
              ],
            },
          },
          {
            id: "dns.spf.present",
            status: "pass",
            severity: "info",
            message: "example.com publishes an SPF policy.",
            details: {
              records: ["v=spf1 mx include:_spf.example.com -all"],
            },
          },
          {
            id: "dns.spf.single",
            status: "pass",
            severity: "info",
            message: "example.com has one SPF record.",
            details: {
              records: ["v=spf1 mx include:_spf.example.com -all"],
            },
          },
          {
            id: "dns.spf.syntax",
            status: "pass",
            severity: "info",
            message: "The SPF policy is well formed.",
            details: {
              record: "v=spf1 mx include:_spf.example.com -all",
              errors: [],
            },
          },
          {
            id: "dns.spf.lookups",
            status: "pass",
            severity: "info",
            message: "The SPF policy needs 2 of the 10 DNS lookups allowed, 0 of them void.",
            details: {
              lookups: 2,
              voidLookups: 0,
              loops: [],
              problems: [],
              visited: ["example.com", "_spf.example.com"],
            },
          },
          {
            id: "dns.spf.all",
            status: "pass",
            severity: "info",
            message: 'The SPF policy ends in "-all".',
            details: {
              all: "-all",
              from: "example.com",
            },
          },
          {
            id: "dns.dmarc.present",
            status: "pass",
            severity: "info",
            message: "A DMARC policy applies to example.com, published at _dmarc.example.com.",
            details: {
              location: "_dmarc.example.com",
              records: ["v=DMARC1; p=reject; rua=mailto:dmarc@example.com"],
            },
          },
          {
            id: "dns.dmarc.single",
            status: "pass",
            severity: "info",
            message: "_dmarc.example.com has one DMARC record.",
            details: {
              location: "_dmarc.example.com",
              records: ["v=DMARC1; p=reject; rua=mailto:dmarc@example.com"],
            },
          },
          {
            id: "dns.dmarc.policy",
            status: "pass",
            severity: "info",
            message: "The DMARC policy of example.com is p=reject.",
            details: {
              policy: "reject",
              tag: "p",
              pct: 100,
              record: "v=DMARC1; p=reject; rua=mailto:dmarc@example.com",
            },
          },
          {
            id: "dns.mta-sts.present",
            status: "pass",
            severity: "info",
            message: "example.com announces an MTA-STS policy.",
            details: {
              records: ["v=STSv1; id=20261122T000000"],
            },
          },
          {
            id: "dns.tls-rpt.present",
            status: "pass",
            severity: "info",
            message: "example.com asks for TLS reports.",
            details: {
              records: ["v=TLSRPTv1; rua=mailto:tls-reports@example.com"],
            },
          },
          {
            id: "dns.caa.present",
            status: "pass",
            severity: "info",
            message: "CAA records limit who may issue certificates for example.com.",
            details: {
              owner: "example.com",
              records: ['0 issue "letsencrypt.org"'],
            },
          },
          {
            id: "dns.caa.syntax",
            status: "pass",
            severity: "info",
            message: "The CAA records are well formed.",
            details: {
              owner: "example.com",
              records: ['0 issue "letsencrypt.org"'],
              criticalUnknown: [],
              malformed: [],
            },
          },
          {
            id: "dns.dnssec.signed",
            status: "pass",
            severity: "info",
            message: "example.com is signed and its parent publishes 1 DS record.",
            details: {
              dnskeys: 2,
              ds: 1,
            },
          },
          {
            id: "dns.dnssec.ds-match",
            status: "pass",
            severity: "info",
            message: "The parent's DS 50609 matches a key that signs the zone's keys.",
            details: {
              ds: [
                {
                  keyTag: 50609,
                  algorithm: 13,
                  digestType: 2,
                  matchesKey: true,
                  keySignsDnskeySet: true,
                  computable: true,
                },
              ],
              dnskeyTags: [50609, 34151],
            },
          },
          {
            id: "dns.dnssec.signatures",
            status: "pass",
            severity: "info",
            message:
              "The SOA and DNSKEY signatures from 3 name servers verify and are within their validity window.",
            details: {
              signatures: [
                {
                  server: "[2001:500:8d::53]:53",
                  rrset: "SOA",
                  status: "valid",
                  keyTag: 34151,
                  expiration: "2026-12-06T08:02:37.000Z",
                  reason: null,
                },
                {
                  server: "[2001:500:8d::53]:53",
                  rrset: "DNSKEY",
                  status: "valid",
                  keyTag: 50609,
                  expiration: "2026-12-06T08:02:37.000Z",
                  reason: null,
                },
                {
                  server: "199.43.135.53:53",
                  rrset: "SOA",
                  status: "valid",
                  keyTag: 34151,
                  expiration: "2026-12-06T08:02:37.000Z",
                  reason: null,
                },
                {
                  server: "199.43.135.53:53",
                  rrset: "DNSKEY",
                  status: "valid",
                  keyTag: 50609,
                  expiration: "2026-12-06T08:02:37.000Z",
                  reason: null,
                },
                {
                  server: "199.43.133.53:53",
                  rrset: "SOA",
                  status: "valid",
                  keyTag: 34151,
                  expiration: "2026-12-06T08:02:37.000Z",
                  reason: null,
                },
                {
                  server: "199.43.133.53:53",
                  rrset: "DNSKEY",
                  status: "valid",
                  keyTag: 50609,
                  expiration: "2026-12-06T08:02:37.000Z",
                  reason: null,
                },
              ],
            },
          },
          {
            id: "dns.dnssec.algorithm",
            status: "pass",
            severity: "info",
            message: "The zone uses ECDSAP256SHA256 with SHA-256 DS digests.",
            details: {
              keys: [
                {
                  keyTag: 50609,
                  algorithm: "ECDSAP256SHA256",
                  bits: 256,
                },
                {
                  keyTag: 34151,
                  algorithm: "ECDSAP256SHA256",
                  bits: 256,
                },
              ],
              ds: [
                {
                  keyTag: 50609,
                  digest: "SHA-256",
                },
              ],
              problems: [],
            },
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
      ocspStapled: true,
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
        serialNumber: "C202E55BE7288356590540CF387CED45",
        notBefore: "2026-10-01T00:00:00.000Z",
        notAfter: "2026-12-30T23:59:59.000Z",
        fingerprint256:
          "2A:F9:E5:AA:45:87:DA:8C:B5:97:C3:17:D3:D8:07:5B:B7:71:D0:0E:48:77:6C:69:AC:85:09:55:C4:1C:E5:08",
        keyType: "ec",
        keySize: 256,
        keyCurve: "P-256",
        signatureAlgorithm: "ecdsa-with-SHA256",
        signatureHash: "SHA-256",
        ca: false,
        selfSigned: false,
        daysRemaining: 38,
        validityDays: 91,
        subjectAltNames: ["example.com"],
        ocspUrls: ["http://ocsp.ca.example/"],
        caIssuerUrls: ["http://ca.example/r3.der"],
        crlUrls: [],
        policies: ["2.23.140.1.2.1"],
        validationType: "DV",
        mustStaple: false,
        scts: [
          {
            version: 1,
            logId: "ERERERERERERERERERERERERERERERERERERERERERE=",
            timestamp: "2026-10-01T00:00:00.000Z",
          },
          {
            version: 1,
            logId: "IiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiI=",
            timestamp: "2026-10-01T00:00:01.000Z",
          },
        ],
      },
      chain: [
        {
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
          serialNumber: "C202E55BE7288356590540CF387CED45",
          notBefore: "2026-10-01T00:00:00.000Z",
          notAfter: "2026-12-30T23:59:59.000Z",
          fingerprint256:
            "2A:F9:E5:AA:45:87:DA:8C:B5:97:C3:17:D3:D8:07:5B:B7:71:D0:0E:48:77:6C:69:AC:85:09:55:C4:1C:E5:08",
          keyType: "ec",
          keySize: 256,
          keyCurve: "P-256",
          signatureAlgorithm: "ecdsa-with-SHA256",
          signatureHash: "SHA-256",
          ca: false,
          selfSigned: false,
        },
        {
          subject: {
            dn: "CN=Example Issuing CA R3",
            commonName: "Example Issuing CA R3",
            organization: null,
          },
          issuer: {
            dn: "CN=Example Root CA X1",
            commonName: "Example Root CA X1",
            organization: null,
          },
          serialNumber: "2B6797E0FEECA732D9CEAA496B54DE64",
          notBefore: "2025-11-22T07:45:30.000Z",
          notAfter: "2031-11-21T07:45:30.000Z",
          fingerprint256:
            "47:89:9F:22:53:C0:9C:51:9C:08:6D:B6:6E:7A:A8:1A:C8:06:67:E3:12:FE:F0:11:41:E4:BC:BF:92:34:67:D6",
          keyType: "ec",
          keySize: 256,
          keyCurve: "P-256",
          signatureAlgorithm: "sha256WithRSAEncryption",
          signatureHash: "SHA-256",
          ca: true,
          selfSigned: false,
        },
      ],
      endpoints: [
        {
          address: "93.184.215.14",
          family: 4,
          range: "unicast",
          reachable: true,
          reason: null,
          errorCode: null,
          protocol: "TLSv1.3",
          trusted: true,
          trustError: null,
          hostnameMatch: true,
          ocspStapled: true,
          fingerprint256:
            "2A:F9:E5:AA:45:87:DA:8C:B5:97:C3:17:D3:D8:07:5B:B7:71:D0:0E:48:77:6C:69:AC:85:09:55:C4:1C:E5:08",
        },
        {
          address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
          family: 6,
          range: "unicast",
          reachable: true,
          reason: null,
          errorCode: null,
          protocol: "TLSv1.3",
          trusted: true,
          trustError: null,
          hostnameMatch: true,
          ocspStapled: true,
          fingerprint256:
            "2A:F9:E5:AA:45:87:DA:8C:B5:97:C3:17:D3:D8:07:5B:B7:71:D0:0E:48:77:6C:69:AC:85:09:55:C4:1C:E5:08",
        },
      ],
      findings: [
        {
          id: "ssl.unreachable",
          status: "pass",
          severity: "info",
          message:
            "A TLS handshake with 93.184.215.14:443 succeeded, and with the other address of example.com.",
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
          id: "ssl.cert.long-validity",
          status: "pass",
          severity: "info",
          message: "The certificate is valid for 91 days, within the 398-day limit.",
          details: {
            validityDays: 91,
            maxValidityDays: 398,
            notBefore: "2026-10-01T00:00:00.000Z",
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
        {
          id: "ssl.cert.weak-key",
          status: "pass",
          severity: "info",
          message: "Every key the chain relies on is strong enough; the certificate's is EC P-256.",
        },
        {
          id: "ssl.cert.weak-signature",
          status: "pass",
          severity: "info",
          message:
            "No signature the chain relies on uses a broken hash; the certificate is signed with ecdsa-with-SHA256.",
          details: {
            signatureAlgorithm: "ecdsa-with-SHA256",
          },
        },
        {
          id: "ssl.cert.transparency",
          status: "pass",
          severity: "info",
          message: "The certificate embeds SCTs from 2 Certificate Transparency logs.",
          details: {
            scts: 2,
            logs: 2,
          },
        },
        {
          id: "ssl.chain.incomplete",
          status: "pass",
          severity: "info",
          message:
            "The server sends every certificate needed: the last one is issued by the trusted root CN=Example Root CA X1.",
          details: {
            sent: 2,
            path: ["CN=example.com", "CN=Example Issuing CA R3"],
            end: "trusted-issuer",
            endIssuer: "CN=Example Root CA X1",
          },
        },
        {
          id: "ssl.chain.order",
          status: "pass",
          severity: "info",
          message: "The server sends its certificates in issuing order, leaf first.",
        },
        {
          id: "ssl.chain.unrelated",
          status: "pass",
          severity: "info",
          message: "Every certificate the server sends is part of its chain.",
        },
        {
          id: "ssl.chain.contains-anchor",
          status: "pass",
          severity: "info",
          message: "The server does not send a root.",
        },
        {
          id: "ssl.chain.expired",
          status: "pass",
          severity: "info",
          message: "Every issuer certificate the server sends is within its validity.",
        },
        {
          id: "ssl.tls.legacy-protocol",
          status: "pass",
          severity: "info",
          message: "The server negotiated TLSv1.3, its best protocol.",
          details: {
            protocol: "TLSv1.3",
          },
        },
        {
          id: "ssl.ocsp.not-stapled",
          status: "pass",
          severity: "info",
          message: "The server staples an OCSP response to the handshake.",
          details: {
            mustStaple: false,
            ocspUrls: ["http://ocsp.ca.example/"],
          },
        },
        {
          id: "ssl.endpoints.inconsistent",
          status: "pass",
          severity: "info",
          message: "Both addresses present the same certificate and TLS setup.",
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
          url: "https://rdap.registry.example/com/v1/",
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
        {
          code: "clientDeleteProhibited",
          meaning: "The registrar does not allow the name to be deleted.",
        },
        {
          code: "clientTransferProhibited",
          meaning: "The registrar does not allow the name to be transferred to another registrar.",
        },
        {
          code: "serverUpdateProhibited",
          meaning: "The registry does not allow the name's data to be changed.",
        },
        { code: "locked", meaning: "The registry has locked changes to the name." },
      ],
      createdAt: "1995-08-14T04:00:00.000Z",
      updatedAt: "2024-08-14T07:01:34.000Z",
      expiresAt: "2099-08-13T04:00:00.000Z",
      expiresInDays: 26562,
      nameservers: ["a.iana-servers.net", "b.iana-servers.net"],
      dnssec: {
        delegationSigned: true,
        dsData: [
          {
            keyTag: 370,
            algorithm: 13,
            digestType: 2,
            digest: "BE74359954660069D5C63D200C39F5603827D7DD02B56F120EE9F3A86764247C",
          },
        ],
      },
      transferLock: true,
      privacy: {
        redacted: true,
        proxied: false,
        proxyService: null,
        redactedFields: ["name", "email"],
        redactions: [
          { name: "Registrant Name", method: "emptyValue", reason: "Server policy" },
          { name: "Registrant Email", method: "removal", reason: "Server policy" },
        ],
      },
      findings: [
        {
          id: "whois.domain.not-registered",
          status: "pass",
          severity: "info",
          message: "example.com is registered.",
          details: { registrar: "Example Registrar, Inc." },
        },
        {
          id: "whois.domain.expired",
          status: "pass",
          severity: "info",
          message: "The registration of example.com is valid until 2099-08-13T04:00:00.000Z.",
          details: { expiresAt: "2099-08-13T04:00:00.000Z", expiresInDays: 26562 },
        },
        {
          id: "whois.domain.expiring-soon",
          status: "pass",
          severity: "info",
          message: "The registration expires in 26562 days.",
          details: { expiresAt: "2099-08-13T04:00:00.000Z", expiresInDays: 26562 },
        },
        {
          id: "whois.domain.pending-delete",
          status: "pass",
          severity: "info",
          message: "example.com is not in the deletion process.",
        },
        {
          id: "whois.domain.transfer-unlocked",
          status: "pass",
          severity: "info",
          message: "Transfers of example.com to another registrar are locked.",
          details: { statuses: ["clientTransferProhibited"] },
        },
      ],
    },
  },
};
