import type { Finding, Remediation } from "@domain-intel/engine";
import { stepRemediationOf } from "./step-proof.js";

/** The findings of one section before and after its remediation was applied. */
export interface FixProof {
  readonly id: string;
  readonly before: readonly Finding[];
  readonly remediation: Remediation;
  readonly after: readonly Finding[];
}

// How bad an outcome is: a fix may move any other check sideways, never down.
const rank: Record<Finding["status"], number> = { pass: 0, info: 0, skipped: 0, warn: 1, fail: 2 };

/** What the proof shows wrong: the finding still not passing, or another one worse than before. */
export function proofProblems(proof: FixProof): string[] {
  const problems: string[] = [];
  const after = proof.after.find((finding) => finding.id === proof.id);
  if (!after) problems.push(`${proof.id} is missing after the fix`);
  else if (after.status !== "pass")
    problems.push(`${proof.id} is ${after.status} after the fix: ${after.message}`);
  for (const finding of proof.before) {
    if (finding.id === proof.id) continue;
    const later = proof.after.find((entry) => entry.id === finding.id);
    if (later && rank[later.status] > rank[finding.status])
      problems.push(
        `${finding.id} went from ${finding.status} to ${later.status}: ${later.message}`,
      );
  }
  return problems;
}

/** The remediation the section attached to the failing finding `id`, or why there is none. */
export function remediationOf(findings: readonly Finding[], id: string): Remediation {
  const remediation = stepRemediationOf(findings, id);
  if (remediation.changes.length === 0)
    throw new Error(`${id}'s remediation has steps only: ${remediation.summary}`);
  return remediation;
}
