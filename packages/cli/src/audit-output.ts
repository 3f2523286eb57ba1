import type { Report } from "@domain-intel/engine";
import { allFindings, type ReportView } from "./report-view.js";

/** One audited domain: its report (with only the asked sections), or why it has none. */
export interface AuditResult {
  domain: string;
  report?: Report;
  view?: ReportView;
  error?: string;
}

export type AuditFormat = "table" | "csv" | "ndjson" | "json";

/** Section names in the order they first appear: the columns, whatever sections exist. */
function sectionNames(results: readonly AuditResult[]): string[] {
  const names = new Set<string>();
  for (const result of results)
    for (const section of result.view?.sections ?? []) names.add(section.name);
  return [...names];
}

function mark(result: AuditResult, name: string): { status: string; grade: string } {
  const section = result.view?.sections.find((candidate) => candidate.name === name);
  if (!section) return { status: result.error ? "error" : "", grade: "" };
  return {
    status: section.status,
    grade: section.grade ?? (section.score === null ? "" : String(section.score)),
  };
}

function tally(result: AuditResult): { fail: number; warn: number; failing: string[] } {
  const findings = result.view ? allFindings(result.view) : [];
  const failing = findings
    .filter((finding) => finding.status === "fail")
    .map((finding) => finding.id);
  return {
    fail: failing.length,
    warn: findings.filter((finding) => finding.status === "warn").length,
    failing,
  };
}

const csvCell = (value: string | number): string => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

function csv(results: readonly AuditResult[]): string {
  const names = sectionNames(results);
  const header = [
    "domain",
    ...names.flatMap((name) => [`${name}_status`, `${name}_grade`]),
    "fail",
    "warn",
    "failing",
    "error",
  ];
  const rows = results.map((result) => {
    const { fail, warn, failing } = tally(result);
    return [
      result.domain,
      ...names.flatMap((name) => {
        const { status, grade } = mark(result, name);
        return [status, grade];
      }),
      fail,
      warn,
      failing.join(" "),
      result.error ?? "",
    ];
  });
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\n")}\n`;
}

function table(results: readonly AuditResult[]): string {
  const names = sectionNames(results);
  const header = ["domain", ...names, "fail", "warn"];
  const rows = results.map((result) => {
    const { fail, warn } = tally(result);
    return [
      result.domain,
      ...names.map((name) => {
        const { status, grade } = mark(result, name);
        return status === "ok" ? grade || "ok" : status || "-";
      }),
      String(fail),
      String(warn),
    ];
  });
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]!.length)),
  );
  return `${[header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n")}\n`;
}

const asJson = (result: AuditResult) =>
  result.report ?? { domain: result.domain, error: result.error };

export function formatAudit(results: readonly AuditResult[], format: AuditFormat): string {
  if (format === "csv") return csv(results);
  if (format === "ndjson")
    return results.map((result) => `${JSON.stringify(asJson(result))}\n`).join("");
  if (format === "json") return `${JSON.stringify(results.map(asJson), null, 2)}\n`;
  return table(results);
}
