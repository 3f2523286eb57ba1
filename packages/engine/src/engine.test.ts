import { countingProbe, noBuiltInProbes } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import type { CacheStore } from "./cache/cache-store.js";
import { createEngine } from "./engine.js";
import type { EngineResponse } from "./http/engine-http.js";
import { silentLogger } from "./logging/logger.js";

const key = "test-key-0123456789";
const auth = { authorization: `Bearer ${key}` };

function engineWith(
  extra: Parameters<typeof countingProbe>[0] = {},
  options: Record<string, unknown> = {},
) {
  const counting = countingProbe(extra);
  const engine = createEngine({
    keys: [key],
    probes: { ...noBuiltInProbes, echo: counting.probe },
    network: { timeoutMs: 300 },
    logger: silentLogger,
    ...options,
  });
  return { engine, runs: counting.runs };
}

const json = (response: EngineResponse) => JSON.parse(Buffer.from(response.body).toString("utf8"));
const get = (url: string, headers: Record<string, string> = auth) => ({
  method: "GET",
  url,
  headers,
});

describe("engine.handle", () => {
  it("answers a section with the envelope and caches it", async () => {
    const { engine, runs } = engineWith();
    const first = await engine.handle(get("/api/v1/echo/Example.COM."));
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(first.headers["content-length"]).toBe(String(first.body.byteLength));
    expect(first.headers["cache-control"]).toMatch(
      /^private, max-age=(59|60), stale-while-revalidate=600$/,
    );
    expect(first.headers.etag).toMatch(/^W\/"echo-[0-9a-z]+"$/);
    expect(first.headers.age).toBe("0");
    const body = json(first);
    expect(body).toMatchObject({
      domain: "example.com",
      section: "echo",
      status: "ok",
      cache: "miss",
      data: { echo: "example.com" },
    });
    expect(Date.parse(body.expiresAt) - Date.parse(body.fetchedAt)).toBe(60_000);
    const second = json(await engine.handle(get("/api/v1/echo/example.com")));
    expect(second.cache).toBe("hit");
    expect(second.fetchedAt).toBe(body.fetchedAt);
    expect(runs).toEqual(["example.com"]);
  });

  it("runs one probe for concurrent requests of the same section and domain", async () => {
    const { engine, runs } = engineWith({ delayMs: 50 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => engine.handle(get("/api/v1/echo/example.org"))),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(runs).toEqual(["example.org"]);
  });

  it("refresh=true probes again", async () => {
    const { engine, runs } = engineWith();
    await engine.handle(get("/api/v1/echo/example.com"));
    const refreshed = json(await engine.handle(get("/api/v1/echo/example.com?refresh=true")));
    expect(refreshed.cache).toBe("miss");
    expect(refreshed.data.run).toBe(2);
    expect(runs).toHaveLength(2);
  });

  it("answers the full report with every section", async () => {
    const { engine } = engineWith();
    const response = await engine.handle(get("/api/v1/domain/example.com"));
    expect(response.status).toBe(200);
    const report = json(response);
    expect(Object.keys(report.sections)).toEqual(["echo"]);
    expect(report.domain).toBe("example.com");
    // Without whois, dns and ssl sections there is nothing to connect: every insight says so.
    expect(report.insights.length).toBeGreaterThan(0);
    for (const insight of report.insights) expect(insight).toMatchObject({ status: "skipped" });
  });

  it("answers 504 upstream_timeout when a probe exceeds its budget, with the section attached", async () => {
    const { engine } = engineWith({ fail: "timeout" });
    const started = Date.now();
    const response = await engine.handle(get("/api/v1/echo/example.com"));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(response.status).toBe(504);
    expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    const problem = json(response);
    expect(problem).toMatchObject({
      status: 504,
      code: "upstream_timeout",
      section: { status: "error", error: { code: "timeout" } },
    });
    const report = json(await engine.handle(get("/api/v1/domain/example.com")));
    expect(report.sections.echo.status).toBe("error");
  });

  it("answers 500 internal without internals when a probe crashes", async () => {
    const { engine } = engineWith({ fail: "throw" });
    const response = await engine.handle(get("/api/v1/echo/example.com"));
    expect(response.status).toBe(500);
    const text = Buffer.from(response.body).toString();
    expect(text).not.toContain("boom");
    expect(json(response).code).toBe("internal");
  });

  it.each([
    [{}, 'Bearer realm="domain-intel"'],
    [
      { authorization: "Basic Zm9vOmJhcg==" },
      'Bearer realm="domain-intel", error="invalid_request"',
    ],
    [{ authorization: "Bearer wrong-key" }, 'Bearer realm="domain-intel", error="invalid_token"'],
  ])("answers 401 for %j", async (headers, challenge) => {
    const { engine, runs } = engineWith();
    const response = await engine.handle(get("/api/v1/echo/example.com", headers));
    expect(response.status).toBe(401);
    expect(response.headers["www-authenticate"]).toBe(challenge);
    expect(json(response)).toMatchObject({ code: "unauthorized", status: 401 });
    expect(runs).toEqual([]);
  });

  it("answers 401 before looking at the domain", async () => {
    const { engine } = engineWith();
    expect((await engine.handle(get("/api/v1/echo/127.0.0.1", {}))).status).toBe(401);
  });

  it("answers 400 invalid_domain without running a probe", async () => {
    const { engine, runs } = engineWith();
    for (const raw of ["127.0.0.1", "com", "%E0%A4%A", "exa%20mple.com", "a..b.com", ""]) {
      const response = await engine.handle(get(`/api/v1/echo/${raw}`));
      expect(response.status, raw).toBe(400);
      expect(json(response).code).toBe("invalid_domain");
    }
    expect(runs).toEqual([]);
  });

  it("answers 404 and 405 as problems", async () => {
    const { engine } = engineWith();
    const missing = await engine.handle(get("/api/v1/nope/example.com"));
    expect(missing.status).toBe(404);
    expect(json(missing).code).toBe("not_found");
    expect((await engine.handle(get("/api/v1/echo/example.com/extra"))).status).toBe(404);
    const post = await engine.handle({
      method: "POST",
      url: "/api/v1/echo/example.com",
      headers: auth,
    });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    expect(json(post).code).toBe("method_not_allowed");
  });

  it("answers HEAD with the GET headers and no body", async () => {
    const { engine } = engineWith();
    const head = await engine.handle({
      method: "HEAD",
      url: "/api/v1/echo/example.com",
      headers: auth,
    });
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  });

  it("serves openapi.json without a key, the same bytes every time", async () => {
    const { engine } = engineWith();
    const first = await engine.handle(get("/api/v1/openapi.json", {}));
    const second = await engine.handle(get("/api/v1/openapi.json", {}));
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body).equals(Buffer.from(second.body))).toBe(true);
    expect(json(first).paths["/echo/{domain}"]).toBeDefined();
  });

  it("mounts under a custom base path and says which paths it owns", async () => {
    const { engine } = engineWith({}, { basePath: "/intel" });
    expect(engine.owns("/intel/echo/example.com?x=1")).toBe(true);
    expect(engine.owns("/api/v1/echo/example.com")).toBe(false);
    expect(engine.owns("/intelligence")).toBe(false);
    expect((await engine.handle(get("/intel/echo/example.com"))).status).toBe(200);
    expect(json(await engine.handle(get("/intel/openapi.json", {}))).servers).toEqual([
      { url: "/intel" },
    ]);
  });

  it("keeps answering from probes when the cache store fails", async () => {
    const warnings: string[] = [];
    const broken: CacheStore = {
      get: () => Promise.reject(new Error("cache down")),
      set: () => {
        throw new Error("cache down");
      },
      delete: () => undefined,
    };
    const { engine } = engineWith(
      {},
      {
        cache: broken,
        logger: { ...silentLogger, warn: (message: string) => warnings.push(message) },
      },
    );
    const response = await engine.handle(get("/api/v1/echo/example.com"));
    expect(response.status).toBe(200);
    expect(warnings.length).toBeGreaterThanOrEqual(2);
  });
});

