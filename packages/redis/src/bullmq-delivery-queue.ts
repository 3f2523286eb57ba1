import {
  type DeadLetter,
  type DeliveryQueue,
  type DeliveryWorker,
  type Logger,
  retryDelayMs,
  type WebhookMessage,
} from "@domain-intel/engine";
import {
  type ConnectionOptions,
  type Job,
  type MinimalJob,
  Queue,
  UnrecoverableError,
  Worker,
} from "bullmq";
import {
  bullmqConnection,
  checkOptionNames,
  lockDurationOption,
  takeOverTimings,
} from "./bullmq-connection.js";

export interface BullmqDeliveryQueueOptions {
  /** Where Redis is: a `redis://` or `rediss://` URL, or ioredis options. */
  readonly connection: string | ConnectionOptions;
  /** The queue's name: one a webhook. Default `webhooks`. */
  readonly name?: string;
  /** BullMQ's key prefix. Default `domain-intel`. */
  readonly prefix?: string;
  /**
   * How long a worker's lock on an attempt lasts without renewal: the message of an instance
   * that died mid-attempt is sent again by another after about one to two of these.
   * Default 30,000 ms.
   */
  readonly lockDurationMs?: number;
  /** Dead letters kept (the newest). Default 10,000, each at most 30 days. */
  readonly keepDeadLetters?: number;
  /** Where connection trouble is reported. Default: nowhere (BullMQ reconnects by itself). */
  readonly logger?: Pick<Logger, "warn">;
}

const optionNames = [
  "connection",
  "name",
  "prefix",
  "lockDurationMs",
  "keepDeadLetters",
  "logger",
] as const;
const factory = "bullmqDeliveryQueue";
const backoffType = "webhook";
// Counts of the states in which a message still waits for delivery.
const pendingStates = ["waiting", "active", "delayed", "prioritized"] as const;

/** The webhook's `backoffMs`, as it was given to the job. */
function backoffMsOf(job: MinimalJob | undefined): number {
  const backoff = job?.opts.backoff;
  return (typeof backoff === "object" ? backoff.delay : backoff) ?? 0;
}

function deadLetterOf(job: Job<WebhookMessage>): DeadLetter {
  return {
    message: job.data,
    attempts: job.attemptsMade,
    reason: job.failedReason || "unknown",
    failedAt: new Date(job.finishedOn ?? job.processedOn ?? job.timestamp).toISOString(),
  };
}

/**
 * A webhook's delivery queue on BullMQ: each message a job under its own id, retried by BullMQ
 * with the webhook's doubling backoff (same id, body and so `webhook-id` every time), kept
 * across restarts and delivered by any instance; a message whose instance died mid-attempt is
 * sent again through BullMQ's stalled-job recovery. A message given up on stays in the failed
 * set with its reason: the dead letters `domain-intel webhooks` lists and retries.
 */
export function bullmqDeliveryQueue(options: BullmqDeliveryQueueOptions): DeliveryQueue {
  if (typeof options !== "object" || options === null || options.connection === undefined)
    throw new TypeError(`${factory}: options.connection is required (a URL or ioredis options)`);
  checkOptionNames(factory, options, optionNames);
  const connection = bullmqConnection(factory, options.connection);
  const name = options.name ?? "webhooks";
  if (typeof name !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(name))
    throw new TypeError(`${factory}: options.name must be 1 to 64 letters, digits, _ or -`);
  const prefix = options.prefix ?? "domain-intel";
  if (typeof prefix !== "string" || prefix === "")
    throw new TypeError(`${factory}: options.prefix must be a non-empty string`);
  const lockDuration = lockDurationOption(factory, options.lockDurationMs, 30_000);
  const keep = options.keepDeadLetters ?? 10_000;
  if (!Number.isInteger(keep) || keep < 0)
    throw new TypeError(`${factory}: options.keepDeadLetters must be an integer >= 0`);
  const report = (error: Error) =>
    options.logger?.warn("webhook queue trouble", { queue: name, error: error.message });
  let queue: Queue<WebhookMessage> | undefined;
  const theQueue = () => {
    if (!queue) {
      queue = new Queue<WebhookMessage>(name, { connection, prefix });
      queue.on("error", report);
    }
    return queue;
  };
  const pending = async () => {
    const counts = await theQueue().getJobCounts(...pendingStates);
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  };

  return {
    async add(message, policy) {
      if ((await pending()) >= policy.maxQueue) return false;
      await theQueue().add(message.type, message, {
        jobId: message.id,
        attempts: policy.attempts,
        backoff: { type: backoffType, delay: policy.backoffMs },
        removeOnComplete: true,
        removeOnFail: { age: 30 * 86_400, count: keep },
      });
      return true;
    },
    work(attempt, { concurrency }): DeliveryWorker {
      let stopping = false;
      const worker = new Worker<WebhookMessage>(
        name,
        async (job) => {
          const result = await attempt(job.data, job.attemptsMade + 1);
          if (result.outcome === "delivered") return;
          // BullMQ retries a thrown Error while attempts are left; this kind it never retries.
          if (result.outcome === "final") throw new UnrecoverableError(result.reason);
          throw new Error(result.reason);
        },
        {
          connection,
          prefix,
          concurrency,
          ...takeOverTimings(lockDuration),
          settings: {
            backoffStrategy: (attemptsMade, _type, _error, job) =>
              retryDelayMs(backoffMsOf(job), attemptsMade),
          },
        },
      );
      worker.on("error", report);
      return {
        async idle() {
          while (!stopping && (await pending()) > 0)
            await new Promise((resolve) => setTimeout(resolve, 100));
        },
        async stop() {
          stopping = true;
          // Attempts in progress finish (each bounded by the webhook's timeout).
          await worker.close();
        },
      };
    },
    async deadLetters({ limit = 100 } = {}) {
      if (limit <= 0) return [];
      const jobs = (await theQueue().getFailed(0, limit - 1)) as Job<WebhookMessage>[];
      return jobs.filter(Boolean).map(deadLetterOf);
    },
    async retry(id) {
      const job = await theQueue().getJob(id);
      if (!job || !(await job.isFailed())) return false;
      await job.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true });
      return true;
    },
    async close() {
      await queue?.close();
      queue = undefined;
    },
  };
}
