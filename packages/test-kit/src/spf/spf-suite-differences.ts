/**
 * Where our check_host() knowingly answers otherwise than the openspf suites expect, by test id
 * (`<scenario>/<test>`), with the rule that decides. The replay fails when a listed test agrees
 * again or another one differs. Also in the engine README.
 */
export const spfSuiteDifferences: Readonly<
  Record<string, { field: "result" | "explanation"; why: string }>
> = {
  "Macro expansion rules/v-macro-ip6": {
    field: "explanation",
    why: "%{i} of CAFE:BABE::1 is written in lower-case nibbles (e.b.a.b...), the suite keeps the case the address was given in (E.B.A.B...); RFC 7208 7.3 defines the nibbles, not their case, and DNS names compare without case (RFC 4343).",
  },
};
