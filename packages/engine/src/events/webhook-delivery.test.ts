import { randomBytes } from "node:crypto";
import { createEngine, type DomainEvent, memoryDeliveryQueue } from "@domain-intel/engine";
import {
  flippingProbe,
  noBuiltInProbes,
  startWebhookReceiver,
  until,
} from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";

const secret = `whsec_${randomBytes(32).toString("base64")}`;

function recordingLogger() {
  const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
  return {
    warnings,
    logger: {
      warn: (message: string, fields?: Record<string, unknown>) =>
        warnings.push({ message, fields }),
      error: (message: string, fields?: Record<string, unknown>) =>
        warnings.push({ message, fields }),
    },
  };
}

describe("webhook delivery", () => {
  it("refuses a webhook on a private address unless network.allowPrivateAddresses", async () => {
    const receiver = await startWebhookReceiver();
    const flip = flippingProbe();
    const { warnings, logger } = recordingLogger();
    const engine = createEngine({
      keys: ["k"],
      probes: { ...noBuiltInProbes, flip: flip.probe },
      webhooks: { url: receiver.url, secret, backoffMs: 10 },
      logger,
    });
    const heard: DomainEvent[] = [];
    engine.on("finding.changed", (event) => {
      heard.push(event);
    });
    try {
      await engine.lookup("flip.example", "flip");
      flip.set("fail");
      await engine.lookup("flip.example", "flip", { refresh: true });
      await engine.history("flip.example");
      expect(heard.map((event) => event.data)).toEqual([
        { section: "flip", id: "flip.check.state", before: "pass", after: "fail" },
      ]);
      await until(() => warnings.length > 0, "the refusal logged");
      expect(warnings).toEqual([
        {
          message: "webhook delivery failed",
          fields: expect.objectContaining({
            type: "finding.changed",
            attempts: 1,
            reason: expect.stringMatching(/^refused by the address policy/),
          }),
        },
      ]);
      expect(receiver.received).toEqual([]);
    } finally {
      await engine.close();
      await receiver.close();
    }
  });

  it("retries an attempt that times out, with the same id", async () => {
    const receiver = await startWebhookReceiver();
    const flip = flippingProbe();
    const engine = createEngine({
      keys: ["k"],
      network: { allowPrivateAddresses: true },
      probes: { ...noBuiltInProbes, flip: flip.probe },
      webhooks: { url: receiver.url, secret, backoffMs: 10, timeoutMs: 300 },
      logger: recordingLogger().logger,
    });
    receiver.hangFirst(1);
    try {
      await engine.lookup("flip.example", "flip");
      flip.set("warn");
      await engine.lookup("flip.example", "flip", { refresh: true });
      await until(() => receiver.received.some((r) => r.answered === 200), "a delivery", 5000);
      const ids = receiver.received.map((r) => r.headers["webhook-id"]);
      expect(ids).toHaveLength(2);
      expect(ids[1]).toBe(ids[0]);
      expect(receiver.received.map((r) => r.answered)).toEqual([0, 200]);
    } finally {
      await engine.close();
      await receiver.close();
    }
  });

  it("keeps at most maxQueue events waiting, dropping and logging the others", async () => {
    const receiver = await startWebhookReceiver();
    receiver.hangFirst(10);
    const flip = flippingProbe();
    const { warnings, logger } = recordingLogger();
    const engine = createEngine({
      keys: ["k"],
      network: { allowPrivateAddresses: true },
      probes: { ...noBuiltInProbes, flip: flip.probe },
      webhooks: { url: receiver.url, secret, timeoutMs: 5000, maxQueue: 1 },
      logger,
    });
    try {
      await engine.lookup("flip.example", "flip");
      for (const status of ["fail", "pass", "warn"]) {
        flip.set(status);
        await engine.lookup("flip.example", "flip", { refresh: true });
      }
      await engine.history("flip.example");
      await until(() => receiver.received.length === 1, "the first event sent");
      expect(warnings.map((warning) => warning.message)).toEqual([
        "webhook queue full: event dropped",
        "webhook queue full: event dropped",
      ]);
    } finally {
      await engine.close();
      await receiver.close();
    }
  });

  it("dead-letters a message after its last attempt with the reason; a retry sends it again under its id", async () => {
    const receiver = await startWebhookReceiver({ statuses: [503, 503, 503] });
    const flip = flippingProbe();
    const { warnings, logger } = recordingLogger();
    const queue = memoryDeliveryQueue();
    const engine = createEngine({
      keys: ["k"],
      network: { allowPrivateAddresses: true },
      probes: { ...noBuiltInProbes, flip: flip.probe },
      webhooks: { url: receiver.url, secret, attempts: 3, backoffMs: 10, queue },
      logger,
    });
    try {
      await engine.lookup("flip.example", "flip");
      flip.set("fail");
      await engine.lookup("flip.example", "flip", { refresh: true });
      await until(async () => (await queue.deadLetters()).length === 1, "the dead letter");
      const [letter] = await queue.deadLetters();
      const ids = receiver.received.map((request) => request.headers["webhook-id"]);
      expect(ids).toEqual([letter!.message.id, letter!.message.id, letter!.message.id]);
      expect(letter).toMatchObject({
        attempts: 3,
        reason: "the endpoint answered 503",
        message: { type: "finding.changed", domain: "flip.example" },
      });
      expect(JSON.parse(letter!.message.body)).toMatchObject({ type: "finding.changed" });
      expect(warnings).toEqual([
        {
          message: "webhook delivery failed",
          fields: expect.objectContaining({ attempts: 3, reason: "the endpoint answered 503" }),
        },
      ]);

      expect(await queue.retry("msg_unknown")).toBe(false);
      expect(await queue.retry(letter!.message.id)).toBe(true);
      await until(() => receiver.delivered().length === 1, "the retried delivery");
      expect(receiver.delivered()).toEqual([letter!.message.id]);
      expect(await queue.deadLetters()).toEqual([]);
    } finally {
      await engine.close();
      await receiver.close();
    }
  });

  it("gives up at once on an answer that retrying cannot change (4xx)", async () => {
    const receiver = await startWebhookReceiver({ statuses: [410] });
    const flip = flippingProbe();
    const queue = memoryDeliveryQueue();
    const engine = createEngine({
      keys: ["k"],
      network: { allowPrivateAddresses: true },
      probes: { ...noBuiltInProbes, flip: flip.probe },
      webhooks: { url: receiver.url, secret, backoffMs: 10, queue },
      logger: recordingLogger().logger,
    });
    try {
      await engine.lookup("flip.example", "flip");
      flip.set("fail");
      await engine.lookup("flip.example", "flip", { refresh: true });
      await until(async () => (await queue.deadLetters()).length === 1, "the dead letter");
      expect(await queue.deadLetters()).toMatchObject([
        { attempts: 1, reason: "the endpoint answered 410" },
      ]);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await engine.close();
      await receiver.close();
    }
  });

  it("names the bad webhook option and event type", () => {
    expect(() => createEngine({ keys: ["k"] }).on("domain.gone" as never, () => undefined)).toThrow(
      /engine\.on: unknown event "domain\.gone"/,
    );
    const base = { keys: ["k"] };
    expect(() => createEngine({ ...base, webhooks: { url: "ftp://x.example", secret } })).toThrow(
      /options\.webhooks\.url/,
    );
    expect(() =>
      createEngine({ ...base, webhooks: [{ url: "https://x.example", secret: "whsec_short" }] }),
    ).toThrow(/options\.webhooks\[0\]\.secret/);
    expect(() =>
      createEngine({ ...base, webhooks: { url: "https://x.example", secret, attempts: 0 } }),
    ).toThrow(/options\.webhooks\.attempts/);
    expect(() =>
      createEngine({ ...base, webhooks: { url: "https://x.example", secret, queue: {} as never } }),
    ).toThrow(/options\.webhooks\.queue\.add must be a function/);
    const shared = memoryDeliveryQueue();
    expect(() =>
      createEngine({
        ...base,
        webhooks: [
          { url: "https://x.example", secret, queue: shared },
          { url: "https://y.example", secret, queue: shared },
        ],
      }),
    ).toThrow(/options\.webhooks\[1\]\.queue must not be another webhook's queue/);
  });
});
