import type { Finding } from "../../contract/finding.js";

/** The `data` of the whois (registration) section. Every key is always present. */
export interface WhoisData {
  /** The registrable domain that was looked up (a subdomain is looked up by its registrable domain). */
  queriedDomain: string;
  /**
   * False when the registry says the name does not exist (RDAP 404, WHOIS "No match"); null
   * when its WHOIS text says neither, or says the name cannot be registered (reserved,
   * invalid); the skipped `whois.domain.*` findings then give the reason.
   */
  registered: boolean | null;
  /** Which protocol produced the answer. */
  source: "rdap" | "whois";
  registrar: WhoisRegistrar | null;
  /**
   * Status codes with what they mean. RDAP values are given as the EPP codes they stand for
   * (RFC 8056), so both protocols read the same; `meaning` is null for a registry-specific code.
   */
  statuses: WhoisStatus[];
  createdAt: string | null;
  updatedAt: string | null;
  expiresAt: string | null;
  /** Whole days until `expiresAt` when the lookup ran; negative once expired. */
  expiresInDays: number | null;
  /** Lower-case host names, without a trailing dot. */
  nameservers: string[];
  dnssec: WhoisDnssec;
  /** A transfer-prohibited status is set; null when the registry gave no statuses. */
  transferLock: boolean | null;
  /**
   * What the registry publishes of the holder: its organization and country, never a person's
   * name, e-mail, phone or street; a withheld value ("REDACTED FOR PRIVACY") is null. Null when
   * it publishes neither.
   */
  registrant: WhoisRegistrant | null;
  /** Whether the registrant is hidden; null for an unregistered name. */
  privacy: WhoisPrivacy | null;
  /**
   * Fields of this data that are null because the registry withholds them ("REDACTED FOR
   * PRIVACY", "Not Disclosed", a GDPR notice, an RFC 9537 `redacted` member), as dotted paths:
   * `registrant.organization`, `registrant.country`, `registrar.abuseEmail`...
   */
  redacted: WhoisRedactedField[];
  /**
   * The WHOIS text as the registry sent it (capped at 16 KiB) when the reader could not read all
   * of registrar, created, expires and name servers from it, so a person can; null otherwise.
   */
  raw: string | null;
  /** Every registry or registrar server asked, in order. */
  servers: WhoisServer[];
  /** `whois.domain.*` findings, every id every time (pass, info, warn, fail or skipped). */
  findings: Finding[];
}

export const whoisRedactedFields = [
  "registrant.organization",
  "registrant.country",
  "registrar.name",
  "registrar.ianaId",
  "registrar.url",
  "registrar.abuseEmail",
  "registrar.abusePhone",
] as const;
export type WhoisRedactedField = (typeof whoisRedactedFields)[number];

export interface WhoisRegistrant {
  organization: string | null;
  /** The ISO 3166 code where the registry gives one (`US`), otherwise its name as written. */
  country: string | null;
}

export interface WhoisStatus {
  code: string;
  meaning: string | null;
}

export interface WhoisDnssec {
  /** The registry publishes DS records for the name; null when it does not say. */
  delegationSigned: boolean | null;
  /** The DS records the registry publishes (RDAP `secureDNS.dsData`). */
  dsData: WhoisDsRecord[];
}

/** One DS record (RFC 4034 section 5); the digest as upper-case hex. */
export interface WhoisDsRecord {
  keyTag: number | null;
  algorithm: number | null;
  digestType: number | null;
  digest: string | null;
}

export interface WhoisPrivacy {
  /**
   * Registrant data is withheld: RFC 9537 `redacted` members naming the registrant, or
   * placeholder text ("REDACTED FOR PRIVACY") where the registrant's data would be.
   */
  redacted: boolean;
  /** The registrant shown is a privacy or proxy service, not the holder. */
  proxied: boolean;
  /** The privacy or proxy service's name, when proxied. */
  proxyService: string | null;
  /** Registrant fields withheld: name, organization, email, phone, street, city... */
  redactedFields: string[];
  /** RFC 9537 `redacted` members as the registry gave them (RDAP only). */
  redactions: WhoisRedaction[];
}

export interface WhoisRedaction {
  /** The redacted field, e.g. "Registrant Email". */
  name: string;
  /** RFC 9537 method: removal, emptyValue, partialValue or replacementValue. */
  method: string | null;
  reason: string | null;
}

export interface WhoisRegistrar {
  name: string | null;
  ianaId: string | null;
  url: string | null;
  abuseEmail: string | null;
  abusePhone: string | null;
}

export type WhoisServer =
  | { kind: "rdap"; url: string; outcome: ServerOutcome }
  | { kind: "whois"; host: string; outcome: ServerOutcome };

/** What asking one server gave. */
export type ServerOutcome =
  | "ok"
  /** Answered but never closed the connection: its text, read until the time limit, may be cut short. */
  | "partial"
  | "not_found"
  | "timeout"
  | "connect_failed"
  | "address_not_allowed"
  | "response_too_large"
  | "redirect_failed"
  | "http_error"
  | "rate_limited"
  | "blocked"
  | "no_data"
  | "unparseable"
  | "aborted"
  | "error";

export const serverOutcomes: readonly ServerOutcome[] = [
  "ok",
  "partial",
  "not_found",
  "timeout",
  "connect_failed",
  "address_not_allowed",
  "response_too_large",
  "redirect_failed",
  "http_error",
  "rate_limited",
  "blocked",
  "no_data",
  "unparseable",
  "aborted",
  "error",
];
