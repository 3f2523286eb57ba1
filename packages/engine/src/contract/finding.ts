import { Type } from "./schema.js";

/** The shared shape of checks and findings in every section. */
export type FindingStatus = "pass" | "info" | "warn" | "fail" | "skipped";
export type FindingSeverity = "info" | "warning" | "error";

export interface Finding {
  /** Stable dotted id: `<section>.<area>.<name>`. */
  id: string;
  status: FindingStatus;
  severity: FindingSeverity;
  message: string;
  details?: Record<string, unknown>;
}

// Severity follows the outcome in every section: a failure is an error, a warning a warning,
// the rest information.
const severityOf: Record<FindingStatus, FindingSeverity> = {
  pass: "info",
  info: "info",
  skipped: "info",
  warn: "warning",
  fail: "error",
};

/** A finding in the shared shape; each section narrows `Id` to its own closed set. */
export function makeFinding<Id extends string>(
  id: Id,
  status: FindingStatus,
  message: string,
  details?: Record<string, unknown>,
): Finding {
  return { id, status, severity: severityOf[status], message, ...(details ? { details } : {}) };
}

export const findingSchema = {
  type: "object",
  required: ["id", "status", "severity", "message"],
  properties: {
    id: { type: "string", pattern: "^[a-z0-9-]+(\\.[a-z0-9-]+)+$" },
    status: { enum: ["pass", "info", "warn", "fail", "skipped"] },
    severity: { enum: ["info", "warning", "error"] },
    message: { type: "string" },
    details: { type: "object" },
  },
} as const;

/** `findingSchema` for the TypeBox declarations of the sections' data. */
export const FindingSchema = Type.Unsafe<Finding>(findingSchema);
