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

/** Writes each result as it comes: an audit keeps no report once it is written. */
export interface AuditWriter {
  /** The text before the first result (a header, `[`). */
  start(): string;
  /** One result's text. */
  row(result: AuditResult): string;
  /** What goes between two results (JSON's comma). */
  readonly between: string;
  /** The text after the last result. */
  end(written: number): string;
}

function mark(result: AuditResult, name: string): { status: string; grade: string } {
  const section = result.view?.sections.find((candidate) => candidate.name === name);
  if (!section) return { status: result.error ? "error" : "", grade: "" };
  return {
    status: section.status,
    grade: section.grade ?? (section.score === null ? "" : String(section.score)),
  };
}

export function tally(result: AuditResult): { fail: number; warn: number; failing: string[] } {
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

const csvLine = (cells: readonly (string | number)[]) => `${cells.map(csvCell).join(",")}\n`;

function csv(sections: readonly string[]): AuditWriter {
  return {
    start: () =>
      csvLine([
        "domain",
        ...sections.flatMap((name) => [`${name}_status`, `${name}_grade`]),
        "fail",
        "warn",
        "failing",
        "error",
      ]),
    row(result) {
      const { fail, warn, failing } = tally(result);
      return csvLine([
        result.domain,
        ...sections.flatMap((name) => {
          const { status, grade } = mark(result, name);
          return [status, grade];
        }),
        fail,
        warn,
        failing.join(" "),
        result.error ?? "",
      ]);
    },
    between: "",
    end: () => "",
  };
}

/**
 * Columns as wide as their header, the longest domain of the list, or `error` (the widest
 * status), so each line can be written as soon as its domain is done.
 */
function table(sections: readonly string[], domains: readonly string[]): AuditWriter {
  const header = ["domain", ...sections, "fail", "warn"];
  const widths = header.map((name, column) =>
    column === 0
      ? Math.max(name.length, ...domains.map((domain) => domain.length))
      : Math.max(name.length, "error".length),
  );
  const line = (cells: readonly string[]) =>
    `${cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")
      .trimEnd()}\n`;
  return {
    start: () => line(header),
    row(result) {
      const { fail, warn } = tally(result);
      return line([
        result.domain,
        ...sections.map((name) => {
          const { status, grade } = mark(result, name);
          return status === "ok" ? grade || "ok" : status || "-";
        }),
        String(fail),
        String(warn),
      ]);
    },
    between: "",
    end: () => "",
  };
}

const asJson = (result: AuditResult) =>
  result.report ?? { domain: result.domain, error: result.error };

/** The same text as `JSON.stringify(results, null, 2)`, an element at a time. */
const jsonArray: AuditWriter = {
  start: () => "[",
  row: (result) => `\n  ${JSON.stringify(asJson(result), null, 2).replaceAll("\n", "\n  ")}`,
  between: ",",
  end: (written) => (written === 0 ? "]\n" : "\n]\n"),
};

const ndjson: AuditWriter = {
  start: () => "",
  row: (result) => `${JSON.stringify(asJson(result))}\n`,
  between: "",
  end: () => "",
};

/** `sections`: the columns, in order; `domains`: the list, for the table's first column. */
export function auditWriter(
  format: AuditFormat,
  sections: readonly string[],
  domains: readonly string[],
): AuditWriter {
  if (format === "csv") return csv(sections);
  if (format === "table") return table(sections, domains);
  if (format === "json") return jsonArray;
  return ndjson;
}
