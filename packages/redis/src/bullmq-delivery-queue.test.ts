import { randomBytes } from "node:crypto";
import { createEngine, type Engine, silentLogger } from "@domain-intel/engine";
import {
  flippingProbe,
  noBuiltInProbes,
  startRedisServer,
  startWebhookReceiver,
  type TestRedisServer,
  until,
  type WebhookReceiver,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bullmqDeliveryQueue } from "./index.js";

const secret = `whsec_${randomBytes(32).toString("base64")}`;

let redis: TestRedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

/** An engine whose one section's check flips on demand, its webhook's queue on BullMQ. */
function instance(
  receiver: WebhookReceiver,
  name: string,
  overrides: { allowPrivateAddresses?: boolean; attempts?: number } = {},
) {
  const flip = flippingProbe();
  const queue = bullmqDeliveryQueue({ connection: redis.url, name, lockDurationMs: 1000 });
  const engine = createEngine({
    keys: ["k"],
    network: { allowPrivateAddresses: overrides.allowPrivateAddresses ?? true },
    probes: { ...noBuiltInProbes, flip: flip.probe },
    webhooks: {
      url: receiver.url,
      secret,
      attempts: overrides.attempts ?? 3,
      backoffMs: 50,
      queue,
    },
    logger: silentLogger,
  });
  return { engine, queue, flip };
}

/** `count` finding.changed events: the check of `count` domains moves from pass to fail. */
async function flipDomains(
  engine: Engine,
  flip: ReturnType<typeof flippingProbe>,
  count: number,
): Promise<void> {
  const domains = Array.from({ length: count }, (_, index) => `flip-${index}.example`);
  flip.set("pass");
  for (const domain of domains) await engine.lookup(domain, "flip");
  flip.set("fail");
  for (const domain of domains) await engine.lookup(domain, "flip", { refresh: true });
  for (const domain of domains) await engine.history(domain);
}

describe("bullmqDeliveryQueue", () => {
  it("retries with backoff under one id, dead-letters after the last attempt with the reason, and retries a dead letter", async () => {
    const receiver = await startWebhookReceiver({ statuses: [503, 503, 503] });
    const { engine, queue, flip } = instance(receiver, "dead-letters");
    try {
      await flipDomains(engine, flip, 1);
      await until(async () => (await queue.deadLetters()).length === 1, "the dead letter", 10_000);
      const [letter] = await queue.deadLetters();
      expect(letter).toMatchObject({
        attempts: 3,
        reason: "the endpoint answered 503",
        message: { type: "finding.changed", domain: "flip-0.example" },
      });
      const id = letter!.message.id;
      expect(receiver.received.map((request) => request.headers["webhook-id"])).toEqual([
        id,
        id,
        id,
      ]);
      // Backoff: at least 50 ms before the second attempt, twice that before the third.
      const [one, two, three] = receiver.received.map((request) => request.at);
      expect(two! - one!).toBeGreaterThanOrEqual(50);
      expect(three! - two!).toBeGreaterThanOrEqual(100);

      expect(await queue.retry("msg_none")).toBe(false);
      expect(await queue.retry(id)).toBe(true);
      await until(() => receiver.delivered().length === 1, "the retried delivery", 10_000);
      expect(receiver.delivered()).toEqual([id]);
      expect(await queue.deadLetters()).toEqual([]);
    } finally {
      await engine.close();
      await receiver.close();
    }
  }, 30_000);

  it("dead-letters at once what the address policy refuses, and the receiver hears nothing", async () => {
    const receiver = await startWebhookReceiver();
    const { engine, queue, flip } = instance(receiver, "refused", { allowPrivateAddresses: false });
    try {
      await flipDomains(engine, flip, 1);
      await until(async () => (await queue.deadLetters()).length === 1, "the dead letter", 10_000);
      const [letter] = await queue.deadLetters();
      expect(letter!.attempts).toBe(1);
      expect(letter!.reason).toMatch(/^refused by the address policy/);
      expect(receiver.received).toEqual([]);
    } finally {
      await engine.close();
      await receiver.close();
    }
  }, 30_000);

  it("keeps what one engine could not deliver for another, which delivers each message once", async () => {
    const receiver = await startWebhookReceiver();
    receiver.answerAll(503);
    const first = instance(receiver, "handover", { attempts: 8 });
    await flipDomains(first.engine, first.flip, 5);
    await until(
      () => new Set(receiver.received.map((r) => r.headers["webhook-id"])).size === 5,
      "an attempt of each event",
      10_000,
    );
    await first.engine.close();
    const ids = new Set(receiver.received.map((r) => r.headers["webhook-id"]));

    receiver.answerAll(200);
    const second = instance(receiver, "handover", { attempts: 8 });
    try {
      await until(() => receiver.delivered().length === 5, "five deliveries", 20_000);
      // Nothing more arrives: each message was delivered once.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.delivered().sort()).toEqual([...ids].sort());
      const bodies = receiver.received
        .filter((request) => request.answered === 200)
        .map((request) => JSON.parse(request.body).domain)
        .sort();
      expect(bodies).toEqual(Array.from({ length: 5 }, (_, index) => `flip-${index}.example`));
    } finally {
      await second.engine.close();
      await receiver.close();
    }
  }, 40_000);

  it("names a bad or unknown option", () => {
    expect(() => bullmqDeliveryQueue(undefined as never)).toThrow(
      /bullmqDeliveryQueue: options\.connection is required/,
    );
    expect(() => bullmqDeliveryQueue({ connection: "http://127.0.0.1:6379" })).toThrow(
      /bullmqDeliveryQueue: options\.connection must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => bullmqDeliveryQueue({ connection: redis.url, attempts: 3 } as never)).toThrow(
      /bullmqDeliveryQueue: options\.attempts is not an option/,
    );
    expect(() => bullmqDeliveryQueue({ connection: redis.url, lockDurationMs: 5 })).toThrow(
      /options\.lockDurationMs must be an integer of at least 100/,
    );
    expect(() => bullmqDeliveryQueue({ connection: redis.url, name: "a:b" })).toThrow(
      /options\.name must be/,
    );
  });
});
