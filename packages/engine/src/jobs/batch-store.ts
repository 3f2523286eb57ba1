export type BatchStatus = "queued" | "running" | "done" | "cancelled";

/** A name of the request that is not a domain, and why. */
export interface InvalidBatchDomain {
  readonly domain: string;
  readonly reason: string;
}

/** What a batch job is, fixed when it is created. */
export interface BatchJobSpec {
  readonly id: string;
  /** The key that made it: the only one that sees it. */
  readonly keyId: string;
  /** The key's plan, so the instance working the job charges the same bucket. */
  readonly plan?: string;
  /** The sections asked for, or null for the full report. */
  readonly sections: readonly string[] | null;
  /** Normalised, each once, in the order given. */
  readonly domains: readonly string[];
  readonly invalid: readonly InvalidBatchDomain[];
  readonly createdAt: string;
}

/** Where a job is now. */
export interface BatchProgress {
  readonly status: BatchStatus;
  readonly done: number;
  readonly failed: number;
}

export type BatchJob = BatchJobSpec & BatchProgress;

/**
 * Where batch jobs and their results live: `memoryBatchStore()` in this process,
 * `redisBatchStore()` from `@domain-intel/redis` shared by every instance (any instance answers
 * for a job, and another resumes it when the one running it stops).
 */
export interface BatchStore {
  create(job: BatchJobSpec): Promise<void>;
  get(id: string): Promise<BatchJob | undefined>;
  progress(id: string): Promise<BatchProgress | undefined>;
  /**
   * Moves a job to `status` unless it has finished (`done` or `cancelled`); answers where it
   * is afterwards.
   */
  setStatus(id: string, status: BatchStatus): Promise<BatchProgress | undefined>;
  /**
   * Records the result line of `domains[index]` once: a second record of the same index (a
   * resumed job racing the one it took over) changes nothing.
   */
  record(id: string, index: number, line: string, failed: boolean): Promise<void>;
  /** The indexes recorded so far. */
  recorded(id: string): Promise<ReadonlySet<number>>;
  /** Result lines from position `from`, in the order they were recorded. */
  results(id: string, from: number): Promise<readonly string[]>;
}

export const isFinished = (status: BatchStatus) => status === "done" || status === "cancelled";

export function isBatchStore(value: unknown): value is BatchStore {
  const store = value as Record<string, unknown> | null;
  return (
    typeof store === "object" &&
    store !== null &&
    ["create", "get", "progress", "setStatus", "record", "recorded", "results"].every(
      (name) => typeof store[name] === "function",
    )
  );
}
