import type { MaybePromise } from "../contract/maybe-promise.js";

/** The work a scheduler runs: one sweep of the watch list, to stop when `signal` aborts. */
export interface SweepJob {
  readonly intervalMs: number;
  sweep(signal: AbortSignal): Promise<void>;
}

/**
 * Runs the watch sweep every `intervalMs`, never two at once. `memorySweepScheduler()` (the
 * default) does so in one process; `bullmqSweepScheduler()` from `@domain-intel/redis` across
 * every instance sharing a Redis, through a BullMQ job scheduler.
 */
export interface SweepScheduler {
  start(job: SweepJob): MaybePromise<void>;
  /** Stops scheduling and aborts a sweep in progress; resolves once it has ended. */
  stop(): Promise<void>;
}
