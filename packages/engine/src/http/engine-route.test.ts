import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { DomainIntelError } from "../contract/domain-intel-error.js";
import { createEngine } from "../engine.js";
import type { EngineOptions } from "../engine-options.js";
import { silentLogger } from "../logging/logger.js";
import type { EngineRequest, EngineResponse } from "./engine-http.js";
import type { EngineRoute, EngineRouteContext, EngineRouteRequest } from "./engine-route.js";
import { jsonResponse } from "./responses.js";

const json = (response: EngineResponse) => JSON.parse(Buffer.from(response.body).toString("utf8"));
const get = (url: string, method = "GET"): EngineRequest => ({ method, url, headers: {} });
const base: EngineOptions = { keys: ["route-key"], logger: silentLogger };

/** A route that answers with what it was given, so each test can look at it. */
function recordingRoute(path: string) {
  const seen: { request: EngineRouteRequest; context: EngineRouteContext }[] = [];
  const route: EngineRoute = {
    path,
    handle(request, context) {
      seen.push({ request, context });
      if (request.subpath === "/refused") {
        throw new DomainIntelError("unauthorized", "Not for you.", {
          headers: { "www-authenticate": "Bearer" },
        });
      }
      if (request.subpath === "/broken") throw new Error("plugin bug with a secret inside");
      return jsonResponse(
        200,
        JSON.stringify({ method: request.method, subpath: request.subpath }),
      );
    },
  };
  return { route, seen };
}

