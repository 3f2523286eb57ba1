import type { Finding, FixEntry, Report, SectionResult } from "@domain-intel/engine";

const findingStatuses = new Set(["pass", "info", "warn", "fail", "skipped"]);

function isFinding(value: unknown): value is Finding {
  const candidate = value as Finding;
  return (
    typeof candidate?.id === "string" &&
    typeof candidate.message === "string" &&
    findingStatuses.has(candidate.status)
  );
}

/** Every finding in a section's data, wherever the section keeps them (checks, findings...). */
function findingsIn(value: unknown, found: Finding[] = []): Finding[] {
  if (Array.isArray(value)) {
    for (const item of value) findingsIn(item, found);
  } else if (isFinding(value)) {
    found.push(value);
  } else if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) findingsIn(inner, found);
  }
  return found;
}

/** The section's grade: `data.grade`, or one level down (`data.health.grade` for DNS). */
function gradeOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const own = (data as { grade?: unknown }).grade;
  if (typeof own === "string") return own;
  for (const inner of Object.values(data)) {
    const grade = (inner as { grade?: unknown } | null)?.grade;
    if (typeof grade === "string") return grade;
  }
  return undefined;
}

/** A section in a few lines: grade, then the failing and warning findings a model should read. */
function sectionLines(result: SectionResult): string[] {
  if (result.status === "error") {
    return [
      `${result.section}: could not be probed (${result.error?.code}: ${result.error?.message})`,
    ];
  }
  const findings = findingsIn(result.data);
  const failing = findings.filter((finding) => finding.status === "fail");
  const warning = findings.filter((finding) => finding.status === "warn");
  const grade = gradeOf(result.data);
  const graded = grade === undefined ? "" : `grade ${grade}, `;
  const head = `${result.section}: ${graded}${failing.length} failing, ${warning.length} warning, ${findings.length} checks (cache ${result.cache})`;
  return [
    head,
    ...failing.map((finding) => `  FAIL ${finding.id}: ${finding.message}`),
    ...warning.map((finding) => `  WARN ${finding.id}: ${finding.message}`),
  ];
}

/** The text content of a tool result: what a model reads first; the envelope is alongside. */
export function summarize(answer: Report | SectionResult): string {
  if ("sections" in answer) {
    return [
      `Report for ${answer.domain}`,
      ...Object.values(answer.sections).flatMap(sectionLines),
      ...answer.insights
        .filter((insight) => insight.status === "fail" || insight.status === "warn")
        .map(
          (insight) => `insight ${insight.status.toUpperCase()} ${insight.id}: ${insight.message}`,
        ),
    ].join("\n");
  }
  return [`${answer.section} for ${answer.domain}`, ...sectionLines(answer)].join("\n");
}

/** One line a fix: the finding and what to do; the changes themselves are in structuredContent. */
export function fixesSummary(domain: string, fixes: readonly FixEntry[]): string {
  if (fixes.length === 0) return `${domain}: no failing or warning finding has a fix.`;
  return [
    `${domain}: ${fixes.length} fix${fixes.length === 1 ? "" : "es"}`,
    ...fixes.map(
      (fix) =>
        `- ${fix.id} (${fix.status}): ${fix.remediation.summary}${fix.remediation.changes.length > 0 ? ` [${fix.remediation.changes.length} change${fix.remediation.changes.length === 1 ? "" : "s"}]` : " [steps]"}`,
    ),
  ].join("\n");
}
