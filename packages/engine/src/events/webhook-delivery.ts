import { randomUUID } from "node:crypto";
import { request } from "undici";
import type { NetworkPolicy } from "../contract/probe.js";
import { describeError, type Logger } from "../logging/logger.js";
import { AddressNotAllowedError } from "../network/connect-target.js";
import { createGuardedDispatcher } from "../network/http-dispatcher.js";
import type { DomainEvent } from "./domain-event.js";
import type { WebhookOptions } from "./webhook-options.js";
import { webhookHeaders, webhookKey } from "./webhook-signature.js";

export interface WebhookDelivery {
  /** Queues the event (when the endpoint takes its type); drops it, logged, when the queue is full. */
  deliver(event: DomainEvent): void;
  /** Resolves once nothing is queued, being sent or waiting for a retry. */
  idle(): Promise<void>;
  /** Stops: retries are dropped, attempts in progress finish. */
  close(): Promise<void>;
}

interface Message {
  readonly id: string;
  readonly type: string;
  readonly body: string;
  attempts: number;
}

/** Attempts sent to one endpoint at once. */
const concurrency = 4;
const maxBackoffMs = 3_600_000;

const isAddressRefused = (error: unknown): boolean =>
  error instanceof AddressNotAllowedError ||
  (error as { cause?: unknown } | null)?.cause instanceof AddressNotAllowedError;

/**
 * Delivers events to one webhook at least once: each a message with its own id, signed anew
 * on every attempt, retried with doubling waits on 5xx, 408, 429, timeouts and connection
 * failures, with the same id. Every connection goes through the engine's address policy: an
 * endpoint on a private address is refused unless `network.allowPrivateAddresses`.
 */
export function createWebhookDelivery(options: {
  readonly webhook: WebhookOptions;
  readonly network: NetworkPolicy;
  readonly logger: Logger;
}): WebhookDelivery {
  const { webhook, logger } = options;
  const key = webhookKey(webhook.secret)!;
  const timeoutMs = webhook.timeoutMs ?? 10_000;
  const maxAttempts = webhook.attempts ?? 8;
  const backoffMs = webhook.backoffMs ?? 5000;
  const maxQueue = webhook.maxQueue ?? 1000;
  const types = webhook.events ? new Set<string>(webhook.events) : undefined;
  // Logged without path or query, which may carry a token.
  const origin = new URL(webhook.url).origin;
  const dispatcher = createGuardedDispatcher({
    network: { ...options.network, timeoutMs },
    connectTimeoutMs: timeoutMs,
  });
  const queue: Message[] = [];
  const retries = new Set<NodeJS.Timeout>();
  let sending = 0;
  let closed = false;
  let idleWaiters: (() => void)[] = [];

  const waiting = () => queue.length + sending + retries.size;

  function checkIdle(): void {
    if (waiting() > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function pump(): void {
    while (!closed && sending < concurrency && queue.length > 0) {
      const message = queue.shift()!;
      sending += 1;
      send(message).finally(() => {
        sending -= 1;
        pump();
        checkIdle();
      });
    }
  }

  function giveUp(message: Message, reason: string): void {
    logger.warn("webhook delivery failed", {
      webhook: origin,
      id: message.id,
      type: message.type,
      attempts: message.attempts,
      reason,
    });
  }

  async function send(message: Message): Promise<void> {
    message.attempts += 1;
    let reason: string;
    try {
      const response = await request(webhook.url, {
        method: "POST",
        dispatcher,
        headers: {
          "content-type": "application/json",
          "user-agent": "domain-intel-webhooks",
          ...webhookHeaders({
            key,
            id: message.id,
            timestamp: Math.floor(Date.now() / 1000),
            body: message.body,
          }),
        },
        body: message.body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body.dump();
      const status = response.statusCode;
      if (status >= 200 && status < 300) return;
      reason = `the endpoint answered ${status}`;
      if (status < 500 && status !== 408 && status !== 429) return giveUp(message, reason);
    } catch (error) {
      if (isAddressRefused(error))
        return giveUp(message, `refused by the address policy: ${describeError(error)}`);
      reason = describeError(error);
    }
    if (closed || message.attempts >= maxAttempts) return giveUp(message, reason);
    const delay = Math.min(maxBackoffMs, backoffMs * 2 ** (message.attempts - 1));
    const timer = setTimeout(() => {
      retries.delete(timer);
      queue.push(message);
      pump();
    }, delay);
    timer.unref();
    retries.add(timer);
  }

  return {
    deliver(event) {
      if (closed || (types && !types.has(event.type))) return;
      if (waiting() >= maxQueue) {
        logger.warn("webhook queue full: event dropped", {
          webhook: origin,
          type: event.type,
          domain: event.domain,
        });
        return;
      }
      queue.push({
        id: `msg_${randomUUID()}`,
        type: event.type,
        body: JSON.stringify(event),
        attempts: 0,
      });
      pump();
    },
    idle: () =>
      waiting() === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve)),
    async close() {
      closed = true;
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
      queue.length = 0;
      if (sending > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve));
      checkIdle();
      await dispatcher.close();
    },
  };
}
