import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createEngine,
  type EngineRequest,
  type EngineResponse,
  keysFromStore,
  silentLogger,
} from "@domain-intel/engine";
import { createNodeHandler } from "@domain-intel/engine/node";
import { countingProbe, noBuiltInProbes } from "@domain-intel/test-kit";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { MediaTypeObject, OpenAPIObject } from "openapi3-ts/oas31";
import { afterEach, describe, expect, it } from "vitest";
import { fileKeyStore } from "./file-key-store.js";
import { keyIssuing } from "./key-issuing.js";
import type { KeyIssuingOptions } from "./key-issuing-options.js";

const adminSecret = "admin-secret-0123456789abcdef";
const keyFile = () => join(mkdtempSync(join(tmpdir(), "di-issue-")), "keys.json");
const json = (response: EngineResponse) => JSON.parse(Buffer.from(response.body).toString("utf8"));
const problemType = "application/problem+json; charset=utf-8";

/** Validates a value against one of the document's component schemas, with a real validator. */
function componentValidator(document: OpenAPIObject) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const id = "https://domain-intel.test/keys.json";
  ajv.addSchema({ $id: id, components: document.components }, id);
  return (name: string, value: unknown) => {
    const validate = ajv.getSchema(`${id}#/components/schemas/${name}`)!;
    return validate(value) ? [] : validate.errors;
  };
}

