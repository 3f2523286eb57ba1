import { createHmac } from "node:crypto";

const secretForm = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/** The key bytes of a Standard Webhooks secret (`whsec_` then base64), or undefined. */
export function webhookKey(secret: string): Buffer | undefined {
  const match = secretForm.exec(secret);
  if (!match) return undefined;
  const key = Buffer.from(match[1]!, "base64");
  // Standard Webhooks asks for 24 to 64 bytes of key.
  return key.length >= 24 && key.length <= 64 ? key : undefined;
}

/**
 * The three headers Standard Webhooks defines: the message id (the same on every retry), the
 * attempt's Unix time in seconds, and `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`.
 */
export function webhookHeaders(options: {
  readonly key: Buffer;
  readonly id: string;
  readonly timestamp: number;
  readonly body: string;
}): Record<string, string> {
  const { key, id, timestamp, body } = options;
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": `v1,${signature}`,
  };
}

/** Whether `secret` is a Standard Webhooks secret the engine takes (`whsec_`, 24 to 64 bytes). */
export const isWebhookSecret = (secret: string): boolean => webhookKey(secret) !== undefined;
