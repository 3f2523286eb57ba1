import pLimit from "p-limit";
import type { KeyIdentity } from "../auth/key-verifier.js";
import { isDomainIntelError } from "../contract/domain-intel-error.js";
import type { MaybePromise } from "../contract/maybe-promise.js";
import { type BatchStore, isFinished } from "../jobs/batch-store.js";
import type { WorkProcessor } from "../jobs/work-queue.js";
import { describeError, type Logger } from "../logging/logger.js";
import type { BatchWork } from "./batch-options.js";

/** One domain's NDJSON line, and whether it failed (a section in error, or no answer). */
export interface BatchLine {
  readonly line: string;
  readonly failed: boolean;
}

export interface BatchRunnerOptions {
  readonly store: BatchStore;
  /** Most domains probed at once by this instance, across jobs. */
  readonly concurrency: number;
  /** The report, or the chosen sections, of one domain: through the cache and single flight. */
  lookup(domain: string, sections: readonly string[] | null): Promise<BatchLine>;
  /** Charges one request to the key's rate limit as a GET would; throws its 429. */
  readonly charge?: (identity: KeyIdentity) => MaybePromise<unknown>;
  readonly logger: Logger;
}

/** A wait that ends early, without rejecting, when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

const retryAfterMs = (error: unknown): number | undefined => {
  if (!isDomainIntelError(error)) return undefined;
  if (error.code === "overloaded") return 1_000;
  if (error.code !== "rate_limited") return undefined;
  return Math.max(1, Number(error.headers?.["retry-after"] ?? 1)) * 1_000;
};

/**
 * Works one batch job: the domains not yet recorded (so a job taken over from a stopped
 * instance resumes where it was), each charged to the key's rate limit before it is looked up
 * (waiting while the bucket is empty), until done, cancelled, or this worker stops.
 */
export function createBatchRunner(options: BatchRunnerOptions): WorkProcessor<BatchWork> {
  const { store, logger } = options;
  const limit = pLimit(options.concurrency);

  return async ({ data: { batchId } }, signal) => {
    const job = await store.get(batchId);
    if (!job || isFinished(job.status)) return;
    if (job.status === "queued") await store.setStatus(batchId, "running");
    const recorded = await store.recorded(batchId);
    const identity: KeyIdentity = { id: job.keyId, ...(job.plan ? { plan: job.plan } : {}) };
    const cost = job.sections?.length ?? 1;
    let cancelled = false;
    // Set when a step failed: the job is handed back to the queue, so nothing more starts here.
    let broken = false;
    const stopped = () => cancelled || broken || signal.aborted;

    async function stillWanted(): Promise<boolean> {
      if (stopped()) return false;
      const progress = await store.progress(batchId);
      cancelled = !progress || isFinished(progress.status);
      return !cancelled;
    }

    // Waits out a 429 or an overload, then tries again; false when the job is no longer wanted.
    async function attempt<T>(step: () => MaybePromise<T>): Promise<{ value: T } | undefined> {
      for (;;) {
        if (!(await stillWanted())) return undefined;
        try {
          return { value: await step() };
        } catch (error) {
          const waitMs = retryAfterMs(error);
          if (waitMs === undefined) throw error;
          // At most a second at a time, so a cancel is seen while the bucket refills.
          await pause(Math.min(waitMs, 1_000), signal);
        }
      }
    }

    async function one(index: number, domain: string): Promise<void> {
      for (let charged = 0; charged < cost; charged++) {
        if (options.charge && !(await attempt(() => options.charge!(identity)))) return;
      }
      let result: BatchLine;
      try {
        const made = await attempt(() => options.lookup(domain, job!.sections));
        if (!made) return;
        result = made.value;
      } catch (error) {
        const code = isDomainIntelError(error) ? error.code : "internal";
        const message = isDomainIntelError(error) ? error.message : "An internal error occurred.";
        result = { line: JSON.stringify({ domain, error: { code, message } }), failed: true };
      }
      if (!stopped()) await store.record(batchId, index, result.line, result.failed);
    }

    try {
      await Promise.all(
        job.domains.map((domain, index) =>
          recorded.has(index)
            ? undefined
            : limit(() => (stopped() ? undefined : one(index, domain))),
        ),
      );
      if (!stopped()) await store.setStatus(batchId, "done");
    } catch (error) {
      // A store that fails leaves the job for a retry elsewhere rather than crashing the host,
      // and the domains still queued here are left to that retry, not raced by it.
      broken = true;
      logger.error("batch job failed", { batchId, error: describeError(error) });
      throw error;
    }
  };
}
