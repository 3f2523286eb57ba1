import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startDnsServer, type TestDnsServer, zoneHandler } from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer(
    zoneHandler({
      "example.com": [{ type: "A", name: "example.com", ttl: 300, data: "192.0.2.77" }],
    }),
  );
});

afterAll(async () => {
  await dns?.close();
});

/** Runs the example's local invoke script as a user would: plain node, the built packages. */
async function invoke(args: string[], env: Record<string, string> = {}) {
  const { stdout } = await run(process.execPath, [here("./invoke-local.js"), ...args], {
    cwd: here("."),
    env: { ...process.env, RESOLVERS: dns.address, ...env },
    timeout: 30_000,
  });
  return JSON.parse(stdout) as {
    statusCode: number;
    headers: Record<string, string>;
    body: string;
    isBase64Encoded: boolean;
  };
}

describe("examples/aws-lambda", () => {
  it.each([
    ["the HTTP API sample (payload 2.0, the default)", []],
    ["the REST API sample (payload 1.0)", ["events/rest-api.json"]],
  ])("answers %s with real DNS data", async (_, args) => {
    const result = await invoke(args);
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(false);
    expect(result.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = JSON.parse(result.body);
    expect(body).toMatchObject({ domain: "example.com", section: "dns", status: "ok" });
    expect(body.data.records.A).toEqual([{ address: "192.0.2.77", ttl: 300 }]);
  });

  it("refuses the sample event when its key is not configured", async () => {
    const result = await invoke([], { API_KEYS: "some-other-key" });
    expect(result.statusCode).toBe(401);
    expect(result.headers["www-authenticate"]).toContain("Bearer");
  });

  it("has a SAM template whose handler is the one the script runs", async () => {
    const template = readFileSync(here("./template.yaml"), "utf8");
    expect(template).toContain("Transform: AWS::Serverless-2016-10-31");
    const [, file, exported] = /Handler: (\w+)\.(\w+)/.exec(template) ?? [];
    expect([file, exported]).toEqual(["handler", "handler"]);
    expect(/Runtime: (nodejs\d+)\.x/.exec(template)?.[1]).toBe("nodejs20");
    for (const event of ["Type: HttpApi", "Type: Api", "FunctionUrlConfig:"]) {
      expect(template).toContain(event);
    }
  });
});
