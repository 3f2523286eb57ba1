import type { Logger, WorkerHandle, WorkQueue } from "@domain-intel/engine";
import { type ConnectionOptions, Queue, Worker } from "bullmq";
import { bullmqConnection, lockDurationOption, takeOverTimings } from "./bullmq-connection.js";

export interface BullmqWorkQueueOptions {
  /**
   * Where Redis is: a `redis://` or `rediss://` URL, or ioredis options. BullMQ opens its own
   * connections (a worker blocks one while it waits for jobs).
   */
  readonly connection: string | ConnectionOptions;
  /** The queue's name. Default `batch`. */
  readonly name?: string;
  /** BullMQ's key prefix. Default `domain-intel`. */
  readonly prefix?: string;
  /**
   * How long a worker's lock on a running job lasts without renewal: a job whose worker
   * stopped or died is taken over by another instance's stalled-job check after about one to
   * two of these. Default 30,000 ms.
   */
  readonly lockDurationMs?: number;
  /** Where connection trouble is reported. Default: nowhere (BullMQ reconnects by itself). */
  readonly logger?: Pick<Logger, "warn">;
}

/**
 * The engine's work queue on BullMQ: any instance sharing the Redis takes jobs; a job whose
 * worker stopped is taken over through BullMQ's stalled-job recovery (its processor resumes
 * from the store).
 */
export function bullmqWorkQueue<T>(options: BullmqWorkQueueOptions): WorkQueue<T> {
  if (typeof options !== "object" || options === null || options.connection === undefined)
    throw new TypeError(
      "bullmqWorkQueue: options.connection is required (a URL or ioredis options)",
    );
  const connection = bullmqConnection("bullmqWorkQueue", options.connection);
  const name = options.name ?? "batch";
  const prefix = options.prefix ?? "domain-intel";
  const lockDuration = lockDurationOption("bullmqWorkQueue", options.lockDurationMs, 30_000);
  const report = (error: Error) =>
    options.logger?.warn("work queue trouble", { queue: name, error: error.message });
  let queue: Queue | undefined;
  const theQueue = () => {
    if (!queue) {
      queue = new Queue(name, { connection, prefix });
      queue.on("error", report);
    }
    return queue;
  };

  return {
    async add(id, data) {
      await theQueue().add(name, data, {
        jobId: id,
        // A processor that failed (Redis gone mid-job) runs again; it resumes from its store.
        attempts: 5,
        backoff: { type: "exponential", delay: 1_000 },
        removeOnComplete: true,
        removeOnFail: { count: 1000 },
      });
    },
    work(processor, { concurrency }): WorkerHandle {
      const controller = new AbortController();
      const worker = new Worker(
        name,
        async (job) => {
          await processor({ id: job.id!, data: job.data as T }, controller.signal);
          // Stopped mid-job: never settle, so BullMQ neither completes nor fails the job; its
          // lock lapses and another instance's stalled-job check takes it over.
          if (controller.signal.aborted) await new Promise(() => undefined);
        },
        {
          connection,
          prefix,
          concurrency,
          ...takeOverTimings(lockDuration),
        },
      );
      worker.on("error", report);
      return {
        async idle() {
          for (;;) {
            const counts = await theQueue().getJobCounts(
              "waiting",
              "active",
              "delayed",
              "prioritized",
            );
            if (Object.values(counts).every((count) => count === 0)) return;
            if (controller.signal.aborted) return;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        },
        async stop() {
          controller.abort();
          await worker.close(true);
        },
      };
    },
    async close() {
      await queue?.close();
    },
  };
}
