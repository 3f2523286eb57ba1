import { type Finding, type FindingStatus, makeFinding } from "../../contract/finding.js";

/** The insights every full report carries, in this order, so a client sees what was checked. */
export const insightIds = [
  "report.caa.issuer-not-allowed",
  "report.cert-outlives-domain",
  "report.nameservers.mismatch",
  "report.dnssec.mismatch",
  "report.hsts.certificate-expiring",
  "report.mail.mta-sts-unmet",
  "report.mail.dane-dnssec-broken",
] as const;

export type InsightId = (typeof insightIds)[number];

export function insight(
  id: InsightId,
  status: FindingStatus,
  message: string,
  details?: Record<string, unknown>,
): Finding {
  return makeFinding(id, status, message, details);
}

/** An insight the report's data cannot decide; `reason` completes "Not checked: ...". */
export function skipped(id: InsightId, reason: string): Finding {
  return insight(id, "skipped", `Not checked: ${reason}.`);
}
