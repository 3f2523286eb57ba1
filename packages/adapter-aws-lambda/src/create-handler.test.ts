import { createEngine, type EngineOptions, silentLogger } from "@domain-intel/engine";
import {
  fixture,
  resultBody,
  startDnsServer,
  type TestDnsServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  APIGatewayProxyHandler,
  APIGatewayProxyHandlerV2,
  Context,
  LambdaFunctionURLEvent,
  LambdaFunctionURLHandler,
} from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHandler, type LambdaEventV1, type LambdaEventV2 } from "./index.js";

let dns: TestDnsServer;
let options: EngineOptions;

beforeAll(async () => {
  dns = await startDnsServer(
    zoneHandler({
      "example.test": [{ type: "A", name: "example.test", ttl: 300, data: "192.0.2.44" }],
    }),
  );
  options = {
    keys: ["lambda-fixture-key"],
    probes: { whois: false, ssl: false, mail: false, hosting: false },
    network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 5000 },
    logger: silentLogger,
  };
});

afterAll(async () => {
  await dns?.close();
});

const body = (result: { body: string; isBase64Encoded: boolean }) =>
  JSON.parse(resultBody({ ...result, statusCode: 0, headers: {} }).toString());

describe("createHandler", () => {
  it("answers the stored REST API, HTTP API and function URL samples", async () => {
    const handler = createHandler(options);
    for (const name of ["rest-api-v1", "http-api-v2"] as const) {
      const result = await handler(fixture(name));
      expect(result.statusCode, name).toBe(200);
      expect(result.isBase64Encoded).toBe(false);
      expect(result.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(body(result).data.records.A).toEqual([{ address: "192.0.2.44", ttl: 300 }]);
    }
    // The function URL sample is a POST with a base64 body: read, and refused by the engine.
    const post = await handler(fixture("function-url"));
    expect(post.statusCode).toBe(405);
    expect(body(post).code).toBe("method_not_allowed");
  });

  it("strips a stage or custom-domain base path given as basePath", async () => {
    const custom = fixture("rest-api-v1-custom-domain");
    const withBase = createHandler({ engine: options, basePath: "/intel" });
    expect((await withBase(custom)).statusCode).toBe(200);
    // The same function still answers on its plain stage URL.
    expect((await withBase(fixture("rest-api-v1"))).statusCode).toBe(200);
    const without = await createHandler(options)(custom);
    expect(without.statusCode).toBe(404);
    expect(body(without).code).toBe("not_found");

    const staged = createHandler({ engine: createEngine(options), basePath: "/prod" });
    const first = await staged(fixture("http-api-v2-stage"));
    expect(first.statusCode).toBe(200);
    expect(body(first).domain).toBe("example.test");
  });

  it("creates the engine once, when the handler is created, not per invocation", async () => {
    const handler = createHandler(options);
    const queriesBefore = dns.queries.length;
    const answers = [];
    for (let invocation = 0; invocation < 3; invocation++) {
      answers.push(body(await handler(fixture("http-api-v2"))).cache);
    }
    expect(answers).toEqual(["miss", "hit", "hit"]);
    const probed = dns.queries.length - queriesBefore;
    expect(probed).toBeGreaterThan(0);
    await handler(fixture("rest-api-v1"));
    expect(dns.queries.length - queriesBefore).toBe(probed);
  });

  it("answers a malformed event with a 400 bad_request problem instead of throwing", async () => {
    const handler = createHandler(options);
    const broken = [
      undefined,
      null,
      "GET /",
      { version: "2.0", rawPath: "/api/v1/openapi.json" },
      { ...fixture("function-url"), body: "%%%", isBase64Encoded: true },
      { ...fixture("rest-api-v1"), multiValueHeaders: { Accept: "*/*" } },
    ];
    for (const event of broken) {
      const result = await handler(event);
      expect(result.statusCode, JSON.stringify(event)).toBe(400);
      expect(result.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
      expect(body(result)).toMatchObject({
        type: "https://domain-intel.dev/problems/bad-request",
        title: "Bad request",
        status: 400,
        code: "bad_request",
      });
    }
  });

  it("checks its options when called, naming the bad one", () => {
    const cases: [unknown, string][] = [
      [null, "createHandler: options"],
      [{ keys: [] }, "options.keys"],
      [{ engine: options, basePath: "prod" }, "options.basePath"],
      [{ engine: options, basePath: "/prod/" }, "options.basePath"],
      [{ engine: options, basePath: 7 }, "options.basePath"],
      [{ engine: options, keys: ["k"] }, "options.keys"],
      [{ engine: null }, "options.engine"],
      [{ engine: { ...options, docs: "no" } }, "options.docs"],
    ];
    for (const [given, message] of cases) {
      expect(() => createHandler(given as never), message).toThrow(TypeError);
      expect(() => createHandler(given as never)).toThrow(message);
    }
  });

  it("fits the handler and event types of @types/aws-lambda", async () => {
    const handler = createHandler(options);
    const rest: APIGatewayProxyHandler = handler;
    const http: APIGatewayProxyHandlerV2 = handler;
    const url: LambdaFunctionURLHandler = handler;
    // Its own event types accept the AWS ones.
    const v1: LambdaEventV1 = fixture("rest-api-v1") as APIGatewayProxyEvent;
    const v2: LambdaEventV2 = fixture("http-api-v2") as APIGatewayProxyEventV2;
    const context = {} as Context;
    const results = await Promise.all([
      rest(v1 as APIGatewayProxyEvent, context, () => undefined),
      http(v2 as APIGatewayProxyEventV2, context, () => undefined),
      url(fixture("function-url") as LambdaFunctionURLEvent, context, () => undefined),
    ]);
    expect(results.map((result) => (result as { statusCode: number }).statusCode)).toEqual([
      200, 200, 405,
    ]);
  });
});
