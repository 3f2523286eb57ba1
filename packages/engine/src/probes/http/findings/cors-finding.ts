import type { Finding } from "../../../contract/finding.js";
import type { HttpFacts } from "../declaration.js";
import { allowsCredentials, reflectsOrigin } from "../observatory/header-tests.js";
import type { ObservatoryRun } from "../observatory/observatory-tests.js";
import { impliedStatus } from "../observatory/outcomes.js";
import { finding, noHttpsAnswer, verdict } from "./verdict.js";

/**
 * `http.cors.policy`: what a preflight from a foreign origin is told. Failing is the
 * Observatory's universal access (the Origin copied back with credentials allowed: any site can
 * read what a signed-in user sees); a copied Origin without credentials, or `*` with
 * credentials (which browsers refuse), are information.
 */
export function corsPolicy(facts: HttpFacts, run: ObservatoryRun | null): Finding {
  const id = "http.cors.policy";
  if (run === null) return finding(id, "skipped", noHttpsAnswer);
  const theirs = run.outcomes["cross-origin-resource-sharing"];
  const { cors } = facts;
  const base = { id, run, test: "cross-origin-resource-sharing", details: { cors } } as const;
  if (theirs === "cross-origin-resource-sharing-implemented-with-universal-access") {
    return verdict({
      ...base,
      status: impliedStatus(theirs),
      outcome: theirs,
      message:
        "Any origin may read the site with the user's credentials: the preflight's Origin is copied back with Access-Control-Allow-Credentials: true.",
    });
  }
  if (cors && reflectsOrigin(cors)) {
    return verdict({
      ...base,
      status: "info",
      outcome: "cors-reflects-origin",
      message: "Access-Control-Allow-Origin copies any Origin back (without credentials).",
    });
  }
  if (cors?.allowOrigin?.trim() === "*" && allowsCredentials(cors)) {
    return verdict({
      ...base,
      status: "info",
      outcome: "cors-wildcard-with-credentials",
      message:
        "Access-Control-Allow-Origin: * comes with credentials allowed, which browsers refuse.",
    });
  }
  const messages: Record<string, string> = {
    "cross-origin-resource-sharing-not-implemented": "No CORS access is granted to other origins.",
    "cross-origin-resource-sharing-implemented-with-public-access":
      "CORS grants public access (Access-Control-Allow-Origin: *, no credentials).",
    "cross-origin-resource-sharing-implemented-with-restricted-access":
      "CORS grants access to named origins only.",
  };
  return verdict({
    ...base,
    status: impliedStatus(theirs),
    outcome: theirs,
    message: messages[theirs] ?? theirs,
  });
}
