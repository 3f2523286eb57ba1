import type { Finding, FindingStatus } from "../../../contract/finding.js";
import type { HttpFacts, HttpPageResource } from "../declaration.js";
import type { ObservatoryRun } from "../observatory/observatory-tests.js";
import { siteHost } from "../observatory/observatory-tests.js";
import { impliedStatus, type ObservatoryOutcome } from "../observatory/outcomes.js";
import { hasIntegrity, resourceOrigin } from "../observatory/sri-test.js";
import type { OwnOutcome } from "../own-outcomes.js";
import { finding, noHttpsAnswer, verdict, worse } from "./verdict.js";

// The hash algorithms browsers check (SRI section 3.2); integrity with none of them is ignored.
const supportedHash = /^(sha256|sha384|sha512)-[A-Za-z0-9+/]+={0,2}$/;

type ResourceProblem = "no_integrity" | "unsupported_hash" | "no_crossorigin" | "insecure_scheme";

function problemsOf(resource: HttpPageResource, host: string): ResourceProblem[] {
  const origin = resourceOrigin(resource.url, host);
  if (!origin.external) return [];
  const problems: ResourceProblem[] = [];
  if (!origin.secureScheme) problems.push("insecure_scheme");
  if (!hasIntegrity(resource)) return [...problems, "no_integrity"];
  const tokens = resource.integrity!.trim().split(/\s+/);
  if (!tokens.some((token) => supportedHash.test(token.split("?")[0]!)))
    problems.push("unsupported_hash");
  if (resource.crossorigin === null) problems.push("no_crossorigin");
  return problems;
}

const messages: Partial<Record<ObservatoryOutcome, string>> = {
  "sri-implemented-and-all-scripts-loaded-securely": "Scripts carry integrity and come over https.",
  "sri-implemented-and-external-scripts-loaded-securely":
    "Scripts from other sites carry integrity and come over https.",
  "sri-not-implemented-response-not-html": "The answer is not HTML: no scripts to check.",
  "sri-not-implemented-but-no-scripts-loaded": "The page loads no scripts.",
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin":
    "Every script comes from the site itself, over https.",
  "sri-not-implemented-but-external-scripts-loaded-securely":
    "Scripts from other sites come over https but without integrity.",
  "sri-implemented-but-external-scripts-not-loaded-securely":
    "Scripts from other sites carry integrity but come over http or a protocol-relative URL.",
  "sri-not-implemented-and-external-scripts-not-loaded-securely":
    "Scripts from other sites come without integrity over http or a protocol-relative URL.",
  "html-not-parseable": "The page cannot be parsed as HTML.",
};

/**
 * `http.sri.scripts`: the Observatory's Subresource Integrity test on `<script src>`, and ours
 * on stylesheets too: every script or stylesheet from another site should carry `integrity`
 * with a hash browsers check, and `crossorigin` (without it the browser cannot check a
 * cross-origin resource and refuses it).
 */
export function subresourceIntegrity(facts: HttpFacts, run: ObservatoryRun | null): Finding {
  const id = "http.sri.scripts";
  if (run === null) return finding(id, "skipped", noHttpsAnswer);
  const theirs = run.outcomes["subresource-integrity"];
  const host = siteHost(facts);
  const flawed = (facts.page?.resources ?? [])
    .map((resource) => ({ ...resource, problems: problemsOf(resource, host) }))
    .filter((resource) => resource.problems.length > 0);
  const implied = impliedStatus(theirs);
  const has = (problem: ResourceProblem, kind?: HttpPageResource["kind"]) =>
    flawed.some(
      (resource) => resource.problems.includes(problem) && (!kind || resource.kind === kind),
    );
  const ours: { status: FindingStatus; outcome: OwnOutcome } | null = has("unsupported_hash")
    ? { status: "warn", outcome: "sri-unsupported-hash" }
    : has("no_crossorigin")
      ? { status: "warn", outcome: "sri-integrity-without-crossorigin" }
      : has("no_integrity", "stylesheet") || has("insecure_scheme", "stylesheet")
        ? { status: "warn", outcome: "sri-stylesheets-without-integrity" }
        : null;
  const status = ours ? worse(ours.status, implied) : implied;
  const raised = ours !== null && status !== implied;
  const message = raised
    ? `${messages[theirs] ?? theirs} ${flawed.length} resource(s) from other sites fall short: ${flawed
        .map((resource) => `${resource.url} (${resource.problems.join(", ")})`)
        .join("; ")}.`
    : (messages[theirs] ?? theirs);
  return verdict({
    id,
    run,
    test: "subresource-integrity",
    status,
    outcome: raised && ours ? ours.outcome : theirs,
    message,
    details: { resources: flawed, pageTruncated: facts.page?.truncated ?? false },
  });
}
