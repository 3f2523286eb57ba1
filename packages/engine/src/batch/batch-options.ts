import type { BatchStore } from "../jobs/batch-store.js";
import { isBatchStore } from "../jobs/batch-store.js";
import type { WorkQueue } from "../jobs/work-queue.js";
import { isWorkQueue } from "../jobs/work-queue.js";

/** What the batch queue carries: the job's id (the rest is in the store). */
export interface BatchWork {
  readonly batchId: string;
}

export interface BatchOptions {
  /** Most names one `POST /batch` may list, invalid ones included. Default 1,000. */
  readonly maxDomains?: number;
  /** Most domains this instance's batch work probes at once, across jobs. Default 32, as `domain-intel audit`. */
  readonly concurrency?: number;
  /** Where jobs and results live. Default: in memory; `redisBatchStore()` across instances. */
  readonly store?: BatchStore;
  /** Where jobs wait. Default: in memory; `bullmqWorkQueue()` across instances. */
  readonly queue?: WorkQueue<BatchWork>;
  /**
   * Whether this instance works jobs in the background (default true). `false` only enqueues
   * them (a Lambda HTTP function): `engine.workBatches()` works them where it is called.
   */
  readonly worker?: boolean;
}

export function validateBatchOptions(
  batch: BatchOptions | undefined,
  fail: (option: string, expectation: string) => never,
): void {
  if (batch === undefined) return;
  if (typeof batch !== "object" || batch === null) fail("batch", "must be an object");
  const integer = (name: "maxDomains" | "concurrency", max: number) => {
    const value = batch[name];
    if (value !== undefined && !(Number.isInteger(value) && value >= 1 && value <= max))
      fail(`batch.${name}`, `must be an integer from 1 to ${max}`);
  };
  integer("maxDomains", 100_000);
  integer("concurrency", 1_000);
  if (batch.store !== undefined && !isBatchStore(batch.store))
    fail("batch.store", "must be a BatchStore (memoryBatchStore(), redisBatchStore())");
  if (batch.queue !== undefined && !isWorkQueue(batch.queue))
    fail("batch.queue", "must be a WorkQueue (memoryWorkQueue(), bullmqWorkQueue())");
  if (batch.worker !== undefined && typeof batch.worker !== "boolean")
    fail("batch.worker", "must be a boolean");
}
