import type { FindingReference } from "../../contract/finding-reference.js";
import type { HttpFindingId } from "./http-findings.js";

// Where a finding judges an MDN HTTP Observatory test, its status follows that test's score
// change (`observatory/outcomes.ts`): 20 points or more taken fail, fewer warn.
const observatory = "MDN HTTP Observatory";

/**
 * When each finding does not pass: the engine README's table of http findings is generated from
 * this one (`pnpm references`), in `httpFindingIds` order. A domain on a private address this
 * deployment does not connect to is `skipped`, with that reason; the header findings are
 * skipped without a final HTTPS answer.
 */
export const httpFindingReference = {
  "http.https.reachable": {
    when: "fail: nothing answers `https://{domain}/` with a usable response",
  },
  "http.https.enforced": {
    when: "fail: `http://{domain}/` serves content, never reaches https, or reaches a host whose certificate fails; warn: it passes through another http URL, or its first redirect leaves the host; info: it does not answer at all",
    reference: observatory,
  },
  "http.redirect.safe": {
    when: "fail: a redirect goes from https to http, loops, leads to an address the policy refuses, or takes more than 10 hops",
  },
  "http.hsts.present": {
    when: "fail: the domain's own HTTPS answer has no `Strict-Transport-Security`, or an invalid one (`max-age` twice, as when two headers are joined)",
    reference: "RFC 6797 6.1, 8.1",
  },
  "http.hsts.max-age": {
    when: "warn: `max-age` below 31536000 (a year; the Observatory's six months are in `details`); skipped without a valid policy",
    reference: "RFC 6797 6.1.1",
  },
  "http.hsts.preload": {
    when: "info: the policy misses a rule of the preload list (`details` names them, the first redirect leaving the host included)",
    reference: "hstspreload.org",
  },
  "http.headers.nosniff": {
    when: "warn: no `X-Content-Type-Options: nosniff`, or an invalid value",
    reference: observatory,
  },
  "http.headers.framing": {
    when: "fail: an invalid value; warn: neither `X-Frame-Options` (DENY or SAMEORIGIN) nor CSP `frame-ancestors` restricts framing (as DESIGN.md fixes; the score counts it in full), or `ALLOW-FROM`, which browsers ignore",
    reference: observatory,
  },
  "http.headers.csp": {
    when: "fail: an invalid or empty `Content-Security-Policy`, or scripts allowed `'unsafe-inline'`, `http:` or broad sources; warn: no enforced policy (header or `<meta>`; report-only alone included; as DESIGN.md fixes, the score counts it in full), `'unsafe-eval'`, http for images or media, or a HIGH or SYNTAX weakness Google's CSP Evaluator finds",
    reference: observatory,
  },
  "http.headers.referrer-policy": {
    when: "warn: no `Referrer-Policy` (the Observatory passes it), an unsafe last value (`unsafe-url`, `origin`, `origin-when-cross-origin`), or none a browser knows",
    reference: observatory,
  },
  "http.headers.corp": {
    when: "warn: `Cross-Origin-Resource-Policy` with a value browsers ignore",
    reference: observatory,
  },
  "http.headers.coop": {
    when: "warn: `Cross-Origin-Opener-Policy` with a value browsers ignore; info: none, or `unsafe-none`",
    reference: observatory,
  },
  "http.headers.coep": {
    when: "warn: `Cross-Origin-Embedder-Policy` with a value browsers ignore; info: none, or `unsafe-none`",
    reference: observatory,
  },
  "http.headers.disclosure": {
    when: "warn: a header gives a software version (`Server`, `X-Powered-By`... from OWASP Secure Headers' list); info: a product name alone",
    reference: "OWASP Secure Headers",
  },
  "http.cors.policy": {
    when: "fail: a preflight's Origin is copied back with credentials allowed; info: copied without credentials, or `*` with credentials",
    reference: observatory,
  },
  "http.cookies.flags": {
    when: "fail: `SameSite` is invalid, or missing on an anti-CSRF cookie; warn: a cookie set over HTTPS lacks `Secure` or `HttpOnly` (as DESIGN.md fixes; the score counts it in full), a broken `__Host-`/`__Secure-` prefix, a cookie without `Secure` under HSTS",
    reference: observatory,
  },
  "http.sri.scripts": {
    when: "fail: scripts from another site loaded over http (with or without `integrity`); warn: scripts or stylesheets from another site without `integrity`, an unsupported hash, `integrity` without `crossorigin`",
    reference: observatory,
  },
  "http.security-txt.present": {
    when: "warn: no `/.well-known/security.txt`",
    reference: "RFC 9116",
  },
  "http.security-txt.valid": {
    when: "fail: present but without `Contact`, without a valid `Expires`, or expired",
    reference: "RFC 9116 2.5",
  },
} satisfies Record<HttpFindingId, FindingReference>;
