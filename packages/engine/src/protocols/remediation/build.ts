import type {
  Remediation,
  RemediationChange,
  RemediationParameter,
} from "../../contract/remediation.js";
import type { Fix } from "../../contract/with-remediations.js";

/** A remediation, with the optional parts left out when empty. */
export function remediation(options: {
  summary: string;
  changes?: RemediationChange[];
  steps?: string[];
  references: string[];
  parameters?: RemediationParameter[];
}): Remediation {
  const { summary, changes = [], steps = [], references, parameters = [] } = options;
  return {
    summary,
    changes,
    ...(steps.length > 0 ? { steps } : {}),
    references,
    ...(parameters.length > 0 ? { parameters } : {}),
  };
}

/** Strings of a finding's loosely typed details. */
export const stringsAt = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** A policy id from the time (RFC 8461 3.1: 1 to 32 letters and digits). */
export const timestampId = (at = new Date()): string =>
  at
    .toISOString()
    .replace(/[^0-9]/g, "")
    .slice(0, 14);

/** A fix that is steps in words only: nothing a machine can apply. */
export const stepsOnly =
  <TData>(summary: string, steps: string[], references: string[]): Fix<TData> =>
  () =>
    remediation({ summary, steps, references });
