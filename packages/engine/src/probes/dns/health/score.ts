import type { Finding } from "../../../contract/finding.js";
import type { DnsHealth } from "../declaration.js";

/**
 * What a non-passing check costs. An error means something is broken for some resolvers or
 * senders (a lame server, a bogus signature): one alone drops the zone below 60. A warning is
 * a missed best practice: a zone can carry a few and still grade B.
 */
export const penalties = { error: 45, warning: 5 } as const;

const grades: [number, DnsHealth["grade"]][] = [
  [90, "A"],
  [80, "B"],
  [70, "C"],
  [60, "D"],
];

/**
 * 100 minus the penalties of failed and warning checks, over the checks that ran: a skipped
 * check (the deployment or the budget kept it from running) neither costs nor earns anything.
 * When no check ran there is nothing to grade: score and grade are null, never a 100 or an F.
 */
export function scoreChecks(checks: readonly Finding[]): Pick<DnsHealth, "score" | "grade"> {
  if (checks.every((finding) => finding.status === "skipped")) return { score: null, grade: null };
  let score = 100;
  for (const finding of checks) {
    if (finding.status === "fail") score -= penalties.error;
    else if (finding.status === "warn") score -= penalties.warning;
  }
  score = Math.max(0, score);
  const grade = grades.find(([floor]) => score >= floor)?.[1] ?? "F";
  return { score, grade };
}
