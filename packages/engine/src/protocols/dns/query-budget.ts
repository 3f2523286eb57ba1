import { stepTimeoutMs } from "../../contract/budget.js";
import type { ProbeContext } from "../../contract/probe.js";

/**
 * The least time a try is sent for: an answer needs a round trip, and below this one from a
 * distant server could not come back in time. Shorter when tries themselves are shorter.
 */
const leastTryMs = 100;

/** How long one query may take, from what is left of the run's budget. */
export interface QueryBudget {
  /** The run's budget left for it, less the room kept to assemble the answer. */
  readonly totalTimeoutMs: number;
  /** A try with less than this left is not sent. */
  readonly minTryMs: number;
  /** Less than every try at full length: a silence then says nothing about the server. */
  readonly shortened: boolean;
}

/**
 * The budget of a query about to be sent, or null when too little of the run's budget is left
 * for any answer to come back in time: then the query is not sent at all.
 */
export function queryBudget(options: {
  context: Pick<ProbeContext, "remainingMs" | "network">;
  tryTimeoutMs: number;
  tries: number;
}): QueryBudget | null {
  const minTryMs = Math.min(options.tryTimeoutMs, leastTryMs);
  const left = stepTimeoutMs(options.context);
  if (left < minTryMs) return null;
  return {
    totalTimeoutMs: left,
    minTryMs,
    shortened: left < options.tryTimeoutMs * options.tries,
  };
}
