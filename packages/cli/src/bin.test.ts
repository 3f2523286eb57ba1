import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startDnsServer, type TestDnsServer, zoneHandler } from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The built command, as `pnpm test` builds it first: this is what users run.
const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const run = promisify(execFile);
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer(
    zoneHandler({
      "shop.test": [
        { type: "A", name: "shop.test", ttl: 120, data: "192.0.2.7" },
        {
          type: "MX",
          name: "shop.test",
          ttl: 120,
          data: { preference: 10, exchange: "mail.shop.test" },
        },
      ],
    }),
  );
});
afterAll(() => dns?.close());

describe("domain-intel report", () => {
  it("prints one section as JSON", async () => {
    const { stdout } = await run(
      process.execPath,
      [bin, "report", "SHOP.test.", "--section", "dns", "--json", "--fail-on", "never"],
      {
        env: { ...process.env, DOMAIN_INTEL_RESOLVERS: dns.address },
      },
    );
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({
      domain: "shop.test",
      section: "dns",
      status: "ok",
      cache: "miss",
    });
    expect(result.data.records.A).toEqual([{ address: "192.0.2.7", ttl: 120 }]);
    expect(result.data.records.MX).toEqual([
      { preference: 10, exchange: "mail.shop.test", ttl: 120 },
    ]);
  });

  it("exits 2 with a clear message for a bad domain or command", async () => {
    await expect(run(process.execPath, [bin, "report", "127.0.0.1"])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("An IP address is not a domain name."),
    });
    await expect(run(process.execPath, [bin, "frobnicate"])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Unknown command"),
    });
  });
});
