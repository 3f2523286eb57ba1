import type { SectionResult } from "@domain-intel/engine";

/**
 * What a section made of a hostile peer, for one assertion: whether it answered inside its
 * budget, and how: `data` (findings say what was wrong), or a bounded error (`timeout`,
 * `upstream_error`). `internal` means an exception of ours: never acceptable. The engine stops
 * waiting when the budget ends; `timerLagMs` allows for a loaded machine running that timer
 * late (the machines that test this run several suites on two cores).
 */
export function boundedOutcome(
  result: SectionResult,
  budgetMs: number,
  timerLagMs = 250,
): { inBudget: boolean; outcome: "data" | string } {
  return {
    inBudget: result.durationMs <= budgetMs + timerLagMs,
    outcome: result.status === "ok" ? "data" : (result.error?.code ?? "unknown"),
  };
}

/** The outcomes a hostile peer may leave: data, or an error that is not ours. */
export const acceptableOutcomes = /^(data|timeout|upstream_error)$/;

/** Bytes a peer managed to send in `ms` more: near zero once the client stopped reading. */
export async function sentWithin(peer: { bytesSent(): number }, ms = 500): Promise<number> {
  const before = peer.bytesSent();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return peer.bytesSent() - before;
}

/** More than a client with a cap reads and the kernel buffers; less than one without a cap. */
export const boundedBytes = 16 * 1024 * 1024;
