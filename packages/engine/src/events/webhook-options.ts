import { Methods, type Static, StringEnum, Type } from "../contract/schema.js";
import type { DeliveryQueue } from "./delivery-queue.js";
import { eventTypes } from "./domain-event.js";
import { webhookKey } from "./webhook-signature.js";

const integer = (minimum: number, maximum: number, description: string) =>
  Type.Optional(Type.Integer({ minimum, maximum, description }));

function urlProblem(text: string): string | undefined {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  const usable =
    url &&
    (url.protocol === "https:" || url.protocol === "http:") &&
    !url.username &&
    !url.password;
  return usable ? undefined : "must be an http(s) URL without credentials";
}

export const WebhookSchema = Type.Object(
  {
    url: Type.String({
      check: urlProblem,
      description: "`https://` (or `http://`) URL, reached through the engine's address policy.",
    }),
    secret: Type.String({
      check: (secret: string) =>
        webhookKey(secret) ? undefined : "must be whsec_ followed by 24 to 64 bytes in base64",
      description: "`whsec_` followed by 24 to 64 random bytes in base64.",
    }),
    events: Type.Optional(
      Type.Array(StringEnum(eventTypes), {
        expect: `an array of ${eventTypes.join(", ")}`,
        description: "The event types sent. Default: every type.",
      }),
    ),
    timeoutMs: integer(
      1,
      300_000,
      "Time allowed for one attempt, connection included. Default 10,000 ms.",
    ),
    attempts: integer(
      1,
      100,
      "Attempts in all, the first included, on 5xx, 429, timeouts and connection failures. Default 8.",
    ),
    backoffMs: integer(
      0,
      3_600_000,
      "Wait before the first retry, doubled on each next one (at most an hour). Default 5,000 ms.",
    ),
    maxQueue: integer(
      1,
      1_000_000,
      "Events waiting (queued or between attempts); beyond it, new ones are dropped and logged. Default 1000.",
    ),
    queue: Type.Optional(
      Methods<DeliveryQueue>(["add", "work", "deadLetters", "retry", "close"], {
        expect: "a DeliveryQueue (add, work, deadLetters, retry, close)",
        description:
          "Where messages wait for delivery. Default `memoryDeliveryQueue()`: in this process, lost when it stops. `bullmqDeliveryQueue()` from `@domain-intel/redis` keeps them in Redis for any instance to deliver. One queue a webhook.",
      }),
    ),
  },
  {
    additionalProperties: false,
    expect: "an object: { url, secret }",
    description: "One endpoint events go to, signed as Standard Webhooks do.",
  },
);

/** Two webhooks' workers on one queue would each take the other's messages. */
function sharedQueue(webhooks: readonly { queue?: unknown }[]) {
  const index = webhooks.findIndex(
    (webhook, at) =>
      webhook.queue !== undefined &&
      webhooks.slice(0, at).some((before) => before.queue === webhook.queue),
  );
  return index < 0
    ? undefined
    : { at: `[${index}].queue`, problem: "must not be another webhook's queue" };
}

export const WebhooksOptionSchema = Type.Union(
  [WebhookSchema, Type.Array(WebhookSchema, { check: sharedQueue })],
  {
    description: "Where change and expiry events are sent: one endpoint or several.",
  },
);

/** Where events go: one endpoint, signed as Standard Webhooks do. */
export type WebhookOptions = Static<typeof WebhookSchema>;