function post(
  body: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${adminSecret}` },
): EngineRequest {
  return {
    method: "POST",
    url: "/api/v1/keys",
    headers: { "content-type": "application/json", ...headers },
    body: Buffer.from(typeof body === "string" ? body : JSON.stringify(body)),
  };
}

/** An engine whose API keys live in the same file store the route issues into. */
function engineWith(issuing: Partial<KeyIssuingOptions> | false) {
  const store = fileKeyStore({ path: keyFile() });
  const engine = createEngine({
    keys: keysFromStore({ store, cacheMs: 0 }),
    probes: {
      ...noBuiltInProbes,
      echo: countingProbe().probe,
    },
    logger: silentLogger,
    rateLimit: { plans: { pro: { capacity: 100, refillPerSecond: 1 } } },
    ...(issuing === false
      ? {}
      : { routes: [keyIssuing({ store, adminSecret, ...issuing } as KeyIssuingOptions)] }),
  });
  return { engine, store };
}

describe("POST /keys, the key-issuing route", () => {
  it("is off by default: 404, and not in the OpenAPI document", async () => {
    const { engine } = engineWith(false);
    const response = await engine.handle(post({ name: "x" }));
    expect(response.status).toBe(404);
    expect(json(response).code).toBe("not_found");
    expect(engine.openApiDocument.paths?.["/keys"]).toBeUndefined();
  });

  it("issues a key once with the admin secret; the key then works and is stored as a hash", async () => {
    const { engine, store } = engineWith({});
    const response = await engine.handle(post({ name: "partner", plan: "pro", expires: "30d" }));
    expect(response.status).toBe(201);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["ratelimit-policy"]).toMatch(/^"keys";q=10;w=\d+$/);
    const issued = json(response);
    expect(issued).toMatchObject({ name: "partner", plan: "pro" });
    expect(issued.key).toMatch(/^di_[0-9A-Za-z]{32}$/);
    const lifetimeMs = Date.parse(issued.expiresAt) - Date.parse(issued.createdAt);
    expect(Math.abs(lifetimeMs - 30 * 86_400_000)).toBeLessThan(5_000);
    expect(readFileSync((store as { path: string }).path, "utf8")).not.toContain(issued.key);
    expect(componentValidator(engine.openApiDocument)("IssuedKey", issued)).toEqual([]);

    const use = await engine.handle({
      method: "GET",
      url: "/api/v1/echo/example.com",
      headers: { authorization: `Bearer ${issued.key}` },
    });
    expect(use.status).toBe(200);
    expect(use.headers["ratelimit-policy"]).toContain('"pro"');
  });

  it("answers 401 without the admin secret or with a wrong one, and stores nothing", async () => {
    const { engine, store } = engineWith({});
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Bearer wrong-secret-0123456789abcdef" },
      { authorization: `Bearer ${adminSecret}x` },
      { authorization: `Basic ${adminSecret}` },
    ]) {
      const response = await engine.handle(post({ name: "x" }, headers));
      expect(response.status).toBe(401);
      expect(response.headers["content-type"]).toBe(problemType);
      expect(response.headers["www-authenticate"]).toContain("Bearer");
      expect(json(response).code).toBe("unauthorized");
    }
    expect(await store.list()).toEqual([]);
  });

  it("answers 400 for a body that is not a valid key request", async () => {
    // Each refused request still costs a token (so junk is limited too): a roomy bucket here.
    const { engine, store } = engineWith({ rateLimit: { capacity: 100, refillPerSecond: 1 } });
    const cases: [EngineRequest, string][] = [
      [post("{"), "not valid JSON"],
      [post([]), "JSON object"],
      [post({}), '"name"'],
      [post({ name: "" }), '"name"'],
      [post({ name: "a\u0007b" }), "control characters"],
      [post({ name: "x", plan: "gold" }), "one of default, pro"],
      [post({ name: "x", expires: "yesterday" }), '"expires"'],
      [post({ name: "x", admin: true }), 'Unknown field "admin"'],
      [post({ name: 42 }), '"name" must be a string'],
      [{ ...post({ name: "x" }), headers: { authorization: `Bearer ${adminSecret}` } }, "JSON"],
      [post({ name: "x".repeat(20_000) }), "larger than 16384 bytes"],
    ];
    for (const [request, detail] of cases) {
      const response = await engine.handle(request);
      expect(response.status, detail).toBe(400);
      expect(response.headers["content-type"]).toBe(problemType);
      expect(json(response)).toMatchObject({ code: "bad_request" });
      expect(json(response).detail).toContain(detail);
    }
    expect(await store.list()).toEqual([]);
  });

  it("answers 405 with Allow: POST to other methods, and keeps 405 GET, HEAD elsewhere", async () => {
    const { engine } = engineWith({});
    for (const method of ["GET", "HEAD", "PUT", "DELETE"]) {
      const response = await engine.handle({ ...post({ name: "x" }), method });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe("POST");
    }
    const elsewhere = await engine.handle({ ...post({ name: "x" }), url: "/api/v1/echo/a.com" });
    expect(elsewhere.status).toBe(405);
    expect(elsewhere.headers.allow).toBe("GET, HEAD");
  });

  it("rate limits issuing, 429 with Retry-After, even with rateLimit off", async () => {
    const { engine } = engineWith({ rateLimit: { capacity: 2, refillPerSecond: 0.001 } });
    const statuses: number[] = [];
    let last: EngineResponse | undefined;
    for (let index = 0; index < 4; index++) {
      last = await engine.handle(post({ name: `key ${index}` }));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect(json(last!).code).toBe("rate_limited");
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(100);

    const store = fileKeyStore({ path: keyFile() });
    const unlimited = createEngine({
      keys: keysFromStore({ store }),
      rateLimit: false,
      logger: silentLogger,
      routes: [
        keyIssuing({ store, adminSecret, rateLimit: { capacity: 1, refillPerSecond: 0.001 } }),
      ],
    });
    expect((await unlimited.handle(post({ name: "a" }))).status).toBe(201);
    expect((await unlimited.handle(post({ name: "b" }))).status).toBe(429);
  });

  describe("with the host's authorize(request)", () => {
    it("refuses with 401 when authorize says no, and 500 (logged) when it throws", async () => {
      const errors: string[] = [];
      const store = fileKeyStore({ path: keyFile() });
      const engine = createEngine({
        keys: keysFromStore({ store }),
        logger: { warn: () => undefined, error: (message) => errors.push(message) },
        routes: [
          keyIssuing({
            store,
            authorize: (request) => {
              if (request.headers.cookie === "session=boom") throw new Error("session db down");
              return request.headers.cookie === "session=valid";
            },
          }),
        ],
      });
      const refused = await engine.handle(post({ name: "x" }, { cookie: "session=nope" }));
      expect(refused.status).toBe(401);
      expect(json(refused).code).toBe("unauthorized");
      const broken = await engine.handle(post({ name: "x" }, { cookie: "session=boom" }));
      expect(broken.status).toBe(500);
      expect(Buffer.from(broken.body).toString()).not.toContain("session db down");
      expect(errors).toEqual(["keyIssuing.authorize failed"]);
      // The admin secret means nothing here: only the host decides.
      expect((await engine.handle(post({ name: "x" }))).status).toBe(401);
      const allowed = await engine.handle(post({ name: "x" }, { cookie: "session=valid" }));
      expect(allowed.status).toBe(201);
      expect(await store.list()).toHaveLength(1);
    });

    it("lets the grant fix name and plan, refuses a plan the host did not grant", async () => {
      const { engine } = engineWith({
        adminSecret: undefined,
        authorize: async (request) => {
          const user = request.headers["x-user"];
          return user ? { subject: user, name: `self-service ${user}`, plan: "pro" } : false;
        },
        rateLimit: { capacity: 1, refillPerSecond: 0.001 },
      });
      const issued = await engine.handle(post({ name: "ignored" }, { "x-user": "alice" }));
      expect(issued.status).toBe(201);
      expect(json(issued)).toMatchObject({ name: "self-service alice", plan: "pro" });
      // One bucket per subject: alice has used hers, bob has not.
      expect((await engine.handle(post({}, { "x-user": "alice" }))).status).toBe(429);
      expect((await engine.handle(post({}, { "x-user": "bob" }))).status).toBe(201);

      const { engine: plain } = engineWith({ adminSecret: undefined, authorize: () => true });
      const chosen = await plain.handle(post({ name: "x", plan: "pro" }, {}));
      expect(chosen.status).toBe(400);
      expect(json(chosen).detail).toContain("chosen by the host");
      expect((await plain.handle(post({ name: "x" }, {}))).status).toBe(201);
    });
  });

  it("is documented in openapi.json only when on, as a valid OpenAPI 3.1 document", async () => {
    const { engine } = engineWith({});
    const document = engine.openApiDocument;
    expect(document.paths?.["/keys"]?.post?.security).toEqual([{ adminSecret: [] }]);
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    const validate = componentValidator(document);
    const operation = document.paths!["/keys"]!.post!;
    const requestExample = (
      operation.requestBody as { content: Record<string, { example: unknown }> }
    ).content["application/json"]!.example;
    expect(validate("KeyRequest", requestExample)).toEqual([]);
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if ("$ref" in response) continue;
      const content = (response as { content?: Record<string, MediaTypeObject> }).content ?? {};
      for (const media of Object.values(content)) {
        const name = (media.schema as { $ref: string }).$ref.split("/").pop()!;
        expect(validate(name, media.example), status).toEqual([]);
      }
    }
    const { engine: hosted } = engineWith({ adminSecret: undefined, authorize: () => true });
    expect(hosted.openApiDocument.paths?.["/keys"]?.post?.security).toEqual([]);
    expect(hosted.openApiDocument.components?.securitySchemes?.adminSecret).toBeUndefined();
    // Same options, same bytes.
    expect(JSON.stringify(engineWith({}).engine.openApiDocument)).toBe(JSON.stringify(document));
  });

  it.each([
    [{ adminSecret }, "keyIssuing: options.store"],
    [{ store: "x", adminSecret }, "keyIssuing: options.store"],
    [{}, "exactly one of adminSecret and authorize"],
    [{ adminSecret, authorize: () => true }, "exactly one"],
    [{ adminSecret: "short" }, "keyIssuing: options.adminSecret"],
    [{ adminSecret: `${adminSecret} x` }, "keyIssuing: options.adminSecret"],
    [{ authorize: "yes" }, "keyIssuing: options.authorize"],
    [{ adminSecret, rateLimit: { capacity: 0 } }, "keyIssuing: options.rateLimit.capacity"],
    ["on", "keyIssuing: options must be an object"],
  ])("keyIssuing(%j) is refused with a TypeError naming the option", (options, message) => {
    const store = fileKeyStore({ path: keyFile() });
    const withStore =
      typeof options === "object" && options !== null && !("store" in options)
        ? { ...options, store }
        : options;
    const make = () => keyIssuing((message.endsWith(".store") ? options : withStore) as never);
    expect(make).toThrow(TypeError);
    expect(make).toThrow(message);
  });

  it("says where the engine's old keyIssuing option went", () => {
    const store = fileKeyStore({ path: keyFile() });
    const old = () => createEngine({ keys: ["k"], keyIssuing: { store, adminSecret } as never });
    expect(old).toThrow(TypeError);
    expect(old).toThrow(
      "options.keyIssuing has moved: add routes: [keyIssuing({ store, adminSecret })] from @domain-intel/api-keys",
    );
    // false, "off", still means what it meant.
    expect(createEngine({ keys: ["k"], keyIssuing: false }).openApiDocument.paths?.["/keys"]).toBe(
      undefined,
    );
  });

  it("keeps answering 404 below /keys", async () => {
    const { engine } = engineWith({});
    const below = await engine.handle({ ...post({ name: "x" }), url: "/api/v1/keys/extra" });
    expect(below.status).toBe(404);
    expect(json(below).code).toBe("not_found");
  });
});

describe("POST /keys over real HTTP (node:http)", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  it("reads the JSON body, and refuses an oversized one without reading it all", async () => {
    const { engine } = engineWith({});
    server = createServer(createNodeHandler(engine));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/keys`;
    const headers = { authorization: `Bearer ${adminSecret}`, "content-type": "application/json" };
    const created = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "over http" }),
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { name: string }).name).toBe("over http");

    const huge = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { detail: string }).detail).toContain("larger than");
    // The connection is still good for the next request.
    const again = await fetch(url, { method: "POST", headers, body: '{"name":"after"}' });
    expect(again.status).toBe(201);
  });
});