describe("engine.lookup", () => {
  it("answers a section or the report for a normalised domain", async () => {
    const { engine } = engineWith();
    const section = await engine.lookup("WWW.Example.com.", "echo");
    expect(section).toMatchObject({
      domain: "www.example.com",
      status: "ok",
      data: { echo: "www.example.com" },
    });
    const report = await engine.lookup("example.net");
    expect(report.sections.echo?.status).toBe("ok");
  });

  it("hands out copies: changing one changes no later answer", async () => {
    const { engine } = engineWith();
    const report = await engine.lookup("example.org");
    delete (report.sections as Record<string, unknown>).echo;
    const section = await engine.lookup("example.org", "echo");
    (section.data as Record<string, unknown>).echo = "changed";
    expect((await engine.lookup("example.org")).sections.echo?.status).toBe("ok");
    expect((await engine.lookup("example.org", "echo")).data).toMatchObject({
      echo: "example.org",
    });
    const response = await engine.handle(get("/api/v1/echo/example.org"));
    expect(JSON.parse(Buffer.from(response.body).toString()).data.echo).toBe("example.org");
  });

  it("rejects a bad domain or an unknown section", async () => {
    const { engine } = engineWith();
    await expect(engine.lookup("127.0.0.1", "echo")).rejects.toMatchObject({
      code: "invalid_domain",
    });
    await expect(engine.lookup("example.com", "nope")).rejects.toThrow(TypeError);
  });
});

