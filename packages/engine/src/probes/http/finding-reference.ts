import type { FindingReference } from "../../contract/finding-reference.js";
import type { HttpFindingId } from "./http-findings.js";

/**
 * When each finding does not pass: the engine README's table of http findings is generated from
 * this one (`pnpm references`), in `httpFindingIds` order. A domain on a private address this
 * deployment does not connect to is `skipped`, with that reason.
 */
export const httpFindingReference = {
  "http.https.reachable": {
    when: "fail: nothing answers `https://{domain}/` with a usable response",
  },
  "http.https.enforced": {
    when: "fail: `http://{domain}/` serves content over plain http, or never reaches https; info: it does not answer at all",
  },
  "http.redirect.safe": {
    when: "fail: a redirect goes from https to http, loops, leads to an address the policy refuses, or takes more than 10 hops",
  },
  "http.hsts.present": {
    when: "fail: the HTTPS answer has no `Strict-Transport-Security`, or an invalid one",
    reference: "RFC 6797",
  },
  "http.hsts.max-age": {
    when: "warn: `max-age` below 31536000 (a year); skipped without a valid policy",
    reference: "RFC 6797 6.1.1",
  },
  "http.hsts.preload": {
    when: "info: the policy misses a rule of the preload list (`details` names them)",
    reference: "hstspreload.org",
  },
  "http.headers.nosniff": {
    when: "warn: no `X-Content-Type-Options: nosniff`",
  },
  "http.headers.framing": {
    when: "warn: neither `X-Frame-Options` (DENY or SAMEORIGIN) nor CSP `frame-ancestors` restricts framing",
  },
  "http.headers.csp": {
    when: "warn: no `Content-Security-Policy`",
  },
  "http.headers.referrer-policy": {
    when: "warn: no `Referrer-Policy`",
  },
  "http.cookies.flags": {
    when: "warn: a cookie set over HTTPS lacks `Secure` or `HttpOnly`",
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
