/** A policy the Observatory cannot read: empty, too short, or with a directive twice. */
export class CspSyntaxError extends Error {
  override name = "CspSyntaxError";
}

/** Sources per directive of one or more policies, as the MDN HTTP Observatory reads them. */
export interface EffectivePolicy {
  directives: Map<string, Set<string>>;
  /** `report-uri` / `report-to` given twice in a policy (allowed, but reported). */
  duplicates: Set<string>;
}

// The shortest policy the Observatory reads is one character short of `img-src`.
const shortestPolicy = "img-src".length - 1;
const repeatable = new Set(["report-uri", "report-to"]);
// The Observatory orders sources with this collator; the order decides which neighbours match.
const compare = new Intl.Collator("en").compare;

interface Source {
  source: string;
  policy: number;
  keep: boolean;
}

/**
 * The policy that results from several (header field lines split on commas, then `<meta>`
 * tags), by the Observatory's rules, so that its CSP outcomes can be reproduced: directive
 * names and sources lower-cased; an empty `*-src` is `'none'`; within a policy a source
 * covered by a shorter one is dropped; across policies a directive keeps the sources that
 * another policy also allows (same source, or a path under it), and a directive that keeps
 * none becomes `'none'`. Throws CspSyntaxError where the Observatory reports
 * `csp-header-invalid`.
 */
export function effectivePolicy(policies: readonly string[]): EffectivePolicy {
  const cleaned = policies.map((policy) => policy.replace(/[\r\n]/g, "").trim());
  const directives = new Map<string, Source[]>();
  const duplicates = new Set<string>();
  for (const policy of cleaned) {
    if (policy.length < shortestPolicy) throw new CspSyntaxError(`Invalid policy: "${policy}"`);
  }
  for (const [index, policy] of cleaned.entries()) {
    const seen = new Set<string>();
    for (const entry of policy.split(";")) {
      const [first, ...values] = entry.trim().split(/\s+/);
      if (!first) continue;
      const name = first.toLowerCase();
      if (seen.has(name)) {
        if (!repeatable.has(name)) throw new CspSyntaxError(`${name} appears twice in a policy`);
        duplicates.add(name);
      }
      seen.add(name);
      const sources = values.map((value) => ({
        source: value.trim().toLocaleLowerCase(),
        policy: index,
        keep: index === 0,
      }));
      if (sources.length === 0 && name.endsWith("-src")) {
        sources.push({ source: "'none'", policy: index, keep: index === 0 });
      }
      const combined = [...(index === 0 ? [] : (directives.get(name) ?? [])), ...sources].sort(
        (a, b) => compare(a.source, b.source),
      );
      for (let at = 1; at < combined.length; at++) {
        const before = combined[at - 1]!;
        const source = combined[at]!;
        if (source.policy === before.policy && source.source.startsWith(before.source)) {
          source.keep = false;
        }
        if (source.policy !== before.policy && pathPartMatch(before.source, source.source)) {
          source.keep = true;
        }
      }
      const kept = combined.filter((source) => source.keep);
      directives.set(name, kept);
      // With more policies to come, the first one's sources stay only where another allows them.
      if (index === 0 && cleaned.length > 1) for (const source of kept) source.keep = false;
    }
  }
  return {
    directives: new Map(
      [...directives].map(([name, sources]) => [
        name,
        new Set(sources.length > 0 ? sources.map((source) => source.source) : ["'none'"]),
      ]),
    ),
    duplicates,
  };
}

/** `b` is `a`, or a path under `a` when `a` ends with a slash (CSP's path matching, simplified). */
function pathPartMatch(a: string, b: string): boolean {
  if (a.length === 0) return true;
  if (a === "/" && b.length === 0) return true;
  const exact = !a.endsWith("/");
  const partsA = a.split("/");
  const partsB = b.split("/");
  if (partsA.length > partsB.length) return false;
  if (exact && partsA.length !== partsB.length) return false;
  if (!exact) partsA.pop();
  return partsA.every((part, at) => decode(part) === decode(partsB[at]!));
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
