import { randomUUID } from "node:crypto";
import type { NetworkPolicy } from "../contract/probe.js";
import { describeError, type Logger } from "../logging/logger.js";
import type { DeliveryPolicy, DeliveryQueue, DeliveryWorker } from "./delivery-queue.js";
import type { DomainEvent } from "./domain-event.js";
import { memoryDeliveryQueue } from "./memory-delivery-queue.js";
import { webhookEndpoint } from "./webhook-attempt.js";
import type { WebhookOptions } from "./webhook-options.js";
import { webhookKey } from "./webhook-signature.js";

export interface WebhookDelivery {
  /** Queues the event (when the endpoint takes its type); drops it, logged, when the queue is full. */
  deliver(event: DomainEvent): void;
  /** Resolves once nothing is queued, being sent or waiting for a retry. */
  idle(): Promise<void>;
  /** Stops sending (attempts in progress finish) and closes the queue. */
  close(): Promise<void>;
}

/** Attempts sent to one endpoint at once, by this process. */
const concurrency = 4;

/**
 * Delivers events to one webhook at least once: each a message with its own id, queued in
 * `webhook.queue` (in process by default), attempted through `webhookEndpoint` and retried by
 * the queue with doubling waits, with the same id, until delivered or given up (logged, and
 * kept as a dead letter by the queue).
 */
export function createWebhookDelivery(options: {
  readonly webhook: WebhookOptions;
  readonly network: NetworkPolicy;
  readonly logger: Logger;
}): WebhookDelivery {
  const { webhook, logger } = options;
  const policy: DeliveryPolicy = {
    attempts: webhook.attempts ?? 8,
    backoffMs: webhook.backoffMs ?? 5000,
    maxQueue: webhook.maxQueue ?? 1000,
  };
  const types = webhook.events ? new Set<string>(webhook.events) : undefined;
  // Logged without path or query, which may carry a token.
  const origin = new URL(webhook.url).origin;
  const endpoint = webhookEndpoint({
    url: webhook.url,
    key: webhookKey(webhook.secret)!,
    timeoutMs: webhook.timeoutMs ?? 10_000,
    network: options.network,
  });
  const queue: DeliveryQueue = webhook.queue ?? memoryDeliveryQueue();
  const adding = new Set<Promise<unknown>>();
  let closed = false;

  const worker: DeliveryWorker = queue.work(
    async (message, attempt) => {
      const result = await endpoint.send(message);
      if (result.outcome === "final" || (result.outcome === "retry" && attempt >= policy.attempts))
        logger.warn("webhook delivery failed", {
          webhook: origin,
          id: message.id,
          type: message.type,
          attempts: attempt,
          reason: result.reason,
        });
      return result;
    },
    { concurrency },
  );

  function deliver(event: DomainEvent): void {
    if (closed || (types && !types.has(event.type))) return;
    const message = {
      id: `msg_${randomUUID()}`,
      type: event.type,
      domain: event.domain,
      body: JSON.stringify(event),
    };
    const added = queue.add(message, policy).then(
      (queued) => {
        if (!queued)
          logger.warn("webhook queue full: event dropped", {
            webhook: origin,
            type: event.type,
            domain: event.domain,
          });
      },
      (error: unknown) =>
        logger.error("webhook event could not be queued: dropped", {
          webhook: origin,
          type: event.type,
          domain: event.domain,
          error: describeError(error),
        }),
    );
    adding.add(added);
    void added.finally(() => adding.delete(added));
  }

  return {
    deliver,
    async idle() {
      await Promise.all(adding);
      await worker.idle();
    },
    async close() {
      closed = true;
      await Promise.all(adding);
      await worker.stop();
      await queue.close();
      await endpoint.close();
    },
  };
}
