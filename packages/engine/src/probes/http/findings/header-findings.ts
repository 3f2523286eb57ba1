import type { Finding, FindingStatus } from "../../../contract/finding.js";
import type { HttpFacts } from "../declaration.js";
import { disclosesVersion } from "../disclosure/disclosing-headers.js";
import type { ObservatoryRun } from "../observatory/observatory-tests.js";
import {
  impliedStatus,
  type ObservatoryOutcome,
  type ObservatoryTest,
} from "../observatory/outcomes.js";
import type { OwnOutcome } from "../own-outcomes.js";
import type { HttpFindingId } from "./finding-ids.js";
import { finding, noHttpsAnswer, verdict, worse } from "./verdict.js";

type HeaderCheck = (facts: HttpFacts, run: ObservatoryRun) => Finding;

/** Header checks need the final HTTPS answer (and so the Observatory's run); else skipped. */
const onAnswer =
  (id: HttpFindingId, check: HeaderCheck) =>
  (facts: HttpFacts, run: ObservatoryRun | null): Finding =>
    run === null ? finding(id, "skipped", noHttpsAnswer) : check(facts, run);

/**
 * A finding that is exactly the Observatory's test: its outcome, the status its score change
 * implies (or `raise`d where we judge more strictly), and a message per outcome.
 */
function observed(
  id: HttpFindingId,
  test: ObservatoryTest,
  messages: Partial<Record<ObservatoryOutcome, string>>,
  raise: Partial<Record<ObservatoryOutcome, { status: FindingStatus; outcome?: OwnOutcome }>> = {},
) {
  return onAnswer(id, (_facts, run) => {
    const theirs = run.outcomes[test];
    const stricter = raise[theirs];
    return verdict({
      id,
      run,
      test,
      outcome: stricter?.outcome ?? theirs,
      status: stricter ? worse(stricter.status, impliedStatus(theirs)) : impliedStatus(theirs),
      message: messages[theirs] ?? theirs,
    });
  });
}

export const nosniff = observed("http.headers.nosniff", "x-content-type-options", {
  "x-content-type-options-nosniff": "X-Content-Type-Options: nosniff is sent.",
  "x-content-type-options-not-implemented": "No X-Content-Type-Options: nosniff.",
  "x-content-type-options-header-invalid":
    "X-Content-Type-Options is sent with a value other than nosniff.",
});

export const framing = observed(
  "http.headers.framing",
  "x-frame-options",
  {
    "x-frame-options-implemented-via-csp": "CSP frame-ancestors restricts framing.",
    "x-frame-options-sameorigin-or-deny": "X-Frame-Options restricts framing.",
    "x-frame-options-allow-from-origin":
      "X-Frame-Options ALLOW-FROM is ignored by browsers: framing is not restricted.",
    "x-frame-options-not-implemented":
      "Neither X-Frame-Options nor CSP frame-ancestors restricts framing.",
    "x-frame-options-header-invalid":
      "X-Frame-Options has a value browsers do not know: framing is not restricted.",
  },
  // Browsers dropped ALLOW-FROM: the page can be framed by anyone, as with no header.
  {
    "x-frame-options-allow-from-origin": {
      status: "warn",
      outcome: "x-frame-options-allow-from-ignored",
    },
  },
);

export const referrerPolicy = observed(
  "http.headers.referrer-policy",
  "referrer-policy",
  {
    "referrer-policy-private": "Referrer-Policy keeps full URLs on the site.",
    "referrer-policy-not-implemented": "No Referrer-Policy.",
    "referrer-policy-unsafe": "Referrer-Policy sends full URLs or origins to other sites.",
    "referrer-policy-header-invalid": "Referrer-Policy has no value browsers know.",
  },
  // Browsers' defaults differ and change: we ask for the header (DESIGN: warn when missing).
  { "referrer-policy-not-implemented": { status: "warn" } },
);

export const corp = observed("http.headers.corp", "cross-origin-resource-policy", {
  "corp-implemented-with-same-origin": "Cross-Origin-Resource-Policy: same-origin.",
  "corp-implemented-with-same-site": "Cross-Origin-Resource-Policy: same-site.",
  "corp-implemented-with-cross-origin":
    "Cross-Origin-Resource-Policy: cross-origin (any site may embed the page's resources).",
  "corp-not-implemented": "No Cross-Origin-Resource-Policy (any site may embed the resources).",
  "corp-header-invalid": "Cross-Origin-Resource-Policy has a value browsers do not know.",
});

export const coop = observed(
  "http.headers.coop",
  "cross-origin-opener-policy",
  {
    "coop-implemented-with-same-origin": "Cross-Origin-Opener-Policy: same-origin.",
    "coop-implemented-with-same-origin-allow-popups":
      "Cross-Origin-Opener-Policy: same-origin-allow-popups.",
    "coop-implemented-with-noopener-allow-popups":
      "Cross-Origin-Opener-Policy: noopener-allow-popups.",
    "coop-implemented-with-unsafe-none":
      "Cross-Origin-Opener-Policy: unsafe-none (no isolation from openers).",
    "coop-not-implemented": "No Cross-Origin-Opener-Policy: the page is not isolated from openers.",
    "coop-header-invalid": "Cross-Origin-Opener-Policy has a value browsers ignore.",
  },
  // No points lost, but not isolated either: information, with the recommendation.
  {
    "coop-not-implemented": { status: "info" },
    "coop-implemented-with-unsafe-none": { status: "info" },
  },
);

export const coep = observed(
  "http.headers.coep",
  "cross-origin-embedder-policy",
  {
    "coep-implemented-with-require-corp": "Cross-Origin-Embedder-Policy: require-corp.",
    "coep-implemented-with-credentialless": "Cross-Origin-Embedder-Policy: credentialless.",
    "coep-implemented-with-unsafe-none": "Cross-Origin-Embedder-Policy: unsafe-none.",
    "coep-not-implemented": "No Cross-Origin-Embedder-Policy.",
    "coep-header-invalid": "Cross-Origin-Embedder-Policy has a value browsers ignore.",
  },
  {
    "coep-not-implemented": { status: "info" },
    "coep-implemented-with-unsafe-none": { status: "info" },
  },
);

/**
 * `http.headers.disclosure` (not an Observatory test): the headers OWASP's Secure Headers
 * Project says to remove; a warning when one gives a version, information when they only name
 * the software.
 */
export function disclosure(facts: HttpFacts): Finding {
  const id = "http.headers.disclosure";
  if (facts.headers === null) return finding(id, "skipped", noHttpsAnswer);
  const headers = facts.disclosure;
  const versioned = headers.filter((header) => disclosesVersion(header.value));
  const details = { headers, source: "OWASP Secure Headers Project, headers_remove.json" };
  const names = (list: typeof headers) =>
    list.map((header) => `${header.name}: ${header.value}`).join("; ");
  if (versioned.length > 0) {
    return verdict({
      id,
      status: "warn",
      outcome: "disclosure-version",
      message: `Software versions are disclosed: ${names(versioned)}.`,
      details,
    });
  }
  if (headers.length > 0) {
    return verdict({
      id,
      status: "info",
      outcome: "disclosure-product",
      message: `Headers name the software: ${names(headers)}.`,
      details,
    });
  }
  return verdict({
    id,
    status: "pass",
    outcome: "disclosure-none",
    message: "No header names the software or its version.",
    details,
  });
}
