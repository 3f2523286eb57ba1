import type { HttpFetch, HttpHsts, HttpPreload } from "./declaration.js";

/** The preload list's least max-age (hstspreload.org): one year. */
export const preloadMaxAge = 31_536_000;

// RFC 9110 section 5.6.2: a directive name is a token; its value a token or a quoted string.
const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const quotedString = /^"(?:[^"\\]|\\.)*"$/;

/**
 * Parses a `Strict-Transport-Security` value per RFC 6797 section 6.1: directives split on
 * `;`, names case-insensitive tokens, values tokens or quoted strings, `max-age` required
 * (digits, optionally quoted), no directive twice. An invalid header is one a browser ignores
 * (section 8.1), such as two headers joined with a comma by a proxy.
 */
export function parseHsts(header: string): HttpHsts {
  const errors: string[] = [];
  const seen = new Set<string>();
  let maxAge: number | null = null;
  let includeSubDomains = false;
  let preload = false;
  for (const part of header.split(";")) {
    const directive = part.trim();
    if (directive === "") continue;
    const equals = directive.indexOf("=");
    const name = (equals < 0 ? directive : directive.slice(0, equals)).trim().toLowerCase();
    const value = equals < 0 ? null : directive.slice(equals + 1).trim();
    if (!token.test(name) || (value !== null && !token.test(value) && !quotedString.test(value))) {
      errors.push(`\`${directive}\` is not a directive (RFC 6797 section 6.1).`);
      continue;
    }
    if (seen.has(name)) errors.push(`${name} appears more than once.`);
    seen.add(name);
    if (name === "max-age") {
      const digits = value?.replace(/^"(.*)"$/, "$1") ?? "";
      if (/^\d+$/.test(digits)) maxAge = Number(digits);
      else errors.push(`max-age ${value ?? "(no value)"} is not a number of seconds.`);
    } else if (name === "includesubdomains") {
      includeSubDomains = true;
    } else if (name === "preload") {
      preload = true;
    }
  }
  if (!seen.has("max-age")) errors.push("No max-age directive.");
  return { header, valid: errors.length === 0, maxAge, includeSubDomains, preload, errors };
}

/**
 * The preload list's rules (hstspreload.org) as far as two fetches can tell: http redirects to
 * https on the same host first (when http answers at all), and the domain's own HTTPS answer
 * carries a valid policy with max-age of a year or more, includeSubDomains and preload.
 */
export function preloadVerdict(options: {
  https: HttpFetch;
  http: HttpFetch;
  hsts: HttpHsts | null;
}): HttpPreload {
  const { https, http, hsts } = options;
  const unmet: string[] = [];
  if (!https.reachable) unmet.push("HTTPS does not answer.");
  if (http.reachable && !http.finalUrl?.startsWith("https:")) {
    unmet.push("http:// does not redirect to https://.");
  } else if (http.reachable && !redirectsFirstToSameHostHttps(http)) {
    unmet.push("http:// does not redirect first to https:// on the same host.");
  }
  if (!hsts) unmet.push("No Strict-Transport-Security header on the domain's HTTPS answer.");
  else if (!hsts.valid) unmet.push("The Strict-Transport-Security header is invalid.");
  else {
    if ((hsts.maxAge ?? 0) < preloadMaxAge) unmet.push("max-age is below one year.");
    if (!hsts.includeSubDomains) unmet.push("No includeSubDomains directive.");
    if (!hsts.preload) unmet.push("No preload directive.");
  }
  return { ready: unmet.length === 0, unmet };
}

/**
 * The http chain's first redirect goes to https on the host asked, so that the host's HSTS
 * policy is seen before anything else (hstspreload.org's rule; the Observatory's
 * `redirection-to-https`).
 */
export function redirectsFirstToSameHostHttps(http: HttpFetch): boolean {
  const [first, second] = http.hops;
  if (!first || !second) return false;
  const from = new URL(first.url);
  const to = new URL(second.url);
  return to.protocol === "https:" && to.hostname === from.hostname;
}
