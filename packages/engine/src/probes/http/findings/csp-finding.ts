import type { Finding } from "../../../contract/finding.js";
import { type CspWeakness, evaluateCsp, seriousSeverities } from "../csp/csp-evaluation.js";
import type { HttpFacts } from "../declaration.js";
import type { ObservatoryRun } from "../observatory/observatory-tests.js";
import { impliedStatus, type ObservatoryOutcome } from "../observatory/outcomes.js";
import { finding, noHttpsAnswer, verdict, worse } from "./verdict.js";

interface EvaluatedPolicy {
  /** Where the policy came from; report-only policies are reported, never enforced. */
  source: "header" | "meta" | "report-only";
  policy: string;
  weaknesses: CspWeakness[];
}

const messages: Record<Extract<ObservatoryOutcome, `csp-${string}`>, string> = {
  "csp-implemented-with-no-unsafe-default-src-none":
    "Content-Security-Policy starts from default-src 'none' and allows nothing unsafe.",
  "csp-implemented-with-no-unsafe": "Content-Security-Policy allows nothing unsafe.",
  "csp-implemented-with-unsafe-inline-in-style-src-only":
    "Content-Security-Policy is safe for scripts but lets styles in loosely (style-src).",
  "csp-implemented-with-insecure-scheme-in-passive-content-only":
    "Content-Security-Policy lets images or media load over http.",
  "csp-implemented-with-unsafe-eval": "Content-Security-Policy allows 'unsafe-eval'.",
  "csp-implemented-with-unsafe-inline":
    "Content-Security-Policy does not stop injected scripts ('unsafe-inline', data:, broad sources, or no script-src/object-src).",
  "csp-implemented-with-insecure-scheme": "Content-Security-Policy lets resources load over http.",
  "csp-header-invalid":
    "Content-Security-Policy cannot be read (a directive twice, or an empty policy).",
  "csp-not-implemented": "No Content-Security-Policy.",
  "csp-not-implemented-but-reporting-enabled":
    "Content-Security-Policy is only reported (Content-Security-Policy-Report-Only), not enforced.",
  "csp-implemented-but-duplicate-directives":
    "Content-Security-Policy repeats report-uri or report-to.",
};

function policiesOf(facts: HttpFacts): Omit<EvaluatedPolicy, "weaknesses">[] {
  const split = (value: string) =>
    value
      .split(",")
      .map((policy) => policy.trim())
      .filter((policy) => policy !== "");
  const headers = facts.headers;
  return [
    ...split(headers?.contentSecurityPolicy?.header ?? "").map((policy) => ({
      source: "header" as const,
      policy,
    })),
    ...(facts.page?.contentSecurityPolicy ?? [])
      .flatMap(split)
      .map((policy) => ({ source: "meta" as const, policy })),
    ...split(headers?.contentSecurityPolicyReportOnly?.header ?? "").map((policy) => ({
      source: "report-only" as const,
      policy,
    })),
  ];
}

/**
 * `http.headers.csp`: the Observatory's CSP test, plus Google's CSP Evaluator on every policy
 * (header, `<meta>`, report-only). A serious weakness the evaluator finds in an enforced policy
 * (HIGH: e.g. an allow-listed host serving JSONP; SYNTAX: a directive browsers ignore) makes a
 * passing policy a warning.
 */
export function contentSecurityPolicy(facts: HttpFacts, run: ObservatoryRun | null): Finding {
  const id = "http.headers.csp";
  if (run === null) return finding(id, "skipped", noHttpsAnswer);
  const theirs = run.outcomes["content-security-policy"];
  const evaluated: EvaluatedPolicy[] = policiesOf(facts).map((entry) => ({
    ...entry,
    weaknesses: evaluateCsp(entry.policy),
  }));
  const serious = evaluated
    .filter((entry) => entry.source !== "report-only")
    .flatMap((entry) => entry.weaknesses)
    .filter((weakness) => seriousSeverities.has(weakness.severity));
  const implied = impliedStatus(theirs);
  const status = serious.length > 0 ? worse("warn", implied) : implied;
  const raised = status !== implied;
  const message = raised
    ? `By the Observatory's rules: ${messages[theirs as keyof typeof messages]} But Google's CSP Evaluator finds: ${serious
        .map((weakness) => weakness.description)
        .join(" ")}`
    : messages[theirs as keyof typeof messages];
  return verdict({
    id,
    run,
    test: "content-security-policy",
    status,
    outcome: raised ? "csp-evaluator-weakness" : theirs,
    message,
    details: { policy: run.csp.traits, evaluator: evaluated },
  });
}
