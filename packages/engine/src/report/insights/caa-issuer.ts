import { getDomain } from "tldts";
import type { Finding } from "../../contract/finding.js";
import { type CaaRecord, caaPolicy } from "./caa-policy.js";
import { certificateAuthoritiesOf } from "./certificate-authorities.js";
import { insight, skipped } from "./insight.js";
import type { InsightInput } from "./insight-input.js";
import { at, hostKey, isObject, sectionData, stringAt } from "./section-data.js";

const id = "report.caa.issuer-not-allowed";

/**
 * `report.caa.issuer-not-allowed`: the CA that issued the certificate in use is not one the
 * domain's CAA records (RFC 8659) allow, so the next issuance or renewal from it will be refused.
 * CAA is checked at issuance, so this warns rather than fails: the certificate itself is valid.
 */
export function caaIssuerInsight(input: InsightInput): Finding {
  const { domain } = input;
  const ssl = sectionData(input.sections, "ssl");
  if (!ssl.ok) return skipped(id, ssl.reason);
  const certificate = at(ssl.value, "certificate");
  if (!isObject(certificate)) return skipped(id, "the ssl section read no certificate");
  const issuer = {
    organization: stringAt(certificate, "issuer", "organization"),
    commonName: stringAt(certificate, "issuer", "commonName"),
  };
  const issuerName = issuer.organization ?? issuer.commonName;
  if (issuerName === null) {
    return skipped(id, "the certificate's issuer has neither an organization nor a common name");
  }

  const dns = sectionData(input.sections, "dns");
  if (!dns.ok) return skipped(id, dns.reason);
  const rawRecords = at(dns.value, "records", "CAA");
  if (!Array.isArray(rawRecords)) return skipped(id, "the dns section gives no CAA records");
  const records = rawRecords.filter(isCaaRecord);

  const coverage = coverageOf(domain, at(certificate, "subjectAltNames"));
  if (coverage.kind === "wildcard") {
    return skipped(
      id,
      `the certificate covers ${domain} only through ${coverage.name}, whose CAA record set is at ${coverage.name.slice(2)}`,
    );
  }
  if (coverage.kind === "none") return skipped(id, `the certificate is not issued for ${domain}`);

  const details = {
    issuer,
    caaRecords: records.map(({ flags, tag, value }) => ({ flags, tag, value })),
  };
  if (records.length === 0) {
    // The relevant set of a subdomain may sit at a parent name (RFC 8659 section 3).
    if (getDomain(domain) !== domain) {
      return skipped(
        id,
        `${domain} has no CAA record; the relevant record set may be at a parent name, which the dns section does not query`,
      );
    }
    return insight(id, "pass", `${domain} has no CAA record: any CA may issue for it.`, details);
  }

  const policy = caaPolicy(records, { wildcard: false });
  if (policy.kind === "unrestricted") {
    return insight(
      id,
      "pass",
      `The CAA records of ${domain} have no issue property: any CA may issue for it.`,
      details,
    );
  }
  if (policy.kind === "forbidden") {
    return insight(
      id,
      "warn",
      `A critical CAA record with a tag no CA knows (${policy.criticalTags.join(", ")}) forbids every CA from issuing for ${domain}, yet it serves a certificate from ${issuerName}.`,
      { ...details, criticalTags: policy.criticalTags },
    );
  }

  const authorities = certificateAuthoritiesOf(input.certificateAuthorities, issuer);
  if (authorities.length === 0) {
    return skipped(
      id,
      `the issuer ${issuerName} is not in the CA table; add its CAA identifiers with the insights.caaIssuers option`,
    );
  }
  const identifiers = [...new Set(authorities.flatMap((ca) => ca.caaIdentifiers))];
  const allowed = policy.issuers.filter((issuerDomain) => identifiers.includes(issuerDomain));
  const caNames = authorities.map((ca) => ca.name).join(" / ");
  const found = {
    ...details,
    certificateAuthority: caNames,
    caaIdentifiers: identifiers,
    allowedIssuers: policy.issuers,
  };
  if (allowed.length > 0) {
    return insight(
      id,
      "pass",
      `The CAA records of ${domain} allow ${caNames} (${allowed.join(", ")}), which issued its certificate.`,
      found,
    );
  }
  const allowedText =
    policy.issuers.length > 0 ? `only ${policy.issuers.join(", ")}` : "no CA at all";
  return insight(
    id,
    "warn",
    `The certificate of ${domain} was issued by ${caNames} (${issuerName}), but its CAA records allow ${allowedText}: a renewal from ${caNames} will be refused. Add the CAA record 0 issue "${identifiers[0]}" or change CA.`,
    found,
  );
}

function isCaaRecord(value: unknown): value is CaaRecord {
  return (
    isObject(value) &&
    typeof value.flags === "number" &&
    typeof value.tag === "string" &&
    typeof value.value === "string"
  );
}

type Coverage = { kind: "exact" } | { kind: "wildcard"; name: string } | { kind: "none" };

/** How the certificate names the domain: itself, only a wildcard, or not at all. */
function coverageOf(domain: string, subjectAltNames: unknown): Coverage {
  // Without SANs to compare, the certificate served for the domain is taken to be for it.
  if (!Array.isArray(subjectAltNames) || subjectAltNames.length === 0) return { kind: "exact" };
  const names = subjectAltNames.filter((n): n is string => typeof n === "string").map(hostKey);
  if (names.includes(domain)) return { kind: "exact" };
  const wildcard = names.find(
    (name) =>
      name.startsWith("*.") &&
      domain.endsWith(name.slice(1)) &&
      !domain.slice(0, -(name.length - 1)).includes("."),
  );
  return wildcard ? { kind: "wildcard", name: wildcard } : { kind: "none" };
}
