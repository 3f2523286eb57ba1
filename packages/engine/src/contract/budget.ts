import { type ProbeContext, ProbeError } from "./probe.js";

/**
 * Room kept at the end of a probe run to assemble its answer: a step that would run into it
 * is cut short (or not started), so a slow upstream becomes a finding, not a lost section.
 */
export function answerReserveMs(budgetMs: number): number {
  return Math.min(500, Math.max(25, Math.round(budgetMs * 0.1)));
}

/**
 * How long a run may spend computing fixes once its probe has answered: at most half the
 * answer reserve, and never past the run's deadline. Zero once the deadline has passed. (A
 * probe whose step waited until the reserve answers with the whole reserve left; on a loaded
 * machine it may be a few hundred milliseconds less, and its fixes still come.)
 */
export function fixAllowanceMs(context: Pick<ProbeContext, "remainingMs" | "network">): number {
  const reserve = answerReserveMs(context.network.timeoutMs);
  return Math.max(0, Math.min(reserve / 2, context.remainingMs()));
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

/**
 * What a run's `context.limit` rejects with when no slot of the engine's outbound limit came
 * free before the answer reserve: the operation never ran. A probe takes it as "no time was
 * left for this step" and answers with what it has.
 */
export class NoTimeLeftError extends ProbeError {
  constructor() {
    super("timeout", "No time was left in the budget: the engine's outbound limit stayed busy.");
    this.name = "NoTimeLeftError";
  }
}

/**
 * `limit` for one probe run: the operation runs in a slot of the engine's limit, or, when no
 * slot comes free within `waitMs()`, never runs and the promise rejects with NoTimeLeftError,
 * so a run waiting behind other work still answers inside its budget.
 */
export function limitWithin<T>(
  limit: <U>(operation: () => Promise<U>) => Promise<U>,
  operation: () => Promise<T>,
  waitMs: number,
): Promise<T> {
  if (waitMs <= 0) return Promise.reject(new NoTimeLeftError());
  return new Promise<T>((resolve, reject) => {
    let gaveUp = false;
    const timer = setTimeout(() => {
      gaveUp = true;
      reject(new NoTimeLeftError());
    }, waitMs);
    limit(async () => {
      clearTimeout(timer);
      // Its slot came too late: handed back at once to whoever waits next.
      if (gaveUp) return undefined;
      try {
        const value = await operation();
        resolve(value);
        return value;
      } catch (error) {
        reject(error);
        return undefined;
      }
    }).catch(() => undefined);
  });
}
