import type { Finding, Report, SectionResult } from "@domain-intel/engine";
import { keyFacts } from "./report-facts.js";

/**
 * What a person reads of one section, found generically in its data: any array of objects in
 * the shared finding shape is a list of checks, and a `grade`/`score` on the data (or one level
 * below) is the section's mark. A section added to the engine shows up here without a change.
 */
export interface SectionView {
  name: string;
  status: "ok" | "error";
  grade: string | null;
  score: number | null;
  error: string | null;
  findings: Finding[];
  facts: Array<[label: string, value: string]>;
  data: unknown;
}

export interface ReportView {
  domain: string;
  sections: SectionView[];
  /** Cross-section insights of a full report, in the same shape as findings. */
  insights: Finding[];
}

const statuses = new Set(["pass", "info", "warn", "fail", "skipped"]);

function isFinding(value: unknown): value is Finding {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === "string" &&
    typeof item.message === "string" &&
    typeof item.status === "string" &&
    statuses.has(item.status)
  );
}

/**
 * Every finding under `data`, each once, in the order the section lists them. The same walk as
 * the engine's `findingsIn`, written here because this module runs in the browser too (the
 * report page), where the engine cannot be imported: only its types.
 */
export function findingsIn(data: unknown, depth = 0, found: Finding[] = []): Finding[] {
  // Findings sit near the top of a section's data; deeper arrays are facts (records, chains).
  if (depth > 4 || typeof data !== "object" || data === null) return found;
  if (Array.isArray(data)) {
    if (data.length > 0 && data.every(isFinding)) found.push(...data);
    // A list of hosts or endpoints may carry checks of its own (each MX's STARTTLS checks).
    else for (const item of data) findingsIn(item, depth + 1, found);
    return found;
  }
  for (const value of Object.values(data)) findingsIn(value, depth + 1, found);
  return found;
}

/** `key` on the data or on one of its direct children (`dns.health.grade`). */
function markOf(data: unknown, key: "grade" | "score"): unknown {
  if (typeof data !== "object" || data === null) return undefined;
  const record = data as Record<string, unknown>;
  if (record[key] !== undefined && record[key] !== null) return record[key];
  for (const child of Object.values(record)) {
    if (typeof child === "object" && child !== null && !Array.isArray(child)) {
      const value = (child as Record<string, unknown>)[key];
      if (value !== undefined && value !== null) return value;
    }
  }
  return undefined;
}

export function sectionView(result: SectionResult): SectionView {
  const grade = markOf(result.data, "grade");
  const score = markOf(result.data, "score");
  return {
    name: result.section,
    status: result.status,
    grade: typeof grade === "string" ? grade : null,
    score: typeof score === "number" ? score : null,
    error: result.error ? `${result.error.code}: ${result.error.message}` : null,
    findings: result.status === "ok" ? findingsIn(result.data) : [],
    facts: result.status === "ok" ? keyFacts(result.section, result.data) : [],
    data: result.data,
  };
}

export function isReport(value: Report | SectionResult): value is Report {
  return "sections" in value && typeof value.sections === "object";
}

/** A full report or a single section envelope, as a list of section views. */
export function reportView(answer: Report | SectionResult): ReportView {
  if (!isReport(answer)) {
    return { domain: answer.domain, sections: [sectionView(answer)], insights: [] };
  }
  return {
    domain: answer.domain,
    sections: Object.values(answer.sections).map(sectionView),
    insights: answer.insights ?? [],
  };
}

export type FailOn = "fail" | "warn" | "never";

const rank: Record<string, number> = { warn: 1, fail: 2 };

/** Whether a finding's status is at or above the threshold `--fail-on` names. */
export function reaches(finding: Finding, failOn: FailOn): boolean {
  if (failOn === "never") return false;
  return (rank[finding.status] ?? 0) >= rank[failOn]!;
}

export function allFindings(view: ReportView): Finding[] {
  return [...view.sections.flatMap((section) => section.findings), ...view.insights];
}

/**
 * The exit code for CI: 3 when a section could not be probed (the verdict is incomplete), 1
 * when some finding is at or above `failOn`, else 0.
 */
export function exitCodeOf(views: readonly ReportView[], failOn: FailOn): 0 | 1 | 3 {
  if (views.some((view) => view.sections.some((section) => section.status === "error"))) return 3;
  return views.some((view) => allFindings(view).some((finding) => reaches(finding, failOn)))
    ? 1
    : 0;
}

export function countByStatus(findings: readonly Finding[]): Record<string, number> {
  const counts: Record<string, number> = { pass: 0, info: 0, warn: 0, fail: 0, skipped: 0 };
  for (const finding of findings) counts[finding.status] = (counts[finding.status] ?? 0) + 1;
  return counts;
}
