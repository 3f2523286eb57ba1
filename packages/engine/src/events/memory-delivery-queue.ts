import { describeError } from "../logging/logger.js";
import {
  type AttemptOutcome,
  type DeadLetter,
  type DeliveryAttempt,
  type DeliveryPolicy,
  type DeliveryQueue,
  retryDelayMs,
  type WebhookMessage,
} from "./delivery-queue.js";

interface Entry {
  readonly message: WebhookMessage;
  readonly policy: DeliveryPolicy;
  attemptsMade: number;
}

export interface MemoryDeliveryQueueOptions {
  /** Dead letters kept, newest first. Default 100. */
  readonly keepDeadLetters?: number;
}

/**
 * The in-process delivery queue: messages wait in memory, retries on timers. Whatever waits
 * when the process stops is lost; `bullmqDeliveryQueue()` from `@domain-intel/redis` keeps it.
 */
export function memoryDeliveryQueue(options: MemoryDeliveryQueueOptions = {}): DeliveryQueue {
  const keep = options.keepDeadLetters ?? 100;
  if (!Number.isInteger(keep) || keep < 0)
    throw new TypeError("memoryDeliveryQueue: options.keepDeadLetters must be an integer >= 0");
  const queued: Entry[] = [];
  const retries = new Map<NodeJS.Timeout, Entry>();
  const dead: { letter: DeadLetter; policy: DeliveryPolicy }[] = [];
  let sending = 0;
  const sent: (() => void)[] = [];
  let closed = false;
  // Set by `work`: moves queued messages to attempts while there is room.
  let pump: () => void = () => undefined;
  let idleWaiters: (() => void)[] = [];

  const waiting = () => queued.length + sending + retries.size;
  function checkIdle(): void {
    if (waiting() > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
  const whenIdle = () =>
    waiting() === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve));
  // Attempts in progress finish before a stop or close resolves.
  const whenSent = () =>
    sending === 0 ? Promise.resolve() : new Promise<void>((resolve) => sent.push(resolve));

  function bury(entry: Entry, reason: string): void {
    const letter = {
      message: entry.message,
      attempts: entry.attemptsMade,
      reason,
      failedAt: new Date().toISOString(),
    };
    dead.unshift({ letter, policy: entry.policy });
    dead.length = Math.min(dead.length, keep);
  }

  function settle(entry: Entry, result: AttemptOutcome): void {
    if (result.outcome === "delivered") return;
    if (result.outcome === "final" || entry.attemptsMade >= entry.policy.attempts) {
      bury(entry, result.reason);
      return;
    }
    if (closed) return;
    const timer = setTimeout(
      () => {
        retries.delete(timer);
        queued.push(entry);
        pump();
      },
      retryDelayMs(entry.policy.backoffMs, entry.attemptsMade),
    );
    timer.unref();
    retries.set(timer, entry);
  }

  return {
    async add(message, policy) {
      if (closed || waiting() >= policy.maxQueue) return false;
      queued.push({ message, policy, attemptsMade: 0 });
      pump();
      return true;
    },
    work(attempt: DeliveryAttempt, { concurrency }) {
      let stopped = false;
      pump = () => {
        while (!closed && !stopped && sending < concurrency && queued.length > 0) {
          const entry = queued.shift()!;
          entry.attemptsMade += 1;
          sending += 1;
          attempt(entry.message, entry.attemptsMade)
            .catch(
              (error: unknown) => ({ outcome: "retry", reason: describeError(error) }) as const,
            )
            .then((result) => {
              sending -= 1;
              settle(entry, result);
              if (sending === 0) for (const resolve of sent.splice(0)) resolve();
              pump();
              checkIdle();
            });
        }
      };
      queueMicrotask(pump);
      return {
        idle: whenIdle,
        async stop() {
          stopped = true;
          await whenSent();
        },
      };
    },
    async deadLetters({ limit = 100 } = {}) {
      return dead.slice(0, limit).map((each) => each.letter);
    },
    async retry(id) {
      const index = dead.findIndex((each) => each.letter.message.id === id);
      if (index === -1 || closed) return false;
      const [{ letter, policy }] = dead.splice(index, 1) as [(typeof dead)[number]];
      queued.push({ message: letter.message, policy, attemptsMade: 0 });
      pump();
      return true;
    },
    async close() {
      closed = true;
      for (const timer of retries.keys()) clearTimeout(timer);
      retries.clear();
      queued.length = 0;
      await whenSent();
      checkIdle();
    },
  };
}
