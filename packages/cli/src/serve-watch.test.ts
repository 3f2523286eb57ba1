import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  cleanEnv,
  eventually,
  type ServeProcess,
  startRedisServer,
  startServe,
  startWatchLab,
  startWebhookReceiver,
  type TestRedisServer,
  type WatchLab,
  type WebhookReceiver,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const key = "serve-watch-key-0123456789";
const secret = `whsec_${randomBytes(32).toString("base64")}`;

describe("serve watching a file of domains, with Redis", { timeout: 90_000 }, () => {
  let lab: WatchLab;
  let receiver: WebhookReceiver;
  let redis: TestRedisServer;
  let serve: ServeProcess;

  beforeAll(async () => {
    [lab, receiver, redis] = await Promise.all([
      startWatchLab(),
      startWebhookReceiver(),
      startRedisServer(),
    ]);
    const dir = mkdtempSync(join(tmpdir(), "di-watch-"));
    writeFileSync(join(dir, "watched.txt"), `# the lab's domain\n${lab.domain}\n`);
    writeFileSync(join(dir, "dns.json"), JSON.stringify(lab.options.rdap!.bootstrap));
    serve = await startServe(
      cleanEnv({
        DOMAIN_INTEL_KEYS: key,
        DOMAIN_INTEL_RESOLVERS: lab.options.network!.resolvers![0]!,
        DOMAIN_INTEL_ALLOW_PRIVATE: "1",
        DOMAIN_INTEL_RDAP_BOOTSTRAP: join(dir, "dns.json"),
        DOMAIN_INTEL_SSL_SCAN: "0",
        DOMAIN_INTEL_SMTP: "0",
        DOMAIN_INTEL_WATCH_FILE: join(dir, "watched.txt"),
        DOMAIN_INTEL_WATCH_INTERVAL: "1s",
        DOMAIN_INTEL_WEBHOOK_URL: receiver.url,
        DOMAIN_INTEL_WEBHOOK_SECRET: secret,
        REDIS_URL: redis.url,
      }),
    );
  }, 60_000);
  afterAll(async () => {
    await serve?.stop();
    await Promise.all([lab?.close(), receiver?.close(), redis?.stop()]);
  });

  const history = async () => {
    const response = await fetch(`${serve.url}/api/v1/history/${lab.domain}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      snapshots: { section: string }[];
      changes: { kind: string; section: string }[];
    };
  };

  it("sweeps on its own and sends a signed event when the nameservers move", async () => {
    await eventually(async () =>
      (await history()).snapshots.some((snapshot) => snapshot.section === "dns"),
    );
    expect(serve.output()).toContain("DOMAIN_INTEL_WATCH_INTERVAL=1s");
    expect(serve.output()).not.toContain(secret.slice(6));
    lab.setNameservers(["ns1.moved.test"]);
    const moved = () =>
      receiver.received
        .map((request) => JSON.parse(request.body))
        .filter((event) => event.type === "nameservers.changed" && event.data.section === "dns");
    await eventually(async () => moved().length > 0);
    expect(moved()).toHaveLength(1);
    expect(moved()[0]).toMatchObject({
      domain: lab.domain,
      data: { path: "records.NS", after: [{ host: "ns1.moved.test" }] },
    });
    for (const request of receiver.received) {
      const { "webhook-id": id, "webhook-timestamp": timestamp } = request.headers;
      const expected = createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
        .update(`${id}.${timestamp}.${request.body}`)
        .digest("base64");
      expect(request.headers["webhook-signature"]).toBe(`v1,${expected}`);
    }
    const changes = (await history()).changes;
    expect(
      changes
        .filter((change) => change.kind === "nameservers")
        .map((c) => c.section)
        .sort(),
    ).toEqual(["dns", "whois"]);
  });
});
