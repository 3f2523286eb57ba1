import type { DomainRecord } from "rdapper";
import type { WhoisPrivacy, WhoisRedaction } from "./whois-data.js";

/**
 * Whether the registrant is hidden, from rdapper's contacts (placeholder text such as
 * "REDACTED FOR PRIVACY" is dropped there and listed in `redactedFields`; privacy-service names
 * set `privacyService`) and the RFC 9537 `redacted` members of an RDAP answer.
 */
export function privacyOf(record: DomainRecord): WhoisPrivacy {
  const registrant = record.contacts?.find((contact) => contact.type === "registrant");
  const redactions: WhoisRedaction[] = (record.redactions ?? []).map((redaction) => ({
    name: redaction.name,
    method: redaction.method ?? null,
    reason: redaction.reason ?? null,
  }));
  // A registrant removed outright (RFC 9537 method "removal") leaves no contact, only the member.
  const registrantRedacted = (record.redactions ?? []).some((redaction) =>
    /\bregistrant\b/i.test(`${redaction.name} ${redaction.prePath ?? ""}`),
  );
  const redactedFields = registrant?.redactedFields ?? [];
  const proxied = registrant?.privacyService === true;
  return {
    redacted: registrantRedacted || redactedFields.length > 0,
    proxied,
    proxyService: proxied ? (registrant?.organization ?? registrant?.name ?? null) : null,
    redactedFields: [...redactedFields],
    redactions,
  };
}
