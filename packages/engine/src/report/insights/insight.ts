import type { Finding, FindingSeverity, FindingStatus } from "../../probes/findings.js";

/** The insights every full report carries, in this order, so a client sees what was checked. */
export const insightIds = [
  "report.caa.issuer-not-allowed",
  "report.cert-outlives-domain",
  "report.nameservers.mismatch",
  "report.dnssec.mismatch",
] as const;

export type InsightId = (typeof insightIds)[number];

// Severity follows the outcome: what failed is an error, what warns a warning, the rest info.
const severityOf: Record<FindingStatus, FindingSeverity> = {
  pass: "info",
  info: "info",
  skipped: "info",
  warn: "warning",
  fail: "error",
};

export function insight(
  id: InsightId,
  status: FindingStatus,
  message: string,
  details?: Record<string, unknown>,
): Finding {
  return { id, status, severity: severityOf[status], message, ...(details ? { details } : {}) };
}

/** An insight the report's data cannot decide; `reason` completes "Not checked: ...". */
export function skipped(id: InsightId, reason: string): Finding {
  return insight(id, "skipped", `Not checked: ${reason}.`);
}
