import type { HttpFetch, HttpSecurityHeaders } from "../declaration.js";
import type { ObservatoryOutcome } from "./outcomes.js";

export type RedirectionOutcome = Extract<ObservatoryOutcome, `redirection-${string}`>;

/** The Observatory's six months, "a white lie" of 180 days (15768000 is six months). */
export const observatorySixMonths = 15_552_000;

/**
 * The Observatory's HSTS test, on the final HTTPS answer's header as sent: a comma (two headers
 * joined) makes it invalid, as does a missing or unreadable max-age. It cannot tell a preloaded
 * domain (`hsts-preloaded`): that needs Chromium's preload list, which this engine does not carry.
 */
export function hstsOutcome(
  https: HttpFetch,
  headers: HttpSecurityHeaders | null,
): ObservatoryOutcome {
  if (https.reason === "tls_error") return "hsts-invalid-cert";
  if (headers === null) return "hsts-not-implemented-no-https";
  const value = headers.strictTransportSecurity;
  if (value === null || value === "") return "hsts-not-implemented";
  const header = value.slice(0, 1024);
  if (header.includes(",")) return "hsts-header-invalid";
  let maxAge: number | null = null;
  for (const directive of header.split(";").map((part) => part.trim().toLowerCase())) {
    if (directive.startsWith("max-age=")) maxAge = Number.parseInt(directive.slice(8, 128), 10);
  }
  // The Observatory lets an unreadable number (NaN) through as six months; we call it invalid.
  if (maxAge === null || Number.isNaN(maxAge)) return "hsts-header-invalid";
  return maxAge < observatorySixMonths
    ? "hsts-implemented-max-age-less-than-six-months"
    : "hsts-implemented-max-age-at-least-six-months";
}

/**
 * The Observatory's redirection test on the http chain: it should reach https, and its first
 * redirect should go to https on the same host (so that the host's HSTS is seen). It cannot
 * tell `redirection-all-redirects-preloaded` (no preload list here).
 */
export function redirectionOutcome(http: HttpFetch): RedirectionOutcome {
  if (!http.reachable) return "redirection-not-needed-no-http";
  if (http.reason === "tls_error") return "redirection-invalid-cert";
  const route = http.hops.map((hop) => new URL(hop.url));
  if (route.length === 1) return "redirection-missing";
  if (route.at(-1)!.protocol !== "https:") return "redirection-not-to-https";
  if (route[1]!.protocol === "http:") return "redirection-not-to-https-on-initial-redirection";
  return route[0]!.hostname === route[1]!.hostname
    ? "redirection-to-https"
    : "redirection-off-host-from-http";
}
