import type { Finding, Remediation } from "@domain-intel/engine";

/** The findings of one section before and after its remediation was applied. */
export interface FixProof {
  readonly id: string;
  readonly before: readonly Finding[];
  readonly remediation: Remediation;
  readonly after: readonly Finding[];
  /**
   * What the finding must be after the fix: pass, unless the remediation itself says it stops
   * short (an info it names, such as retired clients left out by Mozilla's intermediate profile).
   */
  readonly settles?: "pass" | "info";
}

// How bad an outcome is: a fix may move any other check sideways, never down.
const rank: Record<Finding["status"], number> = { pass: 0, info: 0, skipped: 0, warn: 1, fail: 2 };

/** What the proof shows wrong: the finding still not passing, or another one worse than before. */
export function proofProblems(proof: FixProof): string[] {
  const problems: string[] = [];
  const after = proof.after.find((finding) => finding.id === proof.id);
  if (!after) problems.push(`${proof.id} is missing after the fix`);
  else if (after.status !== (proof.settles ?? "pass"))
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

/**
 * The remediation the section attached to the failing finding `id`, or why there is none.
 * `stepsOnly`: a remediation of steps in words is taken too (the proof applies the steps).
 */
export function remediationOf(
  findings: readonly Finding[],
  id: string,
  options: { stepsOnly?: boolean } = {},
): Remediation {
  const finding = findings.find((entry) => entry.id === id);
  if (!finding) throw new Error(`the section reported no ${id}`);
  if (finding.status !== "fail" && finding.status !== "warn")
    throw new Error(`the broken case did not break ${id}: ${finding.status}, ${finding.message}`);
  if (!finding.remediation) throw new Error(`${id} (${finding.status}) carries no remediation`);
  if (finding.remediation.changes.length === 0 && !options.stepsOnly)
    throw new Error(`${id}'s remediation has steps only: ${finding.remediation.summary}`);
  return finding.remediation;
}

/** A step in words a proof applies to the world that stands for the domain's servers. */
export interface ProofStep<World> {
  /** What the step must say: the change the proof makes. */
  readonly says: RegExp;
  /** The world after the step, given its text. */
  readonly apply: (world: World, step: string) => World;
}

/** `world` after each of `steps`, in order, each applied only where the remediation says it. */
export function applySteps<World>(
  id: string,
  remediation: Remediation,
  steps: readonly ProofStep<World>[],
  world: World,
): World {
  return steps.reduce((current, step) => {
    const text = remediation.steps?.find((entry) => step.says.test(entry));
    if (!text) throw new Error(`${id}: no step of the remediation says ${step.says}`);
    return step.apply(current, text);
  }, world);
}
