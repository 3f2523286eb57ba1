import { randomBytes } from "node:crypto";
import { createEngine, silentLogger } from "@domain-intel/engine";
import { bullmqDeliveryQueue } from "@domain-intel/redis";
import {
  flippingProbe,
  noBuiltInProbes,
  startRedisServer,
  startWebhookReceiver,
  until,
} from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { webhooksCommand } from "./webhooks-command.js";

const secret = `whsec_${randomBytes(32).toString("base64")}`;

async function run(argv: string[], env: NodeJS.ProcessEnv) {
  let stdout = "";
  let stderr = "";
  const code = await webhooksCommand({
    argv,
    env,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

describe("domain-intel webhooks", () => {
  it("lists the deliveries given up on in serve's queue, with the reason, and queues one again", async () => {
    const [redis, receiver] = await Promise.all([
      startRedisServer(),
      // Gone (410) at first: given up on at once; then 200.
      startWebhookReceiver({ statuses: [410] }),
    ]);
    const flip = flippingProbe();
    // The queue `serve` uses with REDIS_URL: its default name.
    const engine = createEngine({
      keys: ["k"],
      network: { allowPrivateAddresses: true },
      probes: { ...noBuiltInProbes, flip: flip.probe },
      webhooks: {
        url: receiver.url,
        secret,
        queue: bullmqDeliveryQueue({ connection: redis.url }),
      },
      logger: silentLogger,
    });
    const env = { REDIS_URL: redis.url };
    try {
      expect(await run(["list"], env)).toMatchObject({ code: 0, stdout: "" });
      await engine.lookup("gone.example", "flip");
      flip.set("fail");
      await engine.lookup("gone.example", "flip", { refresh: true });
      await until(() => receiver.received.length === 1, "the first attempt", 10_000);
      const id = receiver.received[0]!.headers["webhook-id"]!;
      let listed = await run(["list"], env);
      await until(
        async () => {
          listed = await run(["list"], env);
          return listed.stdout.includes(id);
        },
        "the dead letter listed",
        10_000,
      );
      const [header, row] = listed.stdout.trim().split("\n");
      expect(header).toMatch(/^ID\s+TYPE\s+DOMAIN\s+ATTEMPTS\s+FAILED \(UTC\)\s+REASON$/);
      expect(row).toMatch(
        new RegExp(
          `^${id}\\s+finding\\.changed\\s+gone\\.example\\s+1\\s+\\S+ \\S+\\s+the endpoint answered 410$`,
        ),
      );
      const json = JSON.parse((await run(["list", "--json", "--limit", "5"], env)).stdout);
      expect(json).toMatchObject([{ message: { id }, attempts: 1 }]);

      expect(await run(["retry", "msg_unknown"], env)).toMatchObject({
        code: 1,
        stderr: "msg_unknown is not a delivery given up on.\n",
      });
      expect(await run(["retry", id], env)).toMatchObject({ code: 0 });
      await until(() => receiver.delivered().length === 1, "the retried delivery", 10_000);
      expect(receiver.delivered()).toEqual([id]);
      expect((await run(["list", "--json"], env)).stdout).toBe("[]\n");
    } finally {
      await engine.close();
      await Promise.all([redis.stop(), receiver.close()]);
    }
  }, 60_000);

  it("says what it needs: a command, REDIS_URL, ids or --all, a sane --limit", async () => {
    expect(await run([], {})).toMatchObject({ code: 2, stderr: /webhooks needs a command/ });
    expect(await run(["purge"], {})).toMatchObject({ code: 2, stderr: /Unknown webhooks command/ });
    await expect(run(["list"], {})).rejects.toThrow(/webhooks needs REDIS_URL/);
    await expect(run(["retry"], { REDIS_URL: "redis://127.0.0.1:1" })).rejects.toThrow(
      /needs ids or --all/,
    );
    await expect(run(["retry", "a", "--all"], {})).rejects.toThrow(/needs ids or --all/);
    await expect(run(["list", "--limit", "0"], {})).rejects.toThrow(/--limit: "0"/);
    await expect(run(["list"], { REDIS_URL: "redis://127.0.0.1:1" })).rejects.toThrow(
      /Cannot connect to Redis/,
    );
    expect((await run(["--help"], {})).stdout).toContain("domain-intel webhooks list");
  });
});
