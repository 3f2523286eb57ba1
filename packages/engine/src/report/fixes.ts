import type { Finding } from "../contract/finding.js";
import { type Remediation, RemediationSchema } from "../contract/remediation.js";
import { StringEnum, Type } from "../contract/schema.js";
import type { Report, SectionResult } from "../contract/section-result.js";

/** One failing or warning finding's fix, and where it came from. */
export interface FixEntry {
  readonly domain: string;
  readonly section: string;
  readonly id: string;
  readonly status: "fail" | "warn";
  readonly message: string;
  readonly remediation: Remediation;
}

export const FixEntrySchema = Type.Object(
  {
    domain: Type.String(),
    section: Type.String(),
    id: Type.String({ description: "The finding's id." }),
    status: StringEnum(["fail", "warn"]),
    message: Type.String({ description: "What the finding says is wrong." }),
    remediation: RemediationSchema,
  },
  { additionalProperties: false },
);

/** `{ domain, fixes }`: what the fixes of one domain are, as an agent receives them. */
export const DomainFixesSchema = Type.Object(
  { domain: Type.String(), fixes: Type.Array(FixEntrySchema) },
  {
    additionalProperties: false,
    description:
      "The fixes of the domain's failing and warning findings, every section, in the report's order.",
  },
);

const statuses = new Set(["pass", "info", "warn", "fail", "skipped"]);

const isFinding = (value: unknown): value is Finding =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Finding).id === "string" &&
  typeof (value as Finding).message === "string" &&
  statuses.has((value as Finding).status);

/**
 * The findings of a section's data, each once, wherever the section keeps them (`findings`,
 * `health.checks`, a host's own checks): found generically, so a custom section's fixes come
 * along too. Findings sit near the top; deeper arrays are facts.
 */
export function findingsIn(data: unknown, depth = 0, found: Finding[] = []): Finding[] {
  if (depth > 4 || typeof data !== "object" || data === null) return found;
  if (Array.isArray(data)) {
    if (data.length > 0 && data.every(isFinding)) found.push(...data);
    else for (const item of data) findingsIn(item, depth + 1, found);
    return found;
  }
  for (const value of Object.values(data)) findingsIn(value, depth + 1, found);
  return found;
}

function sectionFixes(result: SectionResult): FixEntry[] {
  if (result.status !== "ok") return [];
  const seen = new Set<string>();
  return findingsIn(result.data).flatMap((finding) => {
    if ((finding.status !== "fail" && finding.status !== "warn") || !finding.remediation) return [];
    // The same id on several hosts with the same fix is one thing to do.
    const key = `${finding.id} ${JSON.stringify(finding.remediation)}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      {
        domain: result.domain,
        section: result.section,
        id: finding.id,
        status: finding.status,
        message: finding.message,
        remediation: finding.remediation,
      },
    ];
  });
}

/** Every fix of a report's or a section's failing and warning findings, in order. */
export function fixesOf(answer: Report | SectionResult): FixEntry[] {
  if ("sections" in answer) return Object.values(answer.sections).flatMap(sectionFixes);
  return sectionFixes(answer);
}

/** One fix shared by many domains: the remediation with each domain written `{{domain}}`. */
export interface FixGroup {
  readonly section: string;
  readonly id: string;
  readonly status: "fail" | "warn";
  readonly domains: string[];
  readonly remediation: Remediation;
}

const domainParameter = {
  name: "domain",
  description: "Each domain of the group, in turn.",
};

/** `text` with `domain` (as a whole name, subdomains included) written `{{domain}}`. */
function templated(text: string, domain: string): string {
  const escaped = domain.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(
    new RegExp(`(?<![A-Za-z0-9-])${escaped}(?![A-Za-z0-9-])`, "gi"),
    "{{domain}}",
  );
}

/**
 * The fleet's fixes grouped: the same change for many domains is one group ("42 domains: add
 * `_dmarc` TXT ..."), so an operator fixes a class of problem at once. Domains whose fix differs
 * in more than their name (another MX, another CA) stay in groups of their own. Largest first.
 */
export function groupFixes(entries: readonly FixEntry[]): FixGroup[] {
  const groups = new Map<string, FixGroup>();
  for (const entry of entries) {
    const text = templated(JSON.stringify(entry.remediation), entry.domain);
    const key = `${entry.section} ${entry.id} ${entry.status} ${text}`;
    const group = groups.get(key);
    if (group) {
      if (!group.domains.includes(entry.domain)) group.domains.push(entry.domain);
      continue;
    }
    const remediation = JSON.parse(text) as Remediation;
    const named = text !== JSON.stringify(entry.remediation);
    groups.set(key, {
      section: entry.section,
      id: entry.id,
      status: entry.status,
      domains: [entry.domain],
      remediation: named
        ? { ...remediation, parameters: [domainParameter, ...(remediation.parameters ?? [])] }
        : remediation,
    });
  }
  return [...groups.values()].sort(
    (a, b) => b.domains.length - a.domains.length || a.id.localeCompare(b.id),
  );
}
