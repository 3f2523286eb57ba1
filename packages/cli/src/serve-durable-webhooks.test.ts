import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  cleanEnv,
  eventually,
  startFleetRegistry,
  startRedisServer,
  startServe,
  startWebhookReceiver,
} from "@domain-intel/test-kit";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";

const key = "durable-webhooks-key-0001";
const secret = `whsec_${randomBytes(32).toString("base64")}`;

describe("serve with REDIS_URL: webhook deliveries outlive the instance", () => {
  it("delivers every event of an instance SIGKILLed with deliveries pending, each once, from another", async () => {
    const [redis, registry, receiver] = await Promise.all([
      startRedisServer(),
      // Every registration ends in 10 days: each first look is a `domain.expiring` event.
      startFleetRegistry({ expiresInDays: 10 }),
      startWebhookReceiver(),
    ]);
    const env = cleanEnv({
      DOMAIN_INTEL_KEYS: key,
      DOMAIN_INTEL_ALLOW_PRIVATE: "1",
      DOMAIN_INTEL_RDAP_BOOTSTRAP: registry.writeBootstrap(mkdtempSync(join(tmpdir(), "di-dw-"))),
      DOMAIN_INTEL_WEBHOOK_URL: receiver.url,
      DOMAIN_INTEL_WEBHOOK_SECRET: secret,
      DOMAIN_INTEL_LOCK_DURATION: "2s",
      REDIS_URL: redis.url,
    });
    const domains = Array.from({ length: 10 }, (_, index) => `expiring-${index}.test`);
    // The endpoint is down while the first instance lives: two attempts hang (in flight when
    // it dies), the others are answered 503 and wait for their retry.
    receiver.answerAll(503);
    receiver.hangFirst(2);
    const first = await startServe(env);
    let second: Awaited<ReturnType<typeof startServe>> | undefined;
    try {
      for (const domain of domains) {
        const response = await fetch(`${first.url}/api/v1/whois/${domain}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
      const attempted = () => new Set(receiver.received.map((r) => r.headers["webhook-id"]));
      await eventually(async () => attempted().size === domains.length);
      await first.kill();
      const ids = attempted();
      expect(receiver.delivered()).toEqual([]);

      receiver.answerAll(200);
      const restarted = performance.now();
      second = await startServe(env);
      await eventually(async () => receiver.delivered().length >= domains.length, 30_000);
      const deliveredMs = Math.round(performance.now() - restarted);
      // Longer than a lock and a stalled check: a second delivery of any id would show by now.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      console.log(
        `webhooks: ${domains.length} events of a SIGKILLed instance delivered by another in ${deliveredMs} ms (its start included)`,
      );
      expect(receiver.delivered().sort()).toEqual([...ids].sort());
      const verifier = new Webhook(secret);
      const delivered = receiver.received
        .filter((request) => request.answered === 200)
        .map((request) => verifier.verify(request.body, request.headers) as { domain: string });
      expect(delivered.map((event) => event.domain).sort()).toEqual([...domains].sort());
      expect(delivered).toEqual(
        domains.map(() => expect.objectContaining({ type: "domain.expiring" })),
      );
      // Nothing was probed again: the events came from the queue, not from new lookups.
      expect([...registry.lookups.values()]).toEqual(domains.map(() => 1));
    } finally {
      await first.kill();
      await second?.stop();
      await Promise.all([redis.stop(), registry.close(), receiver.close()]);
    }
  }, 120_000);
});
