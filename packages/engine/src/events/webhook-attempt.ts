import { request } from "undici";
import type { NetworkPolicy } from "../contract/probe.js";
import { describeError } from "../logging/logger.js";
import { AddressNotAllowedError } from "../network/connect-target.js";
import { createGuardedDispatcher } from "../network/http-dispatcher.js";
import type { AttemptOutcome, WebhookMessage } from "./delivery-queue.js";
import { webhookHeaders } from "./webhook-signature.js";

const isAddressRefused = (error: unknown): boolean =>
  error instanceof AddressNotAllowedError ||
  (error as { cause?: unknown } | null)?.cause instanceof AddressNotAllowedError;

export interface WebhookEndpoint {
  /** One signed POST of `message`; never rejects. */
  send(message: WebhookMessage): Promise<AttemptOutcome>;
  close(): Promise<void>;
}

/**
 * One webhook endpoint: each attempt a POST signed anew (Standard Webhooks: the message's id,
 * this attempt's time), through network/'s guarded dispatcher, so the endpoint is resolved by
 * the engine's resolvers and refused on a private address unless `allowPrivateAddresses`.
 * 2xx is delivered; 5xx, 408, 429, a timeout or a connection failure is worth a retry; any
 * other answer, or an address the policy refuses, is final.
 */
export function webhookEndpoint(options: {
  readonly url: string;
  readonly key: Buffer;
  readonly timeoutMs: number;
  readonly network: NetworkPolicy;
}): WebhookEndpoint {
  const { url, key, timeoutMs } = options;
  const dispatcher = createGuardedDispatcher({
    network: { ...options.network, timeoutMs },
    connectTimeoutMs: timeoutMs,
  });
  return {
    async send(message) {
      try {
        const response = await request(url, {
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
        // What the endpoint says is not read: a bounded wait for it to finish, no more.
        await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        const status = response.statusCode;
        if (status >= 200 && status < 300) return { outcome: "delivered" };
        const reason = `the endpoint answered ${status}`;
        const retry = status >= 500 || status === 408 || status === 429;
        return { outcome: retry ? "retry" : "final", reason };
      } catch (error) {
        if (isAddressRefused(error))
          return {
            outcome: "final",
            reason: `refused by the address policy: ${describeError(error)}`,
          };
        return { outcome: "retry", reason: describeError(error) };
      }
    },
    close: () => dispatcher.close(),
  };
}
