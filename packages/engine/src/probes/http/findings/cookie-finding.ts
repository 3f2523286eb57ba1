import type { Finding, FindingStatus } from "../../../contract/finding.js";
import type { HttpCookie, HttpFacts } from "../declaration.js";
import { cookiesOutcome, isSessionCookie, sameSiteInvalid } from "../observatory/cookie-test.js";
import type { ObservatoryRun } from "../observatory/observatory-tests.js";
import { impliedStatus } from "../observatory/outcomes.js";
import type { OwnOutcome } from "../own-outcomes.js";
import { finding, verdict, worse } from "./verdict.js";

type CookieProblem =
  | "no_secure"
  | "no_httponly"
  | "samesite_invalid"
  | "samesite_none_without_secure"
  | "prefix_invalid";

/**
 * What is wrong with one cookie: Secure and HttpOnly missing (on every cookie, not only the
 * session cookies the Observatory guesses from names), SameSite invalid or None without
 * Secure, and the `__Secure-` / `__Host-` prefix rules broken (RFC 6265bis 4.1.3), which make
 * browsers refuse the cookie.
 */
export function cookieProblems(cookie: HttpCookie): CookieProblem[] {
  const problems: CookieProblem[] = [];
  if (!cookie.secure) problems.push("no_secure");
  if (!cookie.httpOnly) problems.push("no_httponly");
  if (sameSiteInvalid(cookie.sameSite)) problems.push("samesite_invalid");
  else if (cookie.sameSite?.trim().toLowerCase() === "none" && !cookie.secure) {
    problems.push("samesite_none_without_secure");
  }
  const name = cookie.name.toLowerCase();
  const hostPrefixBroken =
    name.startsWith("__host-") && (!cookie.secure || cookie.path !== "/" || cookie.domain !== null);
  const securePrefixBroken = name.startsWith("__secure-") && !cookie.secure;
  if (hostPrefixBroken || securePrefixBroken) problems.push("prefix_invalid");
  return problems;
}

/** `http.cookies.flags`: the Observatory's cookie test, and ours over every cookie. */
export function cookieFlags(facts: HttpFacts, run: ObservatoryRun | null): Finding {
  const id = "http.cookies.flags";
  if (!facts.https.reachable) return finding(id, "skipped", "Skipped: HTTPS does not answer.");
  const judged = facts.cookies.map((cookie) => ({ cookie, problems: cookieProblems(cookie) }));
  const flawed = judged.filter((entry) => entry.problems.length > 0);
  const theirs = run?.outcomes.cookies ?? cookiesOutcome(facts.cookies, false);
  const implied = impliedStatus(theirs);
  const prefixBroken = flawed.some((entry) => entry.problems.includes("prefix_invalid"));
  const ours: { status: FindingStatus; outcome: OwnOutcome } | null = prefixBroken
    ? { status: "warn", outcome: "cookies-prefix-invalid" }
    : flawed.length > 0
      ? { status: "warn", outcome: "cookies-without-httponly-flag" }
      : null;
  const status = ours ? worse(ours.status, implied) : implied;
  const outcome = ours && status !== implied ? ours.outcome : theirs;
  const details = {
    cookies: flawed.map(({ cookie, problems }) => ({
      name: cookie.name,
      secure: cookie.secure,
      httpOnly: cookie.httpOnly,
      sameSite: cookie.sameSite,
      session: isSessionCookie(cookie.name),
      problems,
    })),
  };
  const message =
    facts.cookies.length === 0
      ? "No cookie is set."
      : flawed.length === 0
        ? "Every cookie is Secure and HttpOnly, with a valid SameSite."
        : `Cookies with problems: ${flawed
            .map(({ cookie, problems }) => `${cookie.name} (${problems.join(", ")})`)
            .join("; ")}.`;
  return verdict({ id, run, test: "cookies", status, outcome, message, details });
}