describe("routes that plugins add (options.routes)", () => {
  it("dispatches its path and everything below it, any method, without an API key", async () => {
    const { route, seen } = recordingRoute("/plugin");
    const engine = createEngine({ ...base, routes: [route] });
    const cases = [
      ["/api/v1/plugin", "GET", ""],
      ["/api/v1/plugin?x=1", "POST", ""],
      ["/api/v1/plugin/a/b", "DELETE", "/a/b"],
    ] as const;
    for (const [url, method, subpath] of cases) {
      const response = await engine.handle(get(url, method));
      expect(response.status, url).toBe(200);
      expect(json(response)).toEqual({ method, subpath });
    }
    expect(seen).toHaveLength(3);
    // Not a prefix of a longer segment, and not outside the base path.
    for (const url of ["/api/v1/plugins", "/plugin", "/api/v2/plugin"]) {
      expect((await engine.handle(get(url))).status, url).toBe(404);
    }
    expect(engine.owns("/plugin")).toBe(false);
  });

  it("answers HEAD without the body, as every engine route", async () => {
    const { route } = recordingRoute("/plugin");
    const engine = createEngine({ ...base, routes: [route] });
    const head = await engine.handle(get("/api/v1/plugin", "HEAD"));
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  });

  it("turns a DomainIntelError into its problem and anything else into a logged 500", async () => {
    const errors: string[] = [];
    const { route } = recordingRoute("/plugin");
    const engine = createEngine({
      ...base,
      logger: { warn: () => undefined, error: (message) => errors.push(message) },
      routes: [route],
    });
    const refused = await engine.handle(get("/api/v1/plugin/refused"));
    expect(refused.status).toBe(401);
    expect(refused.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(refused.headers["www-authenticate"]).toBe("Bearer");
    expect(json(refused)).toMatchObject({ code: "unauthorized", detail: "Not for you." });
    const broken = await engine.handle(get("/api/v1/plugin/broken"));
    expect(broken.status).toBe(500);
    expect(Buffer.from(broken.body).toString()).not.toContain("secret");
    expect(errors).toEqual(["request failed unexpectedly"]);
  });

  it("lends the engine's logger, plans, OpenAPI document, and a rate-limit store even with rateLimit: false", async () => {
    const { route, seen } = recordingRoute("/plugin");
    const limited = createEngine({
      ...base,
      rateLimit: { plans: { pro: { capacity: 5, refillPerSecond: 1 } } },
      routes: [route],
    });
    await limited.handle(get("/api/v1/plugin"));
    const unlimited = createEngine({ ...base, rateLimit: false, routes: [route] });
    await unlimited.handle(get("/api/v1/plugin"));
    const [first, second] = seen.map((call) => call.context);
    expect([...first!.plans!].sort()).toEqual(["default", "pro"]);
    expect(first!.logger).toBe(silentLogger);
    expect(first!.openApiDocument).toBe(limited.openApiDocument);
    expect(second!.plans).toBeUndefined();
    const plan = { capacity: 1, refillPerSecond: 0.001 };
    expect((await second!.rateLimitStore.take("k", plan, 1)).allowed).toBe(true);
    expect((await second!.rateLimitStore.take("k", plan, 1)).allowed).toBe(false);
  });

  it("adds a route's paths and components to openapi.json, a valid OpenAPI 3.1 document", async () => {
    const route: EngineRoute = {
      ...recordingRoute("/plugin").route,
      openApi: ({ problem }) => ({
        tags: [{ name: "plugin", description: "A plugin's route." }],
        schemas: { PluginAnswer: { type: "object", properties: { ok: { type: "boolean" } } } },
        paths: {
          "/plugin": {
            post: {
              operationId: "pluginPost",
              tags: ["plugin"],
              responses: {
                "200": {
                  description: "Done.",
                  content: {
                    "application/json": { schema: { $ref: "#/components/schemas/PluginAnswer" } },
                  },
                },
                "401": problem({
                  code: "unauthorized",
                  description: "Refused.",
                  detail: "Not for you.",
                }),
              },
            },
          },
        },
      }),
    };
    const engine = createEngine({ ...base, routes: [route] });
    const document = engine.openApiDocument;
    expect(document.paths?.["/plugin"]?.post?.operationId).toBe("pluginPost");
    expect(document.components?.schemas?.PluginAnswer).toBeDefined();
    const example = (
      document.paths!["/plugin"]!.post!.responses!["401"] as {
        content: Record<string, { example: unknown }>;
      }
    ).content["application/problem+json"]!.example;
    // The example is what the engine itself sends for that problem.
    const sent = json(await engine.handle(get("/api/v1/plugin/refused")));
    expect(example).toEqual(sent);
    const served = json(await engine.handle(get("/api/v1/openapi.json")));
    expect(served.paths["/plugin"]).toEqual(JSON.parse(JSON.stringify(document.paths!["/plugin"])));
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(createEngine(base).openApiDocument.paths?.["/plugin"]).toBeUndefined();
  });

  it.each([
    [{ routes: "x" }, "options.routes must be an array"],
    [{ routes: [null] }, "options.routes[0] must be a route"],
    [{ routes: [{ path: "keys", handle() {} }] }, "options.routes[0].path must be a path"],
    [{ routes: [{ path: "/keys/", handle() {} }] }, "options.routes[0].path must be a path"],
    [{ routes: [{ path: "/a/../b", handle() {} }] }, "options.routes[0].path must be a path"],
    [{ routes: [{ path: "/keys" }] }, "options.routes[0].handle must be a function"],
    [{ routes: [{ path: "/keys", handle() {}, openApi: {} }] }, "options.routes[0].openApi"],
    [{ routes: [{ path: "/dns", handle() {} }] }, 'options.routes[0].path "/dns" is taken'],
    [{ routes: [{ path: "/openapi.json", handle() {} }] }, "is taken by the engine's own"],
    [{ routes: [{ path: "/domain/x", handle() {} }] }, "is taken by the engine's own /domain"],
    [
      { probes: { mine: { run() {} } }, routes: [{ path: "/mine", handle() {} }] },
      "is taken by the engine's own /mine",
    ],
    [
      {
        routes: [
          { path: "/keys", handle() {} },
          { path: "/keys", handle() {} },
        ],
      },
      'options.routes[1].path "/keys" overlaps options.routes[0].path "/keys"',
    ],
    [
      {
        routes: [
          { path: "/admin/keys", handle() {} },
          { path: "/admin", handle() {} },
        ],
      },
      'options.routes[1].path "/admin" overlaps options.routes[0].path "/admin/keys"',
    ],
    [
      {
        routes: [{ path: "/x", handle() {}, openApi: () => ({ paths: { "/y": {} } }) }],
      },
      'options.routes[0].openApi() documents "/y", outside the route\'s path "/x"',
    ],
    [
      {
        routes: [
          {
            path: "/x",
            handle() {},
            openApi: () => ({ paths: {}, schemas: { Problem: { type: "string" } } }),
          },
        ],
      },
      'options.routes[0].openApi() redefines the schemas entry "Problem"',
    ],
  ])("createEngine refuses %j with a TypeError naming the option", (options, message) => {
    const make = () => createEngine({ ...base, ...(options as unknown as Partial<EngineOptions>) });
    expect(make).toThrow(TypeError);
    expect(make).toThrow(message);
  });

  it("still takes docs: false and keyIssuing: false, which now change nothing", async () => {
    const engine = createEngine({ ...base, docs: false, keyIssuing: false });
    expect((await engine.handle(get("/api/v1/docs"))).status).toBe(404);
    expect((await engine.handle(get("/api/v1/keys", "POST"))).status).toBe(404);
  });
});
