import type { HttpFacts, HttpObservatory } from "../declaration.js";
import { cookiesOutcome } from "./cookie-test.js";
import { type CspTestResult, cspTest } from "./csp-test.js";
import { gradeOutcomes } from "./grade.js";
import {
  coepOutcome,
  coopOutcome,
  corpOutcome,
  corsOutcome,
  referrerPolicyOutcome,
  xContentTypeOptionsOutcome,
  xFrameOptionsOutcome,
} from "./header-tests.js";
import { type ObservatoryOutcome, type ObservatoryTest, observatoryOutcomes } from "./outcomes.js";
import { sriOutcome } from "./sri-test.js";
import { hstsOutcome, redirectionOutcome } from "./transport-tests.js";

export interface ObservatoryRun {
  outcomes: Record<ObservatoryTest, ObservatoryOutcome>;
  /** The CSP test's notes on the policy, for the CSP finding's details. */
  csp: CspTestResult;
}

/** The site's host name, as the Observatory compares script origins with it. */
export const siteHost = (facts: HttpFacts): string => new URL(facts.https.requestedUrl).hostname;

/**
 * The Observatory's twelve tests on the facts; null without a final HTTPS answer to judge,
 * since its tests read that answer's headers and page.
 */
export function runObservatoryTests(facts: HttpFacts): ObservatoryRun | null {
  const { headers, page } = facts;
  if (headers === null) return null;
  const csp = cspTest(headers, page);
  const hsts = hstsOutcome(facts.https, headers);
  return {
    csp,
    outcomes: {
      "content-security-policy": csp.outcome,
      cookies: cookiesOutcome(facts.cookies, observatoryOutcomes[hsts].pass),
      "cross-origin-embedder-policy": coepOutcome(headers),
      "cross-origin-opener-policy": coopOutcome(headers),
      "cross-origin-resource-sharing": corsOutcome(facts.cors),
      redirection: redirectionOutcome(facts.http),
      "referrer-policy": referrerPolicyOutcome(headers, page),
      "strict-transport-security": hsts,
      "subresource-integrity": sriOutcome(page, siteHost(facts)),
      "x-content-type-options": xContentTypeOptionsOutcome(headers),
      "x-frame-options": xFrameOptionsOutcome(headers, csp.frameAncestors),
      "cross-origin-resource-policy": corpOutcome(headers),
    },
  };
}

/**
 * `data.observatory`: the grade the Observatory would give. It grades no page that answered
 * an error other than 401 or 403 ("the site did respond with an unexpected status").
 */
export function observatoryGrade(
  facts: HttpFacts,
  run: ObservatoryRun | null,
): HttpObservatory | null {
  const status = facts.https.finalStatus;
  if (run === null || status === null) return null;
  if (status < 200 || (status >= 400 && status !== 401 && status !== 403)) return null;
  return gradeOutcomes(run.outcomes);
}
