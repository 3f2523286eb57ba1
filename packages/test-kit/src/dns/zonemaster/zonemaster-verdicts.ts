import type { ZonemasterScenario } from "./zonemaster-scenarios.js";
import { type TagMapping, type Verdict, zonemasterTags } from "./zonemaster-tags.js";

/** What Zonemaster's tags for a scenario say about one of our ids. */
export interface ExpectedVerdict {
  readonly id: string;
  /** Our statuses that agree. */
  readonly agrees: readonly Verdict[];
  /** The tags this comes from (`!TAG` for a forbidden one). */
  readonly tags: readonly string[];
}

export interface ComparedVerdict extends ExpectedVerdict {
  /** Our status for the id (`domain`/`other` for `zone`); null when the section gave none. */
  readonly ours: Verdict | null;
  /** `no-verdict`: ours was skipped or missing. */
  readonly outcome: "agree" | "disagree" | "no-verdict";
}

const rank: Record<Verdict, number> = {
  skipped: 0,
  pass: 1,
  domain: 1,
  other: 1,
  info: 2,
  warn: 3,
  fail: 4,
};
const weight = (mapping: TagMapping) => Math.max(...mapping.agrees.map((v) => rank[v]));

/**
 * The verdicts a scenario's tags expect of our ids. Several tags on one id: the weightiest wins
 * (one failing server fails the check that covers all of them). A forbidden problem tag, when no
 * tag is expected for its id, expects no problem.
 */
export function expectedVerdicts(scenario: ZonemasterScenario): ExpectedVerdict[] {
  const byId = new Map<string, { mappings: TagMapping[]; tags: string[] }>();
  for (const tag of scenario.expect) {
    const entry = zonemasterTags[tag];
    if (!entry || entry.id === null) continue;
    const known = byId.get(entry.id) ?? { mappings: [], tags: [] };
    known.mappings.push(entry);
    known.tags.push(tag);
    byId.set(entry.id, known);
  }
  const expected: ExpectedVerdict[] = [];
  for (const [id, { mappings, tags }] of byId) {
    const top = Math.max(...mappings.map(weight));
    const agrees = [...new Set(mappings.filter((m) => weight(m) === top).flatMap((m) => m.agrees))];
    expected.push({ id, agrees, tags });
  }
  const forbidden = new Map<string, string[]>();
  for (const tag of scenario.forbid) {
    const entry = zonemasterTags[tag];
    if (!entry || entry.id === null || byId.has(entry.id) || weight(entry) < rank.warn) continue;
    forbidden.set(entry.id, [...(forbidden.get(entry.id) ?? []), `!${tag}`]);
  }
  // "Must not report this problem": no problem reported, skipped included, agrees.
  for (const [id, tags] of forbidden)
    expected.push({ id, agrees: ["pass", "info", "skipped"], tags });
  return expected.sort((a, b) => a.id.localeCompare(b.id));
}

/** Our verdicts against Zonemaster's for one scenario. */
export function compareVerdicts(options: {
  scenario: ZonemasterScenario;
  /** Status of each of our checks. */
  checks: ReadonlyMap<string, string>;
  /** The zone the section judged. */
  zone: string | null;
}): ComparedVerdict[] {
  const { scenario, checks } = options;
  return expectedVerdicts(scenario).map((expected) => {
    const ours = (
      expected.id === "zone"
        ? options.zone === null
          ? null
          : options.zone === scenario.zone
            ? "domain"
            : "other"
        : (checks.get(expected.id) ?? null)
    ) as Verdict | null;
    const outcome =
      ours === null || (ours === "skipped" && !expected.agrees.includes("skipped"))
        ? "no-verdict"
        : expected.agrees.includes(ours)
          ? "agree"
          : "disagree";
    return { ...expected, ours, outcome };
  });
}
