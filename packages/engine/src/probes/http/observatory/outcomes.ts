/**
 * The MDN HTTP Observatory's tests and outcomes (mdn/mdn-http-observatory, algorithm version 6:
 * `src/types.js`, `src/grader/charts.js`), as data: each outcome's test, its score change, whether
 * the Observatory counts it a pass, and what to do about it in plain words (empty when there is
 * nothing to do). The remediation work turns the recommendations into exact header lines.
 */

/** The Observatory's twelve tests, in its order. */
export const observatoryTests = [
  "content-security-policy",
  "cookies",
  "cross-origin-embedder-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-sharing",
  "redirection",
  "referrer-policy",
  "strict-transport-security",
  "subresource-integrity",
  "x-content-type-options",
  "x-frame-options",
  "cross-origin-resource-policy",
] as const;
export type ObservatoryTest = (typeof observatoryTests)[number];

interface OutcomeRule {
  test: ObservatoryTest;
  modifier: number;
  pass: boolean;
  recommendation: string;
}

const rule = (test: ObservatoryTest, modifier: number, pass: boolean, recommendation = "") =>
  ({ test, modifier, pass, recommendation }) satisfies OutcomeRule;

const csp = "content-security-policy";
const cookies = "cookies";
const coep = "cross-origin-embedder-policy";
const coop = "cross-origin-opener-policy";
const cors = "cross-origin-resource-sharing";
const redirection = "redirection";
const referrer = "referrer-policy";
const hsts = "strict-transport-security";
const sri = "subresource-integrity";
const xcto = "x-content-type-options";
const xfo = "x-frame-options";
const corp = "cross-origin-resource-policy";

const useStrictReferrer =
  "Send Referrer-Policy: strict-origin-when-cross-origin (or stricter: no-referrer, same-origin, strict-origin).";
const redirectSameHostFirst =
  "Redirect http:// to https:// on the same host first, then to any other host over https.";
const isolateOpener =
  "Send Cross-Origin-Opener-Policy: same-origin (or same-origin-allow-popups, noopener-allow-popups).";
const isolateEmbedder = "Send Cross-Origin-Embedder-Policy: require-corp (or credentialless).";
const secureCookies =
  "Set every cookie with Secure, and send Strict-Transport-Security so the site is never read over http.";

