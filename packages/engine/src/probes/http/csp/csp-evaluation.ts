import { CspEvaluator } from "csp_evaluator/dist/evaluator.js";
import { Severity, Type } from "csp_evaluator/dist/finding.js";
import { CspParser } from "csp_evaluator/dist/parser.js";

/** One weakness Google's CSP Evaluator finds in a policy. */
export interface CspWeakness {
  /** The evaluator's finding type, e.g. `SCRIPT_UNSAFE_INLINE`, `SCRIPT_ALLOWLIST_BYPASS`. */
  type: string;
  /** `HIGH`, `SYNTAX`, `MEDIUM`, `HIGH_MAYBE`, `MEDIUM_MAYBE`, `INFO`... */
  severity: string;
  directive: string;
  value: string | null;
  description: string;
}

/** Severities that make a policy worth a warning on their own: a real hole, or a typo browsers ignore. */
export const seriousSeverities: ReadonlySet<string> = new Set(["HIGH", "SYNTAX"]);

/**
 * Google's CSP Evaluator (npm `csp_evaluator`, Apache-2.0) on one policy, CSP Level 3: script
 * `'unsafe-inline'`/`'unsafe-eval'` without nonces or `'strict-dynamic'`, plain `http:`/`https:`
 * schemes and wildcards, missing `object-src`/`base-uri`, allow-listed hosts known to serve
 * JSONP or AngularJS (bypasses), IP sources, short nonces, deprecated and unknown directives.
 */
export function evaluateCsp(policy: string): CspWeakness[] {
  const parsed = new CspParser(policy).csp;
  return new CspEvaluator(parsed).evaluate().map((finding) => ({
    type: Type[finding.type] ?? String(finding.type),
    severity: Severity[finding.severity] ?? String(finding.severity),
    directive: finding.directive,
    value: finding.value ?? null,
    description: finding.description,
  }));
}
