import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  resultBody,
  startDnsServer,
  startRedisServer,
  type TestDnsServer,
  type TestRedisServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer(
    zoneHandler({
      "example.com": [{ type: "A", name: "example.com", ttl: 300, data: "192.0.2.77" }],
      "example.net": [{ type: "A", name: "example.net", ttl: 600, data: "198.51.100.8" }],
      "example.org": [{ type: "AAAA", name: "example.org", ttl: 900, data: "2001:db8::42" }],
    }),
  );
});

afterAll(async () => {
  await dns?.close();
});

interface HttpResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded: boolean;
}

/** Runs the example's local invoke script as a user would: plain node, the built packages. */
async function invoke<Result = HttpResult>(args: string[], env: Record<string, string> = {}) {
  const { stdout } = await run(process.execPath, [here("./invoke-local.js"), ...args], {
    cwd: here("."),
    env: { ...process.env, RESOLVERS: dns.address, ...env },
    timeout: 30_000,
  });
  return JSON.parse(stdout) as Result;
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
    const handlers = [...template.matchAll(/Handler: (\w+)\.(\w+)/g)].map(([, file, name]) =>
      [file, name].join("."),
    );
    expect(handlers).toEqual(["handler.handler", "worker.handler"]);
    expect(/Runtime: (nodejs\d+)\.x/.exec(template)?.[1]).toBe("nodejs20");
    for (const event of [
      "Type: HttpApi",
      "Type: Api",
      "FunctionUrlConfig:",
      "Type: Schedule",
      "Schedule: rate(1 minute)",
      "REDIS_URL: !Ref RedisUrl",
    ]) {
      expect(template).toContain(event);
    }
  });
});

describe("examples/aws-lambda batch jobs on Redis", () => {
  let redis: TestRedisServer;

  beforeAll(async () => {
    redis = await startRedisServer();
  });

  afterAll(async () => {
    await redis?.stop();
  });

  it("queues a batch through the API function, works it in the worker function, then serves its results", async () => {
    const env = { REDIS_URL: redis.url };
    const posted = await invoke(["events/batch-post.json"], env);
    expect(posted.statusCode).toBe(202);
    const job = JSON.parse(posted.body);
    expect(job).toMatchObject({ status: "queued", total: 3, done: 0 });
    const status = ["--path", `/api/v1/batch/${job.id}`];
    // Another API invocation reads the job from Redis; nothing works it until the worker runs.
    expect(JSON.parse((await invoke(status, env)).body).status).toBe("queued");

    expect(await invoke(["--worker"], env)).toEqual({ stopped: "idle" });

    const done = await invoke(status, env);
    expect(done.statusCode).toBe(200);
    expect(JSON.parse(done.body)).toMatchObject({ id: job.id, status: "done", done: 3, failed: 0 });
    const results = await invoke(["--path", `/api/v1/batch/${job.id}/results`], env);
    expect(results.statusCode).toBe(200);
    expect(results.headers["content-type"]).toContain("application/x-ndjson");
    // NDJSON is not among the types the adapter sends as text: an HTTP API decodes it.
    const lines = resultBody(results)
      .toString()
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    const records = Object.fromEntries(
      lines.map((line) => [line.domain, line.sections.dns.data.records]),
    );
    expect(records["example.com"].A).toEqual([{ address: "192.0.2.77", ttl: 300 }]);
    expect(records["example.net"].A).toEqual([{ address: "198.51.100.8", ttl: 600 }]);
    expect(records["example.org"].AAAA).toEqual([{ address: "2001:db8::42", ttl: 900 }]);
  });

  it("refuses to start the worker without REDIS_URL, naming it", async () => {
    await expect(invoke(["--worker"])).rejects.toThrow(/REDIS_URL is required/);
  });
});
