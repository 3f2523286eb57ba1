import { type Finding, type FindingStatus, makeFinding } from "../../../contract/finding.js";
import type { ObservatoryRun } from "../observatory/observatory-tests.js";
import { type ObservatoryTest, observatoryOutcomes } from "../observatory/outcomes.js";
import { type Outcome, recommendationFor } from "../own-outcomes.js";
import type { HttpFindingId } from "./finding-ids.js";

export const finding = makeFinding<HttpFindingId>;

const rank: Record<FindingStatus, number> = { skipped: 0, pass: 1, info: 2, warn: 3, fail: 4 };

/** The more severe of two statuses. */
export const worse = (a: FindingStatus, b: FindingStatus): FindingStatus =>
  rank[a] >= rank[b] ? a : b;

/**
 * A judged finding: `details.outcome` is our verdict, `details.observatory` the Observatory's
 * for the same test (outcome, score change, pass) so the two can be compared, and
 * `details.recommendation` says what to do when the finding is not a pass.
 */
export function verdict(options: {
  id: HttpFindingId;
  status: FindingStatus;
  message: string;
  outcome: Outcome;
  run?: ObservatoryRun | null;
  test?: ObservatoryTest;
  details?: Record<string, unknown>;
}): Finding {
  const { run, test, outcome, status } = options;
  const theirs = run && test ? run.outcomes[test] : undefined;
  const observatory = theirs && {
    test,
    outcome: theirs,
    scoreModifier: observatoryOutcomes[theirs].modifier,
    pass: observatoryOutcomes[theirs].pass,
  };
  const recommendation =
    status === "pass"
      ? ""
      : recommendationFor(outcome) || (theirs ? recommendationFor(theirs) : "");
  return finding(options.id, status, options.message, {
    outcome,
    ...(observatory ? { observatory } : {}),
    ...options.details,
    ...(recommendation ? { recommendation } : {}),
  });
}

export const noHttpsAnswer = "Skipped: no final HTTPS answer to read headers from.";
export const privateSkip =
  "Skipped: the domain resolves to a private address, which this deployment does not connect to.";
