import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { silentLogger } from "@domain-intel/engine";
import {
  cleanEnv,
  startWatchLab,
  startWebhookReceiver,
  type WatchLab,
  type WebhookReceiver,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "./config-from-env.js";
import { mcpEngine } from "./mcp-command.js";

let lab: WatchLab;
let receiver: WebhookReceiver;
let directory: string;

beforeAll(async () => {
  [lab, receiver] = await Promise.all([startWatchLab(), startWebhookReceiver()]);
  directory = mkdtempSync(join(tmpdir(), "di-mcp-engine-"));
});
afterAll(async () => {
  await Promise.all([lab?.close(), receiver?.close()]);
  rmSync(directory, { recursive: true, force: true });
});

describe("the engine of domain-intel mcp", () => {
  it("neither sweeps serve's watch list nor sends its webhooks, in serve's environment", async () => {
    writeFileSync(join(directory, "watched.txt"), `${lab.domain}\n`);
    writeFileSync(join(directory, "dns.json"), JSON.stringify(lab.options.rdap!.bootstrap));
    const settings = configFromEnv(
      cleanEnv({
        DOMAIN_INTEL_RESOLVERS: lab.options.network!.resolvers![0]!,
        DOMAIN_INTEL_ALLOW_PRIVATE: "1",
        DOMAIN_INTEL_RDAP_BOOTSTRAP: join(directory, "dns.json"),
        DOMAIN_INTEL_SSL_SCAN: "0",
        DOMAIN_INTEL_SMTP: "0",
        DOMAIN_INTEL_WATCH_FILE: join(directory, "watched.txt"),
        DOMAIN_INTEL_WATCH_INTERVAL: "1s",
        DOMAIN_INTEL_WEBHOOK_URL: receiver.url,
        DOMAIN_INTEL_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString("base64")}`,
      }),
    ).engine;
    const engine = mcpEngine(settings, { logger: silentLogger });
    try {
      expect((await engine.sweep()).domains).toBe(0);
      // A change the MCP host notices is its own (its tools answer it), not serve's to announce.
      await engine.lookup(lab.domain, "dns");
      lab.setNameservers(["ns1.moved.test"]);
      await engine.lookup(lab.domain, "dns", { refresh: true });
      const history = await engine.history(lab.domain);
      expect(history.changes.map((change) => change.section)).toContain("dns");
    } finally {
      // Closing waits for webhook requests in flight.
      await engine.close();
    }
    expect(receiver.received).toEqual([]);
  });
});
