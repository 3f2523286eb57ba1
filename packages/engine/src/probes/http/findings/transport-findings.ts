import type { Finding } from "../../../contract/finding.js";
import type { HttpFacts, HttpFetch } from "../declaration.js";
import type { ObservatoryRun } from "../observatory/observatory-tests.js";
import { impliedStatus } from "../observatory/outcomes.js";
import { type RedirectionOutcome, redirectionOutcome } from "../observatory/transport-tests.js";
import { finding, privateSkip, verdict } from "./verdict.js";

export function refusedAtStart(fetch: HttpFetch): boolean {
  return fetch.reason === "address_not_allowed" && fetch.hops.length === 1;
}

/** `http.https.reachable`: `https://{domain}/` answers. */
export function httpsReachable(facts: HttpFacts): Finding {
  const id = "http.https.reachable";
  const { https } = facts;
  if (refusedAtStart(https)) return finding(id, "skipped", privateSkip);
  if (https.reachable) {
    return finding(id, "pass", `${https.requestedUrl} answers ${https.hops[0]!.status}.`);
  }
  return finding(id, "fail", `Nothing answers ${https.requestedUrl} (${https.reason}).`, {
    reason: https.reason,
    errorCode: https.errorCode,
  });
}

const redirectionMessages: Record<RedirectionOutcome, string> = {
  "redirection-to-https": "redirects to https on the same host first.",
  "redirection-off-host-from-http":
    "redirects to https on another host first, so this host's HSTS policy is never seen.",
  "redirection-not-to-https-on-initial-redirection":
    "redirects to another http URL before reaching https.",
  "redirection-not-to-https": "redirects, but never to https.",
  "redirection-missing": "serves content over plain http.",
  "redirection-invalid-cert": "redirects to an https host whose certificate does not verify.",
  "redirection-not-needed-no-http": "does not answer",
  "redirection-all-redirects-preloaded": "redirects only through preloaded hosts.",
};

/**
 * `http.https.enforced`: the Observatory's redirection test on the http chain; a site whose
 * http does not answer at all is information, not a failure.
 */
export function httpsEnforced(facts: HttpFacts, run: ObservatoryRun | null): Finding {
  const id = "http.https.enforced";
  const { http } = facts;
  if (refusedAtStart(http)) return finding(id, "skipped", privateSkip);
  const outcome = redirectionOutcome(http);
  const base = { id, outcome, run, test: "redirection" } as const;
  if (outcome === "redirection-not-needed-no-http") {
    return verdict({
      ...base,
      status: "info",
      message: `${http.requestedUrl} does not answer (${http.reason}).`,
      details: { reason: http.reason },
    });
  }
  return verdict({
    ...base,
    status: impliedStatus(outcome),
    message: `${http.requestedUrl} ${redirectionMessages[outcome]}`,
    details: { route: http.hops.map((hop) => hop.url), finalUrl: http.finalUrl },
  });
}

/** `http.redirect.safe`: no downgrade, loop, endless chain, odd scheme or private target. */
export function redirectSafe(facts: HttpFacts): Finding {
  const id = "http.redirect.safe";
  const problems: Record<string, unknown>[] = [];
  for (const fetch of [facts.https, facts.http]) {
    if (fetch.downgrade) problems.push({ chain: fetch.requestedUrl, problem: "https_to_http" });
    if (
      fetch.reason === "redirect_loop" ||
      fetch.reason === "too_many_redirects" ||
      fetch.reason === "unsupported_redirect"
    ) {
      problems.push({ chain: fetch.requestedUrl, problem: fetch.reason });
    }
    if (fetch.reason === "address_not_allowed" && fetch.hops.length > 1) {
      const refused = fetch.hops.at(-1)!.url;
      problems.push({ chain: fetch.requestedUrl, problem: "private_address", refused });
    }
  }
  if (!facts.https.reachable && !facts.http.reachable) {
    return finding(id, "skipped", "Skipped: neither https nor http answered.");
  }
  if (problems.length === 0) return finding(id, "pass", "Every redirect is safe.");
  const names = [...new Set(problems.map((problem) => problem.problem))].join(", ");
  return finding(id, "fail", `Unsafe redirects: ${names}.`, { problems });
}
