import type { Finding } from "../../contract/finding.js";
import type { HttpFacts } from "./declaration.js";
import { cookieFlags } from "./findings/cookie-finding.js";
import { corsPolicy } from "./findings/cors-finding.js";
import { contentSecurityPolicy } from "./findings/csp-finding.js";
import { type HttpFindingId, httpFindingIds } from "./findings/finding-ids.js";
import {
  coep,
  coop,
  corp,
  disclosure,
  framing,
  nosniff,
  referrerPolicy,
} from "./findings/header-findings.js";
import { hstsMaxAge, hstsPreload, hstsPresent } from "./findings/hsts-findings.js";
import { securityTxtPresent, securityTxtValid } from "./findings/security-txt-findings.js";
import { subresourceIntegrity } from "./findings/sri-finding.js";
import { httpsEnforced, httpsReachable, redirectSafe } from "./findings/transport-findings.js";
import type { ObservatoryRun } from "./observatory/observatory-tests.js";

export { type HttpFindingId, httpFindingIds } from "./findings/finding-ids.js";

type Check = (facts: HttpFacts, run: ObservatoryRun | null) => Finding;

/** One pure check per id, over the gathered facts and the Observatory's outcomes for them. */
const checks: Record<HttpFindingId, Check> = {
  "http.https.reachable": httpsReachable,
  "http.https.enforced": httpsEnforced,
  "http.redirect.safe": redirectSafe,
  "http.hsts.present": hstsPresent,
  "http.hsts.max-age": hstsMaxAge,
  "http.hsts.preload": hstsPreload,
  "http.headers.nosniff": nosniff,
  "http.headers.framing": framing,
  "http.headers.csp": contentSecurityPolicy,
  "http.headers.referrer-policy": referrerPolicy,
  "http.headers.corp": corp,
  "http.headers.coop": coop,
  "http.headers.coep": coep,
  "http.headers.disclosure": disclosure,
  "http.cors.policy": corsPolicy,
  "http.cookies.flags": cookieFlags,
  "http.sri.scripts": subresourceIntegrity,
  "http.security-txt.present": securityTxtPresent,
  "http.security-txt.valid": securityTxtValid,
};

export function httpFindings(facts: HttpFacts, run: ObservatoryRun | null): Finding[] {
  return httpFindingIds.map((id) => checks[id](facts, run));
}
