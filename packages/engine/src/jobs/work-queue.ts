/**
 * Background work the engine hands to a queue: batch jobs today, a repeating sweep tomorrow.
 * `memoryWorkQueue()` keeps it in this process; `bullmqWorkQueue()` from `@domain-intel/redis`
 * shares it between instances (any instance takes a job; a stopped worker's job is taken over
 * through BullMQ's stalled-job recovery).
 */
export interface WorkJob<T> {
  /** The id it was added under: one job an id while it waits or runs. */
  readonly id: string;
  readonly data: T;
}

/**
 * Works one job. `signal` aborts when this worker stops: the processor stops making progress
 * and the job is left for another worker, so a processor must be safe to run again (it
 * resumes from what its store recorded).
 */
export type WorkProcessor<T> = (job: WorkJob<T>, signal: AbortSignal) => Promise<void>;

export interface WorkerHandle {
  /** Resolves once nothing waits or runs in the queue (as this worker sees it). */
  idle(): Promise<void>;
  /** Stops taking jobs and interrupts the ones running here; they go back to the queue. */
  stop(): Promise<void>;
}

export interface WorkQueue<T> {
  /** Adds a job; an id that is already waiting or running is not added twice. */
  add(id: string, data: T): Promise<void>;
  /** Starts working jobs in this process, at most `concurrency` at once. */
  work(processor: WorkProcessor<T>, options: { readonly concurrency: number }): WorkerHandle;
  /** Releases connections. */
  close(): Promise<void>;
}

export function isWorkQueue(value: unknown): value is WorkQueue<unknown> {
  const queue = value as WorkQueue<unknown> | null;
  return (
    typeof queue === "object" &&
    queue !== null &&
    typeof queue.add === "function" &&
    typeof queue.work === "function" &&
    typeof queue.close === "function"
  );
}
