import type { Finding } from "../../../contract/finding.js";
import type { HttpFacts } from "../declaration.js";
import { preloadMaxAge } from "../hsts.js";
import type { ObservatoryRun } from "../observatory/observatory-tests.js";
import { impliedStatus } from "../observatory/outcomes.js";
import { observatorySixMonths } from "../observatory/transport-tests.js";
import { refusedAtStart } from "./transport-findings.js";
import { finding, privateSkip, verdict } from "./verdict.js";

const test = "strict-transport-security";

function unreachable(
  facts: HttpFacts,
  id: "http.hsts.present" | "http.hsts.max-age" | "http.hsts.preload",
) {
  const why = refusedAtStart(facts.https) ? privateSkip : "Skipped: HTTPS does not answer.";
  return finding(id, "skipped", why);
}

/**
 * `http.hsts.present`: the domain's own HTTPS answer (the first, before any redirect) sends a
 * valid policy: a browser keeps the policy of the host that sent it (RFC 6797 section 8.1). The
 * Observatory reads the final answer's; both are in the details.
 */
export function hstsPresent(facts: HttpFacts, run: ObservatoryRun | null): Finding {
  const id = "http.hsts.present";
  if (!facts.https.reachable) return unreachable(facts, id);
  const { hsts } = facts;
  const theirs = run?.outcomes[test];
  const base = { id, run, test } as const;
  if (!hsts) {
    return verdict({
      ...base,
      status: "fail",
      outcome: theirs === "hsts-not-implemented" ? theirs : "hsts-first-answer-not-implemented",
      message: "The HTTPS answer has no Strict-Transport-Security.",
    });
  }
  if (!hsts.valid) {
    return verdict({
      ...base,
      status: "fail",
      outcome: theirs === "hsts-header-invalid" ? theirs : "hsts-first-answer-invalid",
      message: "Strict-Transport-Security is invalid: browsers ignore it.",
      details: { errors: hsts.errors },
    });
  }
  return verdict({
    ...base,
    status: "pass",
    outcome: "hsts-implemented",
    message: "Strict-Transport-Security is sent.",
  });
}

/**
 * `http.hsts.max-age`: at least a year (the preload list's floor and ours); the Observatory
 * asks six months (15552000). Both thresholds are in the details.
 */
export function hstsMaxAge(facts: HttpFacts, run: ObservatoryRun | null): Finding {
  const id = "http.hsts.max-age";
  if (!facts.https.reachable) return unreachable(facts, id);
  const { hsts } = facts;
  if (!hsts) return finding(id, "skipped", "Skipped: no HSTS policy.");
  if (!hsts.valid) return finding(id, "skipped", "Skipped: the HSTS policy is invalid.");
  const maxAge = hsts.maxAge ?? 0;
  const thresholds = { ours: preloadMaxAge, observatory: observatorySixMonths };
  const base = { id, run, test, details: { maxAge, thresholds } } as const;
  if (maxAge < preloadMaxAge) {
    return verdict({
      ...base,
      status: "warn",
      outcome: "hsts-max-age-below-one-year",
      message: `max-age ${maxAge} is below one year (31536000).`,
    });
  }
  const theirs = run?.outcomes[test];
  return verdict({
    ...base,
    status: theirs && impliedStatus(theirs) === "warn" ? "warn" : "pass",
    outcome: "hsts-max-age-at-least-one-year",
    message: `max-age ${maxAge} is at least one year.`,
  });
}

/** `http.hsts.preload`: information on the preload list's rules, and which are unmet. */
export function hstsPreload(facts: HttpFacts): Finding {
  const id = "http.hsts.preload";
  if (!facts.https.reachable) return unreachable(facts, id);
  return facts.preload.ready
    ? finding(id, "pass", "The policy meets the preload list's rules.")
    : finding(id, "info", "Not ready for the preload list.", { unmet: facts.preload.unmet });
}
