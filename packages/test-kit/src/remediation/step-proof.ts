import type { Finding, Remediation } from "@domain-intel/engine";
import { remediationOf } from "./fix-proof.js";

/**
 * Proofs of fixes that are steps in words (a server's configuration, a signer's run, a
 * registrar's form): the proof carries the step out on the peer that stands for that server or
 * registry, and the remediation must name what the proof changed, so a step that does not say
 * what cures the finding fails its proof.
 */
export interface StepProof<TWorld> {
  /** The peer once the step is carried out. */
  readonly world: TWorld;
  /** Words (case-insensitive) the remediation's summary or steps must contain. */
  readonly names: readonly string[];
}

/** The remediation of the failing or warning finding `id`, steps only or not. */
export const stepRemediationOf = (findings: readonly Finding[], id: string): Remediation =>
  remediationOf(findings, id, { stepsOnly: true });

/** Throws unless the remediation's words name every one of `names`. */
export function expectStepNamed(id: string, remediation: Remediation, names: readonly string[]) {
  const text = [remediation.summary, ...(remediation.steps ?? [])].join("\n").toLowerCase();
  const missing = names.filter((name) => !text.includes(name.toLowerCase()));
  if (missing.length > 0)
    throw new Error(`${id}: the remediation does not name ${missing.join(", ")}: ${text}`);
}
