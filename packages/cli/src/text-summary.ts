import type { Finding } from "@domain-intel/engine";
import { allFindings, countByStatus, type ReportView, type SectionView } from "./report-view.js";

export interface Paint {
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const ansi =
  (open: number, close: number) =>
  (text: string): string =>
    `\u001b[${open}m${text}\u001b[${close}m`;

export const colours: Paint = {
  red: ansi(31, 39),
  yellow: ansi(33, 39),
  green: ansi(32, 39),
  dim: ansi(2, 22),
  bold: ansi(1, 22),
};

const same = (text: string) => text;
export const plain: Paint = { red: same, yellow: same, green: same, dim: same, bold: same };

/**
 * Colour only on a terminal and never with NO_COLOR (no-color.org: any non-empty value);
 * FORCE_COLOR asks for it off a terminal, as most command-line tools accept.
 */
export function paintFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): Paint {
  if (env.NO_COLOR) return plain;
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "" && env.FORCE_COLOR !== "0";
  return forced || stream.isTTY ? colours : plain;
}

function gradeText(section: SectionView, paint: Paint): string {
  if (section.status === "error") return paint.red("could not be probed");
  const mark = [section.grade, section.score === null ? null : `${section.score}/100`]
    .filter(Boolean)
    .join(" ");
  if (!mark) {
    // No mark: the worst finding colours the status.
    if (section.findings.some((finding) => finding.status === "fail")) return paint.red("ok");
    return section.findings.some((finding) => finding.status === "warn")
      ? paint.yellow("ok")
      : paint.green("ok");
  }
  const letter =
    section.grade?.[0] ?? (section.score! >= 80 ? "A" : section.score! >= 50 ? "C" : "F");
  const tint =
    letter === "A" || letter === "B"
      ? paint.green
      : letter === "F" || letter === "T"
        ? paint.red
        : paint.yellow;
  return tint(mark);
}

function statusWord(finding: Finding, paint: Paint): string {
  const word = finding.status.toUpperCase().padEnd(4);
  if (finding.status === "fail") return paint.red(word);
  if (finding.status === "warn") return paint.yellow(word);
  if (finding.status === "pass") return paint.green(word);
  return paint.dim(word);
}

function findingLine(finding: Finding, paint: Paint): string {
  return `    ${statusWord(finding, paint)} ${finding.message} ${paint.dim(`(${finding.id})`)}`;
}

const order: Record<string, number> = { fail: 0, warn: 1, info: 2, skipped: 3, pass: 4 };

/**
 * The readable summary of one report: the domain, each section's mark, then per section its
 * key facts and its failing and warning findings (every check with `verbose`), and a last
 * line counting them.
 */
export function textSummary(view: ReportView, options: { paint: Paint; verbose: boolean }): string {
  const { paint, verbose } = options;
  const shown = (finding: Finding) =>
    verbose || finding.status === "fail" || finding.status === "warn";
  const width = Math.max(8, ...view.sections.map((section) => section.name.length + 2));
  const lines = [paint.bold(view.domain)];
  for (const section of view.sections) {
    lines.push(`  ${section.name.padEnd(width)}${gradeText(section, paint)}`);
  }
  for (const section of view.sections) {
    lines.push("", paint.bold(section.name));
    if (section.error) lines.push(`    ${paint.red("ERROR")} ${section.error}`);
    for (const [label, value] of section.facts) lines.push(`  ${paint.dim(`${label}:`)} ${value}`);
    const listed = section.findings
      .filter(shown)
      .sort((a, b) => order[a.status]! - order[b.status]!);
    for (const finding of listed) lines.push(findingLine(finding, paint));
    if (!section.error && listed.length === 0 && section.findings.length > 0) {
      lines.push(`    ${paint.green("no failing or warning check")}`);
    }
  }
  const insights = view.insights.filter(shown).sort((a, b) => order[a.status]! - order[b.status]!);
  if (insights.length > 0) {
    lines.push("", paint.bold("insights"));
    for (const finding of insights) lines.push(findingLine(finding, paint));
  }
  const counts = countByStatus(allFindings(view));
  const errors = view.sections.filter((section) => section.status === "error").length;
  lines.push(
    "",
    [
      paint.red(`${counts.fail} fail`),
      paint.yellow(`${counts.warn} warn`),
      paint.green(`${counts.pass} pass`),
      `${counts.info} info`,
      `${counts.skipped} skipped`,
      ...(errors > 0 ? [paint.red(`${errors} section${errors > 1 ? "s" : ""} not probed`)] : []),
    ].join(", "),
  );
  return `${lines.join("\n")}\n`;
}
