import { identifierKey } from "./certificate-authorities.js";

/** A CAA record as the dns section gives it. */
export interface CaaRecord {
  flags: number;
  critical?: boolean;
  tag: string;
  value: string;
}

/** What a CAA record set says about issuing one certificate name (RFC 8659 section 4). */
export type CaaPolicy =
  /** No `issue` (or, for a wildcard, `issuewild`) property: any CA may issue. */
  | { kind: "unrestricted" }
  /** A critical property with a tag the CA does not know forbids issuance by everyone. */
  | { kind: "forbidden"; criticalTags: string[] }
  /** Only these issuer domain names may issue; empty means no CA may. */
  | { kind: "restricted"; property: "issue" | "issuewild"; issuers: string[] };

// Tags a CA may know: RFC 8659 (issue, issuewild, iodef), RFC 8657 and the CA/B Forum's
// contact tags, RFC 9495 (issuemail) and the VMC tag.
const knownTags = new Set([
  "issue",
  "issuewild",
  "iodef",
  "contactemail",
  "contactphone",
  "issuemail",
  "issuevmc",
]);
const issuerDomain = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/** The policy a relevant CAA record set sets for a name, or a wildcard name when `wildcard`. */
export function caaPolicy(
  records: readonly CaaRecord[],
  options: { wildcard: boolean },
): CaaPolicy {
  const criticalTags = records
    .filter((record) => record.critical ?? (record.flags & 128) !== 0)
    .map((record) => record.tag.toLowerCase())
    .filter((tag) => !knownTags.has(tag));
  if (criticalTags.length > 0)
    return { kind: "forbidden", criticalTags: [...new Set(criticalTags)] };

  const withTag = (tag: string) => records.filter((record) => record.tag.toLowerCase() === tag);
  // A wildcard name is governed by issuewild when there is any, otherwise by issue (4.3).
  const property = options.wildcard && withTag("issuewild").length > 0 ? "issuewild" : "issue";
  const relevant = withTag(property);
  if (relevant.length === 0) return { kind: "unrestricted" };
  const issuers = relevant
    .map((record) => issuerOf(record.value))
    .filter((issuer): issuer is string => issuer !== null);
  return { kind: "restricted", property, issuers: [...new Set(issuers)] };
}

/**
 * The issuer domain name of an issue/issuewild value, `name; key=value...` (RFC 8659 4.2). An
 * empty name (";") authorises no one; a malformed value authorises no one either.
 */
function issuerOf(value: string): string | null {
  const name = identifierKey(value.split(";")[0] ?? "");
  return issuerDomain.test(name) ? name : null;
}
