import type { EventType } from "./domain-event.js";

/** One event for one webhook: its id and body stay the same on every attempt. */
export interface WebhookMessage {
  /** `msg_...`, sent as `webhook-id` on every attempt. */
  readonly id: string;
  readonly type: EventType;
  readonly domain: string;
  /** The JSON body, signed anew on each attempt. */
  readonly body: string;
}

/** How a message is retried, and how many may wait. */
export interface DeliveryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number;
  /** Wait before the first retry, doubled on each next one (at most an hour). */
  readonly backoffMs: number;
  /** Messages waiting (queued or between attempts); beyond it `add` refuses. */
  readonly maxQueue: number;
}

/** What one attempt came to: delivered, worth another try, or never to be retried. */
export type AttemptOutcome =
  | { readonly outcome: "delivered" }
  | { readonly outcome: "retry"; readonly reason: string }
  | { readonly outcome: "final"; readonly reason: string };

/** Sends `message` once; `attempt` counts from 1. Never rejects. */
export type DeliveryAttempt = (message: WebhookMessage, attempt: number) => Promise<AttemptOutcome>;

/** A message that was given up on: after its last attempt, or on a final answer. */
export interface DeadLetter {
  readonly message: WebhookMessage;
  readonly attempts: number;
  readonly reason: string;
  /** ISO 8601. */
  readonly failedAt: string;
}

export interface DeliveryWorker {
  /** Resolves once nothing waits, is being sent or waits for a retry (as this worker sees it). */
  idle(): Promise<void>;
  /** Stops taking messages; attempts in progress finish. */
  stop(): Promise<void>;
}

/**
 * Where a webhook's messages wait between the event and a delivery: `memoryDeliveryQueue()`
 * (the default) in this process, lost when it stops; `bullmqDeliveryQueue()` from
 * `@domain-intel/redis` in Redis, delivered by any instance, kept across restarts, its dead
 * letters kept for `domain-intel webhooks`. One queue a webhook.
 */
export interface DeliveryQueue {
  /** Queues a message; false (nothing queued) when `policy.maxQueue` are already waiting. */
  add(message: WebhookMessage, policy: DeliveryPolicy): Promise<boolean>;
  /** Sends queued messages from this process, at most `concurrency` at once. */
  work(attempt: DeliveryAttempt, options: { readonly concurrency: number }): DeliveryWorker;
  /** The messages given up on, newest first. */
  deadLetters(options?: { readonly limit?: number }): Promise<readonly DeadLetter[]>;
  /** Queues a dead letter again for a full set of attempts; false when there is none by that id. */
  retry(id: string): Promise<boolean>;
  /** Releases connections (and, in memory, drops what still waits). */
  close(): Promise<void>;
}

export function isDeliveryQueue(value: unknown): value is DeliveryQueue {
  const queue = value as Record<string, unknown> | null;
  return (
    typeof queue === "object" &&
    queue !== null &&
    ["add", "work", "deadLetters", "retry", "close"].every(
      (name) => typeof queue[name] === "function",
    )
  );
}

const maxBackoffMs = 3_600_000;

/** The wait before attempt `attempt + 1`: `backoffMs` doubled per attempt made, at most an hour. */
export const retryDelayMs = (backoffMs: number, attemptsMade: number): number =>
  Math.min(maxBackoffMs, backoffMs * 2 ** (attemptsMade - 1));
