import {
  hasMacro,
  parseSpf,
  queryingTerms,
  type SpfMechanism,
  type SpfTerm,
} from "../../../protocols/spf/parse-spf.js";
import { maxLookups } from "../health/spf/expand-spf.js";

/** An SPF record rewritten to need fewer lookups, and what was changed. */
export interface SpfRewrite {
  record: string;
  /** Includes replaced by the addresses they list. */
  inlined: { include: string; addresses: string[] }[];
  /** Terms dropped because the record already listed them. */
  repeated: string[];
  /** Includes dropped because their target publishes no SPF record. */
  dead: string[];
  lookupsBefore: number;
  lookupsAfter: number;
}

/** What a rewrite changed, in words. */
export function describeRewrite(rewrite: SpfRewrite): string[] {
  const addresses = rewrite.inlined.reduce((sum, entry) => sum + entry.addresses.length, 0);
  return [
    ...(rewrite.inlined.length > 0
      ? [
          `${rewrite.inlined.length === 1 ? `${rewrite.inlined[0]!.include} is` : `${rewrite.inlined.length} includes (${rewrite.inlined.map((entry) => entry.include).join(", ")}) are`} replaced by the ${addresses === 1 ? "address" : `${addresses} addresses`} listed there`,
        ]
      : []),
    ...rewrite.repeated.map((term) => `the repeated ${term} is dropped`),
    ...rewrite.dead.map((term) => `${term} is dropped: its domain publishes no SPF record`),
  ];
}

const name = (domain: string) => domain.toLowerCase().replace(/\.$/, "");
/** A term as receivers compare it: `+` is the default qualifier, case does not matter. */
const termKey = (term: SpfTerm) => term.text.toLowerCase().replace(/^\+/, "");

/**
 * The DNS-querying terms a policy costs, its includes and redirect followed through
 * `policies` (RFC 7208 4.6.4), as the assessment counts them.
 */
export function countLookups(
  record: string,
  policies: Readonly<Record<string, string | null>>,
  path: readonly string[] = [],
): number {
  let count = 0;
  for (const term of parseSpf(record).terms) {
    if (!queryingTerms.has(term.name)) continue;
    count += 1;
    const target = term.value;
    if ((term.name !== "include" && term.name !== "redirect") || !target || hasMacro(target))
      continue;
    const inner = policies[name(target)];
    if (inner && !path.includes(name(target)))
      count += countLookups(inner, policies, [...path, name(target)]);
  }
  return count;
}

/**
 * The addresses an included policy authorizes when it is a fixed list: only `+ip4`/`+ip6`
 * terms (and includes of such lists) before a terminal `all` that is not `+all`. Then
 * `include:` of it matches exactly the senders those addresses match, so they can stand in its
 * place. Null when anything else decides (a, mx, exists, ptr, redirect, macros, a qualifier).
 */
function fixedAddresses(
  domain: string,
  policies: Readonly<Record<string, string | null>>,
  path: readonly string[],
): string[] | null {
  const record = policies[domain];
  if (!record || path.includes(domain)) return null;
  const parsed = parseSpf(record);
  if (parsed.errors.length > 0) return null;
  const addresses: string[] = [];
  for (const term of parsed.terms) {
    if (term.kind === "modifier") {
      if (term.name === "redirect") return null;
      continue;
    }
    if (term.name === "all") return term.qualifier === "+" ? null : addresses;
    if (term.qualifier !== "+") return null;
    if (term.name === "ip4" || term.name === "ip6") {
      addresses.push(term.text.replace(/^\+/, ""));
      continue;
    }
    if (term.name === "include" && term.value && !hasMacro(term.value)) {
      const inner = fixedAddresses(name(term.value), policies, [...path, domain]);
      if (inner === null) return null;
      addresses.push(...inner);
      continue;
    }
    return null;
  }
  return addresses;
}

/**
 * Rewrites `record` to the same meaning with fewer lookups: duplicate terms dropped, includes of
 * domains without an SPF record dropped (each is a permanent error for receivers), and each
 * include that resolves to a fixed address list replaced by those addresses.
 */
export function rewriteSpf(options: {
  record: string;
  policies: Readonly<Record<string, string | null>>;
  domain: string;
}): SpfRewrite {
  const { record, policies } = options;
  const own = name(options.domain);
  const terms: string[] = [];
  const seen = new Set<string>();
  const inlined: SpfRewrite["inlined"] = [];
  const repeated: string[] = [];
  const dead: string[] = [];
  const keep = (text: string) => {
    const key = text.toLowerCase().replace(/^\+/, "");
    if (seen.has(key)) return false;
    seen.add(key);
    terms.push(text);
    return true;
  };
  for (const term of parseSpf(record).terms) {
    if (seen.has(termKey(term))) {
      repeated.push(term.text);
      continue;
    }
    if (term.kind === "mechanism" && term.name === "include" && term.value) {
      const target = name(term.value);
      if (!hasMacro(term.value) && policies[target] === null) {
        dead.push(term.text);
        continue;
      }
      const addresses = hasMacro(term.value) ? null : fixedAddresses(target, policies, [own]);
      if (addresses !== null) {
        const qualified = addresses.map((address) => qualify(term, address));
        inlined.push({ include: term.text, addresses: qualified.filter(keep) });
        seen.add(termKey(term));
        continue;
      }
    }
    keep(term.text);
  }
  const rewritten = ["v=spf1", ...terms].join(" ");
  return {
    record: rewritten,
    inlined,
    repeated,
    dead,
    lookupsBefore: countLookups(record, policies, [own]),
    lookupsAfter: countLookups(rewritten, policies, [own]),
  };
}

/** An inlined address keeps the include's qualifier (`~include:` gives `~ip4:`). */
const qualify = (include: SpfMechanism, address: string) =>
  include.qualifier === "+" ? address : `${include.qualifier}${address}`;

export { maxLookups };
