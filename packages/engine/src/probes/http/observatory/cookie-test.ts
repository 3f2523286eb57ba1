import type { HttpCookie } from "../declaration.js";
import type { ObservatoryOutcome } from "./outcomes.js";

// The Observatory ignores this cookie (mozilla/http-observatory issue 282).
const ignoredCookies = new Set(["heroku-session-affinity"]);

/** The Observatory's guess at a login or session cookie, from its name. */
export const isSessionCookie = (name: string): boolean =>
  ["login", "sess"].some((part) => name.toLowerCase().includes(part));
export const isAntiCsrfCookie = (name: string): boolean => name.toLowerCase().includes("csrf");

/** SameSite given without a value or with one browsers do not know (RFC 6265bis 5.6.7). */
export const sameSiteInvalid = (sameSite: string | null): boolean =>
  sameSite !== null && !["lax", "strict", "none"].includes(sameSite.trim().toLowerCase());

// Worst last: the test keeps the worst outcome any cookie earns.
const order: ObservatoryOutcome[] = [
  "cookies-without-secure-flag-but-protected-by-hsts",
  "cookies-without-secure-flag",
  "cookies-session-without-secure-flag-but-protected-by-hsts",
  "cookies-samesite-flag-invalid",
  "cookies-anticsrf-without-samesite-flag",
  "cookies-session-without-httponly-flag",
  "cookies-session-without-secure-flag",
];

/**
 * The Observatory's cookie test: every cookie Secure (less bad when HSTS keeps the site off
 * http), session cookies (by name) HttpOnly and Secure, anti-CSRF cookies with SameSite, no
 * invalid SameSite nor SameSite=None without Secure; the bonus needs SameSite on every cookie.
 * `hstsPasses`: the HSTS test passes (max-age of six months or more).
 */
export function cookiesOutcome(
  cookies: readonly HttpCookie[],
  hstsPasses: boolean,
): ObservatoryOutcome {
  const judged = cookies.filter((cookie) => cookie.name !== "" && !ignoredCookies.has(cookie.name));
  if (judged.length === 0) return "cookies-not-found";
  let worst = -1;
  const note = (outcome: ObservatoryOutcome) => {
    worst = Math.max(worst, order.indexOf(outcome));
  };
  for (const cookie of judged) {
    const session = isSessionCookie(cookie.name);
    if (sameSiteInvalid(cookie.sameSite)) note("cookies-samesite-flag-invalid");
    if (!cookie.secure && cookie.sameSite?.trim().toLowerCase() === "none") {
      note("cookies-samesite-flag-invalid");
    }
    if (!cookie.secure) {
      note(
        hstsPasses
          ? "cookies-without-secure-flag-but-protected-by-hsts"
          : "cookies-without-secure-flag",
      );
    }
    if (isAntiCsrfCookie(cookie.name) && !cookie.sameSite) {
      note("cookies-anticsrf-without-samesite-flag");
    }
    if (session && !cookie.secure) {
      note(
        hstsPasses
          ? "cookies-session-without-secure-flag-but-protected-by-hsts"
          : "cookies-session-without-secure-flag",
      );
    }
    if (session && !cookie.httpOnly) note("cookies-session-without-httponly-flag");
  }
  if (worst >= 0) return order[worst]!;
  return judged.every((cookie) => cookie.sameSite)
    ? "cookies-secure-with-httponly-sessions-and-samesite"
    : "cookies-secure-with-httponly-sessions";
}