describe("createEngine options", () => {
  it.each([
    [{}, "options.keys"],
    [{ keys: [] }, "options.keys"],
    [{ keys: ["k"], basePath: "api" }, "options.basePath"],
    [{ keys: ["k"], basePath: "/api/" }, "options.basePath"],
    [{ keys: ["k"], network: { resolvers: ["dns.google"] } }, "options.network.resolvers[0]"],
    [{ keys: ["k"], network: { resolvers: ["1.1.1.1:99999"] } }, "options.network.resolvers[0]"],
    [{ keys: ["k"], network: { timeoutMs: 0 } }, "options.network.timeoutMs"],
    [
      { keys: ["k"], network: { allowPrivateAddresses: "yes" } },
      "options.network.allowPrivateAddresses",
    ],
    [{ keys: ["k"], network: { maxConcurrency: 1.5 } }, "options.network.maxConcurrency"],
    [{ keys: ["k"], network: { probeThreads: -1 } }, "options.network.probeThreads"],
    [{ keys: ["k"], network: { probeThreads: 1.5 } }, "options.network.probeThreads"],
    [{ keys: ["k"], network: { probeThreads: "2" } }, "options.network.probeThreads"],
    [{ keys: ["k"], ssl: { ca: "not a pem" } }, "options.ssl.ca"],
    [{ keys: ["k"], ssl: { scan: "no" } }, "options.ssl.scan"],
    [{ keys: ["k"], ssl: { revocation: "off" } }, "options.ssl.revocation"],
    [{ keys: ["k"], mail: { smtp: "no" } }, "options.mail.smtp"],
    [{ keys: ["k"], mail: { smtpPort: 70000 } }, "options.mail.smtpPort"],
    [{ keys: ["k"], mail: { dkimSelectors: ["a b"] } }, "options.mail.dkimSelectors"],
    [{ keys: ["k"], mail: { smtpHost: "x" } }, "options.mail.smtpHost"],
    [{ keys: ["k"], rdap: { bootstrap: 42 } }, "options.rdap.bootstrap"],
    [{ keys: ["k"], rdap: { whoisHints: { com: "" } } }, "options.rdap.whoisHints.com"],
    [{ keys: ["k"], probes: { domain: { run: () => 1 } } }, "options.probes.domain"],
    [{ keys: ["k"], probes: { Bad_Name: { run: () => 1 } } }, "options.probes.Bad_Name"],
    [{ keys: ["k"], probes: { extra: {} } }, "options.probes.extra"],
    [
      { keys: ["k"], probes: { extra: { run: (): number => 1, summary: 42 } } },
      "options.probes.extra.summary",
    ],
    [
      { keys: ["k"], probes: { extra: { run: (): number => 1, dataSchema: "object" } } },
      "options.probes.extra.dataSchema",
    ],
    [{ keys: ["k"], cache: {} }, "options.cache"],
    [{ keys: ["k"], logger: {} }, "options.logger"],
  ])("throws a TypeError naming the option for %j", (options, name) => {
    expect(() => createEngine(options as never)).toThrow(TypeError);
    expect(() => createEngine(options as never)).toThrow(name);
  });

  it("throws a TypeError naming a probe's example that is not JSON data", () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    for (const example of [10n, circular, () => 1]) {
      const options = { keys: ["k"], probes: { extra: { run: () => 1, example } } };
      expect(() => createEngine(options as never)).toThrow(TypeError);
      expect(() => createEngine(options as never)).toThrow("options.probes.extra.example");
    }
  });

  it("accepts resolvers with ports, v6 included", () => {
    expect(() =>
      createEngine({
        keys: ["k"],
        network: { resolvers: ["1.1.1.1", "127.0.0.1:5353", "::1", "[::1]:53"] },
      }),
    ).not.toThrow();
  });
});
