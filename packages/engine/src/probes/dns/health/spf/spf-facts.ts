import type { SpfQualifier } from "../../../../protocols/spf/parse-spf.js";

/** The SPF policy of the domain, followed through include and redirect. */
export interface SpfFacts {
  /** The domain's TXT records that are SPF records. */
  records: string[];
  /** Syntax errors of the domain's record, and of the records it includes, by domain. */
  syntaxErrors: { domain: string; errors: string[] }[];
  /** DNS-querying terms over the whole evaluation (RFC 7208 4.6.4 allows 10). */
  lookups: number;
  /** Lookups that found nothing (RFC 7208 4.6.4 allows 2). */
  voidLookups: number;
  /** Include or redirect chains that come back to a domain already on the path. */
  loops: string[];
  /** Evaluation errors: include targets without SPF, too many MX names, failed lookups. */
  problems: string[];
  /** Lookups the assessment's time budget left no room for (`name/type`): unknown, not failed. */
  cutShort: string[];
  /** The terminal policy, from `all` or through redirect; null when there is none. */
  all: { qualifier: SpfQualifier; domain: string } | null;
  /** Why the terminal policy is unknown: the redirect target could not be read. */
  allUnread: string | null;
  /** Every domain whose SPF record the evaluation read, in order. */
  visited: string[];
  /**
   * The SPF record of each include or redirect target read, by domain (the domain's own too);
   * null for a target that publishes none. What a rewrite of the policy is computed from.
   */
  policies: Record<string, string | null>;
}