export const observatoryOutcomes = {
  // Content Security Policy
  "csp-implemented-with-no-unsafe-default-src-none": rule(csp, 10, true),
  "csp-implemented-with-no-unsafe": rule(
    csp,
    5,
    true,
    "Set default-src 'none' and allow each kind of resource where it is needed.",
  ),
  "csp-implemented-with-unsafe-inline-in-style-src-only": rule(
    csp,
    0,
    true,
    "Remove 'unsafe-inline', data: and broad sources (https:, *) from style-src.",
  ),
  "csp-implemented-with-insecure-scheme-in-passive-content-only": rule(
    csp,
    -10,
    true,
    "Load images and media over https and remove http: sources from img-src, media-src and default-src.",
  ),
  "csp-implemented-with-unsafe-eval": rule(
    csp,
    -10,
    false,
    "Stop using eval() and similar, then remove 'unsafe-eval' from the policy.",
  ),
  "csp-implemented-with-unsafe-inline": rule(
    csp,
    -20,
    false,
    "Remove 'unsafe-inline' and data: from script-src (use nonces or hashes), remove broad sources (https:, *) from script-src and object-src, and set both (object-src 'none').",
  ),
  "csp-implemented-with-insecure-scheme": rule(
    csp,
    -20,
    false,
    "Load every resource over https and remove http: sources from the policy.",
  ),
  "csp-header-invalid": rule(
    csp,
    -25,
    false,
    "Fix the policy's syntax: no directive twice, no empty policy (check it with Google's CSP Evaluator).",
  ),
  "csp-not-implemented": rule(
    csp,
    -25,
    false,
    "Send a Content-Security-Policy header, starting from default-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'.",
  ),
  "csp-not-implemented-but-reporting-enabled": rule(
    csp,
    -25,
    false,
    "Enforce the policy: once its reports are clean, send it as Content-Security-Policy, not only -Report-Only.",
  ),
  "csp-implemented-but-duplicate-directives": rule(
    csp,
    0,
    true,
    "Remove the repeated report-uri or report-to directives.",
  ),

  // Cookies
  "cookies-secure-with-httponly-sessions-and-samesite": rule(cookies, 5, true),
  "cookies-secure-with-httponly-sessions": rule(
    cookies,
    0,
    true,
    "Set SameSite=Strict or SameSite=Lax on every cookie.",
  ),
  "cookies-not-found": rule(cookies, 0, true),
  "cookies-without-secure-flag-but-protected-by-hsts": rule(
    cookies,
    -5,
    false,
    "Set Secure on every cookie.",
  ),
  "cookies-session-without-secure-flag-but-protected-by-hsts": rule(
    cookies,
    -10,
    false,
    "Set Secure on the session cookies.",
  ),
  "cookies-without-secure-flag": rule(cookies, -20, false, secureCookies),
  "cookies-samesite-flag-invalid": rule(
    cookies,
    -20,
    false,
    "Give SameSite the value Strict or Lax (None only together with Secure).",
  ),
  "cookies-anticsrf-without-samesite-flag": rule(
    cookies,
    -20,
    false,
    "Set SameSite=Strict or SameSite=Lax on the anti-CSRF cookies.",
  ),
  "cookies-session-without-httponly-flag": rule(
    cookies,
    -30,
    false,
    "Set HttpOnly on the session cookies, so scripts cannot read them.",
  ),
  "cookies-session-without-secure-flag": rule(cookies, -40, false, secureCookies),

  // Cross-Origin Resource Sharing
  "cross-origin-resource-sharing-not-implemented": rule(cors, 0, true),
  "cross-origin-resource-sharing-implemented-with-public-access": rule(cors, 0, true),
  "cross-origin-resource-sharing-implemented-with-restricted-access": rule(cors, 0, true),
  "cross-origin-resource-sharing-implemented-with-universal-access": rule(
    cors,
    -50,
    false,
    "Never copy the request's Origin into Access-Control-Allow-Origin together with Access-Control-Allow-Credentials: true: list the origins allowed credentials, or send * without credentials for public content, or neither.",
  ),

  // Redirection
  "redirection-all-redirects-preloaded": rule(redirection, 0, true),
  "redirection-to-https": rule(redirection, 0, true),
  "redirection-not-needed-no-http": rule(redirection, 0, true),
  "redirection-off-host-from-http": rule(redirection, -5, false, redirectSameHostFirst),
  "redirection-not-to-https-on-initial-redirection": rule(
    redirection,
    -10,
    false,
    redirectSameHostFirst,
  ),
  "redirection-not-to-https": rule(redirection, -20, false, redirectSameHostFirst),
  "redirection-missing": rule(redirection, -20, false, redirectSameHostFirst),
  "redirection-invalid-cert": rule(
    redirection,
    -20,
    false,
    "Install a certificate that browsers trust for every host of the redirects.",
  ),

  // Referrer-Policy
  "referrer-policy-private": rule(referrer, 5, true),
  "referrer-policy-not-implemented": rule(referrer, 0, true, useStrictReferrer),
  "referrer-policy-unsafe": rule(referrer, -5, false, useStrictReferrer),
  "referrer-policy-header-invalid": rule(referrer, -5, false, useStrictReferrer),

  // Strict-Transport-Security
  "hsts-preloaded": rule(hsts, 5, true),
  "hsts-implemented-max-age-at-least-six-months": rule(
    hsts,
    0,
    true,
    "Consider preloading: max-age of at least 31536000 (a year), includeSubDomains and preload, then submit the domain at hstspreload.org.",
  ),
  "hsts-implemented-max-age-less-than-six-months": rule(
    hsts,
    -10,
    false,
    "Raise max-age to at least 15552000 (six months); 31536000 (a year) is what the preload list wants.",
  ),
  "hsts-not-implemented": rule(
    hsts,
    -20,
    false,
    "Send Strict-Transport-Security: max-age=31536000 on the HTTPS answers (start with a short max-age and raise it).",
  ),
  "hsts-header-invalid": rule(
    hsts,
    -20,
    false,
    "Send one Strict-Transport-Security header with one max-age, e.g. max-age=31536000; includeSubDomains.",
  ),
  "hsts-not-implemented-no-https": rule(
    hsts,
    -20,
    false,
    "Serve the site over HTTPS (Let's Encrypt issues certificates for free), then send Strict-Transport-Security.",
  ),
  "hsts-invalid-cert": rule(
    hsts,
    -20,
    false,
    "Install a certificate that browsers trust for the name: HSTS works only over a valid one.",
  ),

  // Subresource Integrity
  "sri-implemented-and-all-scripts-loaded-securely": rule(sri, 5, true),
  "sri-implemented-and-external-scripts-loaded-securely": rule(sri, 5, true),
  "sri-not-implemented-response-not-html": rule(sri, 0, true),
  "sri-not-implemented-but-no-scripts-loaded": rule(sri, 0, true),
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin": rule(
    sri,
    0,
    true,
    "Add integrity attributes to the scripts as well, for the bonus.",
  ),
  "sri-not-implemented-but-external-scripts-loaded-securely": rule(
    sri,
    -5,
    false,
    'Add integrity="sha384-..." and crossorigin="anonymous" to every script from another site.',
  ),
  "sri-implemented-but-external-scripts-not-loaded-securely": rule(
    sri,
    -20,
    false,
    "Load external scripts over https (not http: or //host/...).",
  ),
  "sri-not-implemented-and-external-scripts-not-loaded-securely": rule(
    sri,
    -50,
    false,
    "Load external scripts over https and add integrity and crossorigin attributes to them.",
  ),
  "html-not-parseable": rule(
    sri,
    -20,
    false,
    "Serve well-formed HTML, or the right Content-Type for what is not HTML.",
  ),

  // X-Content-Type-Options
  "x-content-type-options-nosniff": rule(xcto, 0, true),
  "x-content-type-options-not-implemented": rule(
    xcto,
    -5,
    false,
    "Send X-Content-Type-Options: nosniff.",
  ),
  "x-content-type-options-header-invalid": rule(
    xcto,
    -5,
    false,
    "Send X-Content-Type-Options: nosniff, once, with no other value.",
  ),

  // X-Frame-Options
  "x-frame-options-implemented-via-csp": rule(xfo, 5, true),
  "x-frame-options-sameorigin-or-deny": rule(xfo, 5, true),
  "x-frame-options-allow-from-origin": rule(
    xfo,
    0,
    true,
    "Use the CSP directive frame-ancestors instead: browsers ignore ALLOW-FROM.",
  ),
  "x-frame-options-not-implemented": rule(
    xfo,
    -20,
    false,
    "Send Content-Security-Policy: frame-ancestors 'none' (or 'self'), or X-Frame-Options: DENY.",
  ),
  "x-frame-options-header-invalid": rule(
    xfo,
    -20,
    false,
    "Send X-Frame-Options: DENY or SAMEORIGIN once, or use the CSP directive frame-ancestors.",
  ),

  // Cross-Origin-Resource-Policy
  "corp-header-invalid": rule(
    corp,
    -5,
    false,
    "Send Cross-Origin-Resource-Policy: same-origin, same-site or cross-origin, once.",
  ),
  "corp-implemented-with-cross-origin": rule(corp, 0, true),
  "corp-implemented-with-same-origin": rule(corp, 10, true),
  "corp-implemented-with-same-site": rule(corp, 10, true),
  "corp-not-implemented": rule(corp, 0, true),

  // Cross-Origin-Embedder-Policy
  "coep-implemented-with-require-corp": rule(coep, 10, true),
  "coep-implemented-with-credentialless": rule(coep, 10, true),
  "coep-implemented-with-unsafe-none": rule(coep, 0, true, isolateEmbedder),
  "coep-not-implemented": rule(coep, 0, true, isolateEmbedder),
  "coep-header-invalid": rule(
    coep,
    -5,
    false,
    "Send Cross-Origin-Embedder-Policy once, as require-corp, credentialless or unsafe-none (lower case, no quotes).",
  ),

  // Cross-Origin-Opener-Policy
  "coop-implemented-with-same-origin": rule(coop, 10, true),
  "coop-implemented-with-same-origin-allow-popups": rule(coop, 10, true),
  "coop-implemented-with-noopener-allow-popups": rule(coop, 10, true),
  "coop-implemented-with-unsafe-none": rule(coop, 0, true, isolateOpener),
  "coop-not-implemented": rule(coop, 0, true, isolateOpener),
  "coop-header-invalid": rule(
    coop,
    -5,
    false,
    "Send Cross-Origin-Opener-Policy once, as same-origin, same-origin-allow-popups, noopener-allow-popups or unsafe-none (lower case, no quotes).",
  ),
} as const satisfies Record<string, OutcomeRule>;

export type ObservatoryOutcome = keyof typeof observatoryOutcomes;
export const observatoryOutcomeNames = Object.keys(observatoryOutcomes) as ObservatoryOutcome[];

/**
 * Outcomes whose status DESIGN.md fixes whatever their score change: no CSP, nothing against
 * framing, a cookie without Secure or HttpOnly warn (the score still counts them in full).
 */
const designStatus: Partial<Record<ObservatoryOutcome, "warn">> = {
  "csp-not-implemented": "warn",
  "csp-not-implemented-but-reporting-enabled": "warn",
  "x-frame-options-not-implemented": "warn",
  "cookies-without-secure-flag": "warn",
  "cookies-session-without-secure-flag": "warn",
  "cookies-session-without-httponly-flag": "warn",
};

/**
 * The status a finding takes from the outcome's score change (20 points or more fail), or the
 * one DESIGN.md fixes for it.
 */
export function impliedStatus(outcome: ObservatoryOutcome): "pass" | "warn" | "fail" {
  const fixed = designStatus[outcome];
  if (fixed) return fixed;
  const { modifier } = observatoryOutcomes[outcome];
  if (modifier <= -20) return "fail";
  return modifier < 0 ? "warn" : "pass";
}
