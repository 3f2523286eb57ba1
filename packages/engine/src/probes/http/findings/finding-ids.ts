/** Every check of the section, in the order the findings list them. */
export const httpFindingIds = [
  "http.https.reachable",
  "http.https.enforced",
  "http.redirect.safe",
  "http.hsts.present",
  "http.hsts.max-age",
  "http.hsts.preload",
  "http.headers.nosniff",
  "http.headers.framing",
  "http.headers.csp",
  "http.headers.referrer-policy",
  "http.headers.corp",
  "http.headers.coop",
  "http.headers.coep",
  "http.headers.disclosure",
  "http.cors.policy",
  "http.cookies.flags",
  "http.sri.scripts",
  "http.security-txt.present",
  "http.security-txt.valid",
] as const;
export type HttpFindingId = (typeof httpFindingIds)[number];
