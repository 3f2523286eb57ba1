import { createEngine, type EngineOptions, silentLogger } from "@domain-intel/engine";
import { countingProbe, noBuiltInProbes } from "@domain-intel/test-kit";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { domainIntel } from "./index.js";

const key = "fastify-test-key-1";
const auth = { authorization: `Bearer ${key}` };

function engineOptions() {
  const echo = countingProbe();
  const options: EngineOptions = {
    keys: [key],
    probes: { ...noBuiltInProbes, echo: echo.probe },
    logger: silentLogger,
  };
  return { options, runs: echo.runs };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** Listens on loopback and returns a fetch bound to it. */
async function serve(app: FastifyInstance) {
  apps.push(app);
  const origin = await app.listen({ port: 0, host: "127.0.0.1" });
  return (path: string, init: RequestInit = {}) => fetch(`${origin}${path}`, init);
}

describe("@domain-intel/fastify", () => {
  it("honours the register prefix", async () => {
    const app = Fastify();
    await app.register(domainIntel, { ...engineOptions().options, prefix: "/tools" });
    const call = await serve(app);
    const response = await call("/tools/api/v1/echo/example.com", { headers: auth });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { domain: string }).domain).toBe("example.com");
    expect((await call("/tools/api/v1/openapi.json")).status).toBe(200);
    // Outside the prefix nothing is served: Fastify's own 404, not the engine's problem.
    const outside = await call("/api/v1/echo/example.com", { headers: auth });
    expect(outside.status).toBe(404);
    expect(outside.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(((await outside.json()) as { code?: string }).code).toBeUndefined();
  });

  it("adds its prefix to the prefixes of the host's own plugins", async () => {
    const app = Fastify();
    await app.register(
      async (scope) => {
        await scope.register(domainIntel, { ...engineOptions().options, prefix: "/intel/" });
      },
      { prefix: "/v2" },
    );
    const call = await serve(app);
    expect((await call("/v2/intel/api/v1/echo/example.com", { headers: auth })).status).toBe(200);
    const problem = await call("/v2/intel/api/v1/nope");
    expect(problem.status).toBe(404);
    expect(problem.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  });

  it("joins a prefix written without its leading slash, and refuses one that is not a string", async () => {
    const app = Fastify();
    await app.register(domainIntel, { ...engineOptions().options, prefix: "tools/" });
    const call = await serve(app);
    expect((await call("/tools/api/v1/echo/example.com", { headers: auth })).status).toBe(200);
    const refusing = Fastify();
    apps.push(refusing);
    await expect(
      refusing.register(domainIntel, { ...engineOptions().options, prefix: 42 } as never),
    ).rejects.toThrow(new TypeError("domainIntel: options.prefix must be a string"));
  });

  it("leaves the host's routes, body parsers, error handler and hooks as they were", async () => {
    const app = Fastify();
    const hookCalls: string[] = [];
    app.addHook("onRequest", async (request) => {
      hookCalls.push(request.url);
    });
    app.setErrorHandler(async (error: { statusCode?: number; code?: string }, _request, reply) =>
      reply.code(error.statusCode ?? 418).send({ host: true, code: error.code ?? null }),
    );
    app.post("/submit", async (request) => ({ received: request.body }));
    app.get("/fail", async () => {
      throw new Error("host failure");
    });
    app.get("/api/v1/health", async () => ({ healthy: true }));
    await app.register(domainIntel, engineOptions().options);
    const call = await serve(app);

    // The plugin adds no body parser anywhere: the host's parsers serve its routes as before.
    expect(app.hasContentTypeParser("*")).toBe(false);
    const json = await call("/submit", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
    });
    expect(await json.json()).toEqual({ received: { a: 1 } });
    const unknownType = await call("/submit", {
      method: "POST",
      headers: { "content-type": "application/x-unknown" },
      body: "x",
    });
    expect(unknownType.status).toBe(415);
    expect(await unknownType.json()).toEqual({
      host: true,
      code: "FST_ERR_CTP_INVALID_MEDIA_TYPE",
    });
    // The host's error handler still formats the host's errors, and only those.
    const failed = await call("/fail");
    expect(failed.status).toBe(418);
    expect(await failed.json()).toEqual({ host: true, code: null });
    const problem = await call("/api/v1/echo/127.0.0.1", { headers: auth });
    expect(problem.status).toBe(400);
    expect(problem.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    // A host route under the engine's base path wins over the plugin's wildcard.
    expect(await (await call("/api/v1/health")).json()).toEqual({ healthy: true });
    // The host's hooks run for the API's routes too, as Fastify's inheritance promises.
    expect(hookCalls).toContain("/api/v1/echo/127.0.0.1");
    expect(hookCalls).toContain("/submit");
  });

  it("takes an engine, directly or as { engine }, and shares it across mounts", async () => {
    const { options, runs } = engineOptions();
    const engine = createEngine(options);
    const app = Fastify();
    await app.register(domainIntel, engine);
    await app.register(domainIntel, { engine, prefix: "/mirror" });
    const call = await serve(app);
    const first = await call("/api/v1/echo/example.org", { headers: auth });
    const second = await call("/mirror/api/v1/echo/example.org", { headers: auth });
    expect(((await first.json()) as { cache: string }).cache).toBe("miss");
    expect(((await second.json()) as { cache: string }).cache).toBe("hit");
    expect(runs).toEqual(["example.org"]);
  });

  it("fails the host's startup with a TypeError naming a bad engine option", async () => {
    const app = Fastify();
    apps.push(app);
    app.register(domainIntel, { keys: [] });
    await expect(app.ready()).rejects.toThrow(TypeError);
    const other = Fastify();
    apps.push(other);
    other.register(domainIntel, { engine: { keys: [key], network: { timeoutMs: 0 } } });
    await expect(other.ready()).rejects.toThrow("options.network.timeoutMs");
  });

  it("is a fastify-plugin plugin for Fastify 5 with typed options", () => {
    const meta = (domainIntel as unknown as Record<symbol, unknown>)[Symbol.for("plugin-meta")];
    expect(meta).toMatchObject({
      fastify: "5.x",
      name: "@domain-intel/fastify",
      encapsulate: true,
    });
    // Encapsulated: Fastify gives the plugin its own context, so the host's is left alone.
    expect((domainIntel as unknown as Record<symbol, unknown>)[Symbol.for("skip-override")]).toBe(
      false,
    );
    // Never started: only the compiler looks at these.
    const unstarted = Fastify();
    // @ts-expect-error keys must be an array of keys or a KeyVerifier
    unstarted.register(domainIntel, { keys: "one-key" });
    // @ts-expect-error an engine option of the wrong type
    unstarted.register(domainIntel, { keys: [key], docs: "yes" });
    unstarted.register(domainIntel, { keys: [key], prefix: "/x", docs: false });
  });
});
