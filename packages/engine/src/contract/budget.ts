import type { ProbeContext } from "./probe.js";

/**
 * Room kept at the end of a probe run to assemble its answer: a step that would run into it
 * is cut short (or not started), so a slow upstream becomes a finding, not a lost section.
 */
export function answerReserveMs(budgetMs: number): number {
  return Math.min(500, Math.max(25, Math.round(budgetMs * 0.1)));
}

/**
 * The timeout of one step of a probe run (a connect, a handshake, a DNS try, an RDAP fetch):
 * what is left of the run's budget less the answer reserve, capped at `maxMs`. Zero or less
 * means there is no time for the step: skip it and say so.
 */
export function stepTimeoutMs(
  context: Pick<ProbeContext, "remainingMs" | "network">,
  options: { readonly maxMs?: number; readonly reserveMs?: number } = {},
): number {
  const reserve = options.reserveMs ?? answerReserveMs(context.network.timeoutMs);
  const left = Math.floor(context.remainingMs() - reserve);
  return options.maxMs === undefined ? left : Math.min(options.maxMs, left);
}
