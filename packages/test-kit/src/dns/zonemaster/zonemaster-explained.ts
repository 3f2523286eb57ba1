import type { ZonemasterScenario } from "./zonemaster-scenarios.js";
import type { ComparedVerdict } from "./zonemaster-verdicts.js";

/**
 * Where our verdict differs from Zonemaster's on its own scenarios, and why: each entry is
 * explained in the engine README ("Zonemaster's scenarios"), with the RFC that decides it.
 */
export interface ExplainedDisagreement {
  /** The README's words, shortened. */
  readonly why: string;
  matches(scenario: ZonemasterScenario, verdict: ComparedVerdict): boolean;
}

export const explainedDisagreements: readonly ExplainedDisagreement[] = [];
