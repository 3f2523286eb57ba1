import { type DeliveryQueue, isDeliveryQueue } from "./delivery-queue.js";
import { type EventType, eventTypes } from "./domain-event.js";
import { webhookKey } from "./webhook-signature.js";

/** Where events go: one endpoint, signed as Standard Webhooks do. */
export interface WebhookOptions {
  /** `https://` (or `http://`) URL, reached through the engine's address policy. */
  readonly url: string;
  /** `whsec_` followed by 24 to 64 random bytes in base64. */
  readonly secret: string;
  /** The event types sent. Default: every type. */
  readonly events?: readonly EventType[];
  /** Time allowed for one attempt, connection included. Default 10,000 ms. */
  readonly timeoutMs?: number;
  /** Attempts in all, the first included, on 5xx, 429, timeouts and connection failures. Default 8. */
  readonly attempts?: number;
  /** Wait before the first retry, doubled on each next one (at most an hour). Default 5,000 ms. */
  readonly backoffMs?: number;
  /** Events waiting (queued or between attempts); beyond it, new ones are dropped and logged. Default 1000. */
  readonly maxQueue?: number;
  /**
   * Where messages wait for delivery. Default `memoryDeliveryQueue()`: in this process, lost
   * when it stops. `bullmqDeliveryQueue()` from `@domain-intel/redis` keeps them in Redis for
   * any instance to deliver. One queue a webhook.
   */
  readonly queue?: DeliveryQueue;
}

const bounded = (value: unknown, min: number, max: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

export function validateWebhookOptions(
  webhooks: WebhookOptions | readonly WebhookOptions[] | undefined,
  fail: (option: string, expectation: string) => never,
): void {
  if (webhooks === undefined) return;
  const list = Array.isArray(webhooks) ? webhooks : [webhooks as WebhookOptions];
  const queues = new Set<DeliveryQueue>();
  list.forEach((webhook, index) => {
    const name = Array.isArray(webhooks) ? `webhooks[${index}]` : "webhooks";
    if (typeof webhook !== "object" || webhook === null)
      fail(name, "must be an object: { url, secret }");
    let url: URL | undefined;
    try {
      url = new URL(webhook.url);
    } catch {
      url = undefined;
    }
    if (
      !url ||
      (url.protocol !== "https:" && url.protocol !== "http:") ||
      url.username ||
      url.password
    )
      fail(`${name}.url`, "must be an http(s) URL without credentials");
    if (typeof webhook.secret !== "string" || !webhookKey(webhook.secret))
      fail(`${name}.secret`, "must be whsec_ followed by 24 to 64 bytes in base64");
    if (
      webhook.events !== undefined &&
      (!Array.isArray(webhook.events) ||
        webhook.events.some((type: EventType) => !eventTypes.includes(type)))
    )
      fail(`${name}.events`, `must be an array of ${eventTypes.join(", ")}`);
    if (webhook.timeoutMs !== undefined && !bounded(webhook.timeoutMs, 1, 300_000))
      fail(`${name}.timeoutMs`, "must be an integer from 1 to 300000");
    if (webhook.attempts !== undefined && !bounded(webhook.attempts, 1, 100))
      fail(`${name}.attempts`, "must be an integer from 1 to 100");
    if (webhook.backoffMs !== undefined && !bounded(webhook.backoffMs, 0, 3_600_000))
      fail(`${name}.backoffMs`, "must be an integer from 0 to 3600000");
    if (webhook.maxQueue !== undefined && !bounded(webhook.maxQueue, 1, 1_000_000))
      fail(`${name}.maxQueue`, "must be an integer from 1 to 1000000");
    if (webhook.queue !== undefined) {
      if (!isDeliveryQueue(webhook.queue))
        fail(`${name}.queue`, "must be a DeliveryQueue (add, work, deadLetters, retry, close)");
      // Two webhooks' workers on one queue would each take the other's messages.
      if (queues.has(webhook.queue)) fail(`${name}.queue`, "must not be another webhook's queue");
      queues.add(webhook.queue);
    }
  });
}
