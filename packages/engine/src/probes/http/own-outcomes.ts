import { type ObservatoryOutcome, observatoryOutcomes } from "./observatory/outcomes.js";

/**
 * Verdicts of ours where the section judges more, or more strictly, than the MDN HTTP
 * Observatory (the engine README says why for each), with what to do in plain words. A
 * finding's `details.outcome` is one of these or an Observatory outcome; its
 * `details.observatory` holds the Observatory's own for the same test.
 */
export const ownOutcomes = {
  "hsts-implemented": "",
  "hsts-max-age-at-least-one-year": "",
  "hsts-max-age-below-one-year":
    "Raise max-age to at least 31536000 (a year): browsers forget a shorter policy between visits, and the preload list requires a year.",
  "hsts-first-answer-not-implemented":
    "Send Strict-Transport-Security on the domain's own HTTPS answer too, the redirect included: a browser keeps the policy of the host that sent it (RFC 6797 section 8.1).",
  "hsts-first-answer-invalid":
    "Send one Strict-Transport-Security header with one max-age, e.g. max-age=31536000; includeSubDomains (RFC 6797 section 6.1): browsers ignore an invalid one.",
  "referrer-policy-not-implemented":
    "Send Referrer-Policy: strict-origin-when-cross-origin, so that full URLs (paths, tokens in query strings) never leave the site whatever a browser's default is.",
  "x-frame-options-allow-from-ignored":
    "Use the CSP directive frame-ancestors (e.g. frame-ancestors 'self' https://partner.example): browsers ignore X-Frame-Options ALLOW-FROM, so framing is not restricted.",
  "csp-evaluator-weakness":
    "Fix what Google's CSP Evaluator reports: prefer nonces or hashes with 'strict-dynamic' to allow-lists of hosts, which are often bypassable.",
  "cookies-without-httponly-flag":
    "Set HttpOnly on every cookie scripts do not need to read, not only on session cookies: any cookie may carry something worth stealing.",
  "cookies-prefix-invalid":
    "Follow the prefix rules or rename the cookie: __Secure- needs Secure; __Host- needs Secure, Path=/ and no Domain. Browsers refuse the cookie otherwise.",
  "cors-reflects-origin":
    "Do not copy the request's Origin into Access-Control-Allow-Origin: list the origins allowed, or send * for public content.",
  "cors-wildcard-with-credentials":
    "Drop Access-Control-Allow-Credentials beside Access-Control-Allow-Origin: * (browsers refuse the pair), or list the origins allowed credentials.",
  "sri-stylesheets-without-integrity":
    'Add integrity="sha384-..." and crossorigin="anonymous" to every stylesheet from another site.',
  "sri-unsupported-hash":
    "Use sha256, sha384 or sha512 in integrity attributes: browsers ignore other algorithms, so the resource goes unchecked.",
  "sri-integrity-without-crossorigin":
    'Add crossorigin="anonymous" to resources from another site that carry integrity: without it the browser cannot check them and refuses to load them.',
  "disclosure-none": "",
  "disclosure-product":
    "Remove or blank the headers that name the software (Server, X-Powered-By...): they help an attacker pick an exploit.",
  "disclosure-version":
    "Remove the headers that give software versions (Server, X-Powered-By, X-AspNet-Version...), or at least their version numbers: they tell an attacker which known flaws to try.",
} as const;

export type OwnOutcome = keyof typeof ownOutcomes;
export type Outcome = OwnOutcome | ObservatoryOutcome;

/** What to do about an outcome, in plain words; empty when there is nothing to do. */
export function recommendationFor(outcome: Outcome): string {
  if (outcome in ownOutcomes) return ownOutcomes[outcome as OwnOutcome];
  return observatoryOutcomes[outcome as ObservatoryOutcome].recommendation;
}
