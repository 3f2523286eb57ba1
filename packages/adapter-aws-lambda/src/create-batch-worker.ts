import { createEngine, type Engine, type EngineOptions, isEngine } from "@domain-intel/engine";

export interface BatchWorkerOptions {
  /** The engine, or the options to create it with (its `batch.worker` is then `false`). */
  readonly engine: Engine | EngineOptions;
  /** Time kept back from the invocation's limit to stop cleanly. Default 10,000 ms. */
  readonly reserveMs?: number;
}

/** What one invocation did: it worked until no job was left, or until its time was up. */
export interface BatchWorkerResult {
  readonly stopped: "idle" | "time";
}

/** The Lambda context's one method used here. */
interface InvocationContext {
  getRemainingTimeInMillis?(): number;
}

export type BatchWorkerHandler = (
  event?: unknown,
  context?: InvocationContext,
) => Promise<BatchWorkerResult>;

function fail(option: string, expectation: string): never {
  throw new TypeError(`createBatchWorker: options.${option} ${expectation}`);
}

/**
 * The function that works batch jobs, for a schedule (EventBridge every minute) or any other
 * trigger: the API function's `POST /batch` only enqueues them. It works queued jobs until none
 * is left or the invocation's time is nearly up; a job cut short is resumed by the next run
 * (BullMQ's stalled-job recovery hands it on), from the domains not yet recorded.
 *
 *     export const handler = createBatchWorker({ engine: options })
 */
export function createBatchWorker(
  options: Engine | EngineOptions | BatchWorkerOptions,
): BatchWorkerHandler {
  if (typeof options !== "object" || options === null) fail("", "must be an object");
  const given = isEngine(options)
    ? { engine: options }
    : "engine" in options
      ? options
      : { engine: options };
  const reserveMs = given.reserveMs ?? 10_000;
  if (!Number.isInteger(reserveMs) || reserveMs < 0)
    fail("reserveMs", "must be a non-negative integer");
  const engine = isEngine(given.engine)
    ? given.engine
    : createEngine({ ...given.engine, batch: { ...given.engine.batch, worker: false } });
  return async (_event, context) => {
    const remaining = context?.getRemainingTimeInMillis?.() ?? 15 * 60_000;
    const signal = AbortSignal.timeout(Math.max(1_000, remaining - reserveMs));
    await engine.workBatches({ signal });
    return { stopped: signal.aborted ? "time" : "idle" };
  };
}
