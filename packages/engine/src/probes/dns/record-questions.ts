import type { QueryType } from "../../protocols/dns/wire/query.js";

/** One question the records lookup asks the resolver about the domain or a name under it. */
export interface RecordQuestion {
  /** Where the answer goes: a record type, or `<type>:<prefix>` for a name under the domain. */
  readonly key: RecordQuestionKey;
  readonly prefix: string | null;
  readonly type: QueryType;
  /**
   * A required answer that fails (SERVFAIL, REFUSED, silence) disqualifies the resolver; an
   * optional one is reported as unreadable, since a broken `_dmarc` delegation is a finding
   * about the domain, not a reason to discard every other record.
   */
  readonly required: boolean;
}

/** The types every resolver must answer; the shape the dns section has always had. */
export const coreTypes = ["A", "AAAA", "CNAME", "MX", "NS", "SOA", "TXT", "CAA"] as const;
export type CoreType = (typeof coreTypes)[number];

export const recordQuestionKeys = [
  ...coreTypes,
  "DS",
  "DNSKEY",
  "HTTPS",
  "SVCB",
  "SRV:_submission._tcp",
  "SRV:_imaps._tcp",
  "TXT:_dmarc",
  "TXT:_mta-sts",
  "TXT:_smtp._tls",
] as const;
export type RecordQuestionKey = (typeof recordQuestionKeys)[number];

// dns-packet has no names for SVCB (64) and HTTPS (65); their RDATA comes back raw.
const wireType: Partial<Record<string, QueryType>> = { HTTPS: "UNKNOWN_65", SVCB: "UNKNOWN_64" };

export const recordQuestions: readonly RecordQuestion[] = recordQuestionKeys.map((key) => {
  const [type, prefix] = key.split(":") as [string, string | undefined];
  return {
    key,
    prefix: prefix ?? null,
    type: (wireType[type] ?? type) as QueryType,
    required: (coreTypes as readonly string[]).includes(key),
  };
});

/** The name a question is about. */
export const questionName = (options: { question: RecordQuestion; domain: string }): string =>
  options.question.prefix ? `${options.question.prefix}.${options.domain}` : options.domain;
