import {
  caa,
  dnsData,
  insightInput as sectionsInput,
  sslData,
  whoisData,
} from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { caaIssuerInsight } from "./caa-issuer.js";
import { certificateAuthorities } from "./certificate-authorities.js";

/** The sections with the engine's CA table: built-in entries plus `caaIssuers`. */
function insightInput(
  sections: Parameters<typeof sectionsInput>[0],
  options: { domain?: string; caaIssuers?: Record<string, string[]> } = {},
) {
  const table = certificateAuthorities(options.caaIssuers);
  return sectionsInput(sections, { domain: options.domain, certificateAuthorities: table });
}

const digicertIssuer = {
  issuer: {
    dn: "C=US, O=DigiCert Inc, CN=DigiCert Global G2 TLS RSA SHA256 2020 CA1",
    commonName: "DigiCert Global G2 TLS RSA SHA256 2020 CA1",
    organization: "DigiCert Inc",
  },
};

function run(
  records: ReturnType<typeof caa>[],
  certificate: Record<string, unknown> = {},
  options: Parameters<typeof insightInput>[1] = {},
) {
  return caaIssuerInsight(
    insightInput(
      { whois: whoisData(), dns: dnsData({ CAA: records }), ssl: sslData(certificate) },
      options,
    ),
  );
}

describe("report.caa.issuer-not-allowed", () => {
  it("warns when the certificate's CA is not among the CAA issuers", () => {
    const result = run(
      [caa("issue", "letsencrypt.org"), caa("iodef", "mailto:sec@example.com")],
      digicertIssuer,
    );

    expect(result).toMatchObject({
      id: "report.caa.issuer-not-allowed",
      status: "warn",
      severity: "warning",
      details: {
        certificateAuthority: "DigiCert",
        allowedIssuers: ["letsencrypt.org"],
        caaIdentifiers: expect.arrayContaining(["digicert.com"]),
      },
    });
    expect(result.message).toBe(
      'The certificate of example.com was issued by DigiCert (DigiCert Inc), but its CAA records allow only letsencrypt.org: a renewal from DigiCert will be refused. Add the CAA record 0 issue "digicert.com" or change CA.',
    );
  });

  it("passes when an issue record names the CA, parameters and case aside", () => {
    const result = run(
      [caa("issue", "letsencrypt.org"), caa("issue", "DigiCert.com.; cansignhttpexchanges=yes")],
      digicertIssuer,
    );
    expect(result).toMatchObject({
      status: "pass",
      message:
        "The CAA records of example.com allow DigiCert (digicert.com), which issued its certificate.",
    });
  });

  it("matches a brand to its CA's identifiers (GeoTrust under DigiCert)", () => {
    const geotrust = {
      issuer: { dn: "", commonName: "GeoTrust TLS RSA CA G1", organization: "DigiCert Inc" },
    };
    expect(run([caa("issue", "geotrust.com")], geotrust).status).toBe("pass");
  });

  it("warns when CAA allows no CA at all", () => {
    const result = run([caa("issue", ";")]);
    expect(result.status).toBe("warn");
    expect(result.message).toContain("its CAA records allow no CA at all");
  });

  it("warns when a critical record with an unknown tag forbids every CA", () => {
    const result = run([caa("issue", "letsencrypt.org"), caa("tbs", "unknown", 128)]);
    expect(result).toMatchObject({ status: "warn", details: { criticalTags: ["tbs"] } });
  });

  it("ignores issuewild for a name the certificate covers itself", () => {
    expect(run([caa("issue", "letsencrypt.org"), caa("issuewild", "pki.goog")]).status).toBe(
      "pass",
    );
  });

  it("passes when the registrable domain has no CAA record, or no issue property", () => {
    expect(run([])).toMatchObject({
      status: "pass",
      message: "example.com has no CAA record: any CA may issue for it.",
    });
    expect(run([caa("iodef", "mailto:sec@example.com")]).status).toBe("pass");
  });

  it("uses configured CAs and identifiers", () => {
    const exampleCa = {
      issuer: { dn: "CN=Example CA R1", commonName: "Example CA R1", organization: null },
    };
    expect(run([caa("issue", "example-ca.test")], exampleCa).status).toBe("skipped");
    const configured = { caaIssuers: { "Example CA": ["example-ca.test"] } };
    expect(run([caa("issue", "example-ca.test")], exampleCa, configured)).toMatchObject({
      status: "pass",
      details: { certificateAuthority: "Example CA" },
    });
    expect(run([caa("issue", "letsencrypt.org")], exampleCa, configured).status).toBe("warn");
    // An existing CA gains identifiers.
    const extended = { caaIssuers: { "let's encrypt": ["acme.example"] } };
    expect(run([caa("issue", "acme.example")], {}, extended).status).toBe("pass");
  });

  it("skips what it cannot decide, saying why", () => {
    const unknownCa = {
      issuer: { dn: "CN=Corp Internal CA", commonName: "Corp Internal CA", organization: null },
    };
    expect(run([caa("issue", "letsencrypt.org")], unknownCa).message).toBe(
      "Not checked: the issuer Corp Internal CA is not in the CA table; add its CAA identifiers with the insights.caaIssuers option.",
    );
    expect(
      caaIssuerInsight(insightInput({ whois: whoisData(), dns: dnsData(), ssl: "error" })).message,
    ).toBe("Not checked: the ssl section failed (upstream_error).");
    expect(caaIssuerInsight(insightInput({ whois: whoisData(), ssl: sslData() })).message).toBe(
      "Not checked: the report has no dns section.",
    );
    const noCaaField = dnsData();
    delete (noCaaField.records as Record<string, unknown>).CAA;
    expect(caaIssuerInsight(insightInput({ dns: noCaaField, ssl: sslData() })).status).toBe(
      "skipped",
    );
  });

  it("skips a subdomain without CAA records and a name covered only by a wildcard", () => {
    const sub = (records: ReturnType<typeof caa>[], subjectAltNames: string[]) =>
      caaIssuerInsight(
        insightInput(
          { dns: dnsData({ CAA: records }), ssl: sslData({ subjectAltNames }) },
          { domain: "shop.example.com" },
        ),
      );
    expect(sub([], ["shop.example.com"]).message).toMatch(
      /^Not checked: shop\.example\.com has no CAA record; the relevant record set may be at a parent name/,
    );
    expect(sub([caa("issue", "letsencrypt.org")], ["*.example.com"]).message).toBe(
      "Not checked: the certificate covers shop.example.com only through *.example.com, whose CAA record set is at example.com.",
    );
    expect(sub([caa("issue", "pki.goog")], ["shop.example.com"]).status).toBe("warn");
  });
});
