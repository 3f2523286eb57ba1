import type { SweepJob, SweepScheduler } from "@domain-intel/engine";
import type { Queue, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { lockDurationOption, takeOverTimings } from "./bullmq-connection.js";

export interface BullmqSweepSchedulerOptions {
  /**
   * An ioredis client. The scheduler opens its own connections from it (`duplicate()`, with
   * the settings BullMQ needs) and closes them when it stops; the client itself is left alone.
   */
  readonly client: Redis;
  /** Name of the BullMQ queue. Default `domain-intel-watch`. */
  readonly queueName?: string;
  /** BullMQ's key prefix. Default `domain-intel`. */
  readonly prefix?: string;
  /**
   * How long a worker's lock on a running sweep lasts without renewal: the sweep of an
   * instance that died is taken over by another after about one to two of these. Default
   * 30,000 ms.
   */
  readonly lockDurationMs?: number;
}

const schedulerId = "watch-sweep";

/**
 * The watch sweep on BullMQ, for instances sharing a Redis: a job scheduler adds one sweep job
 * every `intervalMs` (upserted by each instance: the same id, one schedule), the queue's
 * global concurrency of 1 lets one worker of any instance run it at a time, and a sweep whose
 * instance died is taken over through BullMQ's stalled-job recovery.
 */
export function bullmqSweepScheduler(options: BullmqSweepSchedulerOptions): SweepScheduler {
  const { client } = options;
  if (typeof client?.duplicate !== "function")
    throw new TypeError("bullmqSweepScheduler: options.client must be an ioredis client");
  const queueName = options.queueName ?? "domain-intel-watch";
  const prefix = options.prefix ?? "domain-intel";
  const lockDuration = lockDurationOption("bullmqSweepScheduler", options.lockDurationMs, 30_000);
  let queue: Queue | undefined;
  let worker: Worker | undefined;
  const connections: Redis[] = [];
  const sweeps = new Set<AbortController>();

  const connection = () => {
    const created = client.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true });
    connections.push(created);
    return created;
  };

  return {
    async start(job: SweepJob) {
      if (queue) throw new Error("bullmqSweepScheduler: already started");
      // Loaded on first use: hosts that only use the Redis stores never load BullMQ.
      const { Queue, Worker } = await import("bullmq");
      queue = new Queue(queueName, { connection: connection(), prefix });
      await queue.setGlobalConcurrency(1);
      await queue.upsertJobScheduler(
        schedulerId,
        { every: job.intervalMs },
        { name: "sweep", opts: { removeOnComplete: true, removeOnFail: 100 } },
      );
      worker = new Worker(
        queueName,
        async () => {
          const controller = new AbortController();
          sweeps.add(controller);
          try {
            await job.sweep(controller.signal);
          } finally {
            sweeps.delete(controller);
          }
        },
        {
          connection: connection(),
          prefix,
          concurrency: 1,
          // A sweep stalls once each time the instance running it dies; it is never dropped.
          ...takeOverTimings(lockDuration),
        },
      );
      worker.on("error", () => undefined);
    },
    async stop() {
      for (const sweep of sweeps) sweep.abort();
      await worker?.close();
      await queue?.close();
      await Promise.all(
        connections.splice(0).map((each) => each.quit().catch(() => each.disconnect())),
      );
      worker = undefined;
      queue = undefined;
    },
  };
}
