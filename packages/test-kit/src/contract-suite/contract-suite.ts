import { createEngine, type Engine, type EngineOptions } from "@domain-intel/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiResponseValidator } from "../http/openapi-response-validator.js";
import {
  type ContractPeers,
  contractKey,
  contractOtherKey,
  startContractPeers,
} from "./contract-peers.js";

export interface ContractRequest {
  readonly method?: string;
  /** Path and query, e.g. `/api/v1/dns/example.test?refresh=true`. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface ContractResponse {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** One host (framework, or Lambda event format) serving an engine made from given options. */
export interface ContractApp {
  request(request: ContractRequest): Promise<ContractResponse>;
  close(): Promise<void>;
}

export interface ContractHost {
  readonly name: string;
  /**
   * The framework's router answers a path with broken percent-encoding (`%E0%A4%A`) with its
   * own 400 before any plugin runs (Fastify: FST_ERR_BAD_URL); only the status is held then.
   */
  readonly routerRejectsBadPercentEncoding?: boolean;
  /**
   * Whether a running batch's results stream until the job ends (Express, Fastify) or answer
   * the results so far (Lambda's buffered responses).
   */
  readonly streamsResults: boolean;
  /** Builds the host's app around `createEngine(options)` (or the options), ready to call. */
  start(options: EngineOptions): Promise<ContractApp>;
}

const auth = { authorization: `Bearer ${contractKey}` };
const json = (response: ContractResponse) => JSON.parse(response.body.toString("utf8"));
const problemType = "application/problem+json; charset=utf-8";
// history last: it answers what the routes before it probed.
const routes = [
  "domain",
  "whois",
  "dns",
  "ssl",
  "http",
  "mail",
  "hosting",
  "echo",
  "upstream",
  "history",
];

/**
 * The same cases against every host, so Express, Fastify and Lambda (payload 1.0 and 2.0) are
 * held to one behaviour and one set of bytes: the engine's.
 */
export function runContractSuite(host: ContractHost): void {
  describe(`HTTP contract: ${host.name}`, () => {
    let peers: ContractPeers;
    let app: ContractApp;
    // Same options, never asked to probe: the bytes every host must reproduce.
    let reference: Engine;

    beforeAll(async () => {
      peers = await startContractPeers();
      reference = createEngine(peers.options);
      app = await host.start(peers.options);
    }, 60_000);

    afterAll(async () => {
      await app?.close();
      await peers?.close();
    });

    const call = (path: string, init: Omit<ContractRequest, "path"> = {}) =>
      app.request({ method: "GET", ...init, path });

    /** Status, every engine header with its value, and the body, byte for byte. */
    async function expectEngineBytes(request: ContractRequest): Promise<void> {
      const served = await app.request(request);
      const expected = await reference.handle({
        method: request.method ?? "GET",
        url: request.path,
        headers: { ...request.headers },
      });
      expect(served.status, request.path).toBe(expected.status);
      for (const [name, value] of Object.entries(expected.headers)) {
        expect(served.headers[name], `${request.path} ${name}`).toBe(value);
      }
      expect(served.body.equals(Buffer.from(expected.body)), request.path).toBe(true);
    }

    it("serves openapi.json without a key, the engine's exact bytes", async () => {
      const response = await call("/api/v1/openapi.json");
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.body.equals(Buffer.from(JSON.stringify(reference.openApiDocument)))).toBe(
        true,
      );
      await expectEngineBytes({ path: "/api/v1/openapi.json" });
    });

    it("answers 401 on every route without a valid key, with WWW-Authenticate", async () => {
      const cases: [Record<string, string>, string][] = [
        [{}, 'Bearer realm="domain-intel"'],
        [
          { authorization: "Basic Zm9vOmJhcg==" },
          'Bearer realm="domain-intel", error="invalid_request"',
        ],
        [
          { authorization: "Bearer not-a-key" },
          'Bearer realm="domain-intel", error="invalid_token"',
        ],
      ];
      for (const route of routes) {
        for (const [headers, challenge] of cases) {
          const response = await call(`/api/v1/${route}/example.test`, { headers });
          expect(response.status, route).toBe(401);
          expect(response.headers["www-authenticate"], route).toBe(challenge);
          expect(response.headers["content-type"]).toBe(problemType);
          expect(json(response)).toMatchObject({ status: 401, code: "unauthorized" });
          expect(response.body.toString()).not.toContain(contractKey);
        }
      }
      await expectEngineBytes({ path: "/api/v1/dns/example.test" });
    });

    it("answers every route with data that matches the OpenAPI document", async () => {
      const validate = openApiResponseValidator(reference.openApiDocument);
      const bodies: Record<string, ReturnType<typeof json>> = {};
      for (const route of routes) {
        const response = await call(`/api/v1/${route}/example.test`, { headers: auth });
        expect(response.status, route).toBe(200);
        expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
        bodies[route] = json(response);
        expect(validate(`/${route}/{domain}`, 200, bodies[route]), route).toEqual([]);
      }
      expect(bodies.dns.data.records.A).toEqual([{ address: "127.0.0.1", ttl: 300 }]);
      expect(bodies.ssl.data).toMatchObject({
        reachable: true,
        trusted: true,
        hostnameMatch: true,
      });
      expect(bodies.whois.data).toMatchObject({ registered: true, source: "rdap" });
      expect(bodies.http.data.https).toMatchObject({ reachable: true, finalStatus: 200 });
      expect(bodies.http.data.hsts).toMatchObject({ maxAge: 31536000 });
      expect(bodies.mail.data.hosts[0].endpoints[0]).toMatchObject({
        starttls: true,
        tls: { trusted: true, hostnameMatch: true },
      });
      expect(bodies.hosting.data.hosts[0]).toMatchObject({
        name: "example.test",
        roles: ["web"],
        addresses: [{ address: "127.0.0.1", asn: 64500, prefix: "127.0.0.0/24", country: "NL" }],
      });
      expect(bodies.hosting.data.sources).toEqual({ network: "contract-lab", rpki: null });
      expect(bodies.echo.data.echo).toBe("example.test");
      expect(bodies.history.domain).toBe("example.test");
      expect(
        [
          ...new Set(
            bodies.history.snapshots.map((snapshot: { section: string }) => snapshot.section),
          ),
        ].sort(),
      ).toEqual(["dns", "echo", "hosting", "http", "mail", "ssl", "upstream", "whois"]);
      expect(Object.keys(bodies.domain.sections).sort()).toEqual(
        ["dns", "echo", "hosting", "http", "mail", "ssl", "upstream", "whois"].sort(),
      );
    });

    it("normalises the domain in the path", async () => {
      const response = await call("/api/v1/dns/EXAMPLE.Test.", { headers: auth });
      expect(response.status).toBe(200);
      expect(json(response)).toMatchObject({ domain: "example.test", section: "dns" });
    });

    it("answers 400 invalid_domain for names that are not host names", async () => {
      for (const raw of [
        "127.0.0.1",
        "test",
        "a..b.test",
        "exa_mple.test",
        "%E0%A4%A",
        "a%20b.test",
      ]) {
        const response = await call(`/api/v1/dns/${raw}`, { headers: auth });
        expect(response.status, raw).toBe(400);
        if (raw === "%E0%A4%A" && host.routerRejectsBadPercentEncoding) continue;
        expect(response.headers["content-type"]).toBe(problemType);
        expect(json(response).code, raw).toBe("invalid_domain");
      }
    });

    it("answers 404 not_found under its base path", async () => {
      for (const path of [
        "/api/v1",
        "/api/v1/",
        "/api/v1/nope/example.test",
        "/api/v1/dns/example.test/extra",
        "/api/v1/docs/nope.js",
      ]) {
        await expectEngineBytes({ path, headers: auth });
        expect(json(await call(path)).code, path).toBe("not_found");
      }
    });

    it("answers 405 with Allow to any other method, whatever the body", async () => {
      const withAuth = (headers: Record<string, string>) => ({ ...auth, ...headers });
      const requests: ContractRequest[] = [
        {
          method: "POST",
          path: "/api/v1/dns/example.test",
          body: '{"a":',
          headers: withAuth({ "content-type": "application/json" }),
        },
        { method: "POST", path: "/api/v1/dns/example.test", body: "no type", headers: auth },
        {
          method: "PUT",
          path: "/api/v1/openapi.json",
          body: "<x/>",
          headers: withAuth({ "content-type": "text/xml" }),
        },
        { method: "DELETE", path: "/api/v1/domain/example.test", headers: auth },
        {
          method: "POST",
          path: "/api/v1/whois/example.test",
          body: "x",
          headers: withAuth({ "content-type": "nonsense" }),
        },
        {
          method: "PATCH",
          path: "/api/v1/docs",
          body: "{}",
          headers: withAuth({ "content-type": "application/json" }),
        },
        { method: "OPTIONS", path: "/api/v1/ssl/example.test", headers: auth },
      ];
      for (const request of requests) {
        const response = await app.request(request);
        expect(response.status, request.method).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD");
        expect(response.headers["content-type"]).toBe(problemType);
        expect(JSON.parse(response.body.toString()).code).toBe("method_not_allowed");
      }
      await expectEngineBytes({ method: "DELETE", path: "/api/v1/dns/example.test" });
    });

    it("answers 502, 504 and 500 when a probe cannot run, without internals", async () => {
      const cases = [
        ["down.example.test", 502, "upstream_error", "upstream_error"],
        ["timeout.example.test", 504, "upstream_timeout", "timeout"],
        ["crash.example.test", 500, "internal", "internal"],
      ] as const;
      for (const [domain, status, code, sectionCode] of cases) {
        const response = await call(`/api/v1/upstream/${domain}`, { headers: auth });
        expect(response.status, domain).toBe(status);
        expect(response.headers["content-type"]).toBe(problemType);
        expect(json(response)).toMatchObject({
          status,
          code,
          section: { section: "upstream", status: "error", error: { code: sectionCode } },
        });
        expect(response.body.toString()).not.toContain("secret internals");
      }
      // The full report still answers 200 with the failed section inside.
      const report = await call("/api/v1/domain/down.example.test", { headers: auth });
      expect(report.status).toBe(200);
      expect(json(report).sections.upstream.status).toBe("error");
    });

    it("answers 429 rate_limited with Retry-After once a key's bucket is empty", async () => {
      const limited = await host.start({
        ...peers.options,
        rateLimit: { plans: { default: { capacity: 2, refillPerSecond: 0.01 } } },
      });
      try {
        const statuses: number[] = [];
        let last: ContractResponse | undefined;
        for (let attempt = 0; attempt < 3; attempt++) {
          last = await limited.request({ path: "/api/v1/echo/example.test", headers: auth });
          statuses.push(last.status);
        }
        expect(statuses).toEqual([200, 200, 429]);
        expect(last!.headers["content-type"]).toBe(problemType);
        expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
        expect(json(last!)).toMatchObject({ status: 429, code: "rate_limited" });
      } finally {
        await limited.close();
      }
    });

    it("sends the engine's headers: type, length, nosniff, caching", async () => {
      const ok = await call("/api/v1/echo/example.test", { headers: auth });
      expect(ok.headers["content-length"]).toBe(String(ok.body.byteLength));
      expect(ok.headers["x-content-type-options"]).toBe("nosniff");
      expect(ok.headers["cache-control"]).toMatch(/^private, max-age=\d+/);
      const problem = await call("/api/v1/nope/example.test");
      expect(problem.headers["content-length"]).toBe(String(problem.body.byteLength));
      expect(problem.headers["cache-control"]).toBe("no-store");
      expect(problem.headers["x-content-type-options"]).toBe("nosniff");
    });

    it("answers HEAD with the GET headers and no body", async () => {
      for (const path of ["/api/v1/echo/example.test", "/api/v1/openapi.json", "/api/v1/nope/x"]) {
        const get = await call(path, { headers: auth });
        const head = await call(path, { method: "HEAD", headers: auth });
        expect(head.status, path).toBe(get.status);
        expect(head.body.byteLength, path).toBe(0);
        expect(head.headers["content-length"], path).toBe(String(get.body.byteLength));
        expect(head.headers["content-type"], path).toBe(get.headers["content-type"]);
      }
    });

    it("serves a cache hit on the second call and probes again on refresh=true", async () => {
      const before = peers.echoRuns.filter((domain) => domain === "cache.example.test").length;
      const path = "/api/v1/echo/cache.example.test";
      const first = json(await call(path, { headers: auth }));
      const second = json(await call(path, { headers: auth }));
      expect(first.cache).toBe("miss");
      expect(second.cache).toBe("hit");
      expect(second.data).toEqual(first.data);
      const refreshed = json(await call(`${path}?x=1&refresh=true`, { headers: auth }));
      expect(refreshed.cache).toBe("miss");
      const runs = peers.echoRuns.filter((domain) => domain === "cache.example.test").length;
      expect(runs - before).toBe(2);
    });

    it("answers a conditional GET with 304 and no body", async () => {
      const path = "/api/v1/echo/etag.example.test";
      const first = await call(path, { headers: auth });
      expect(first.headers.etag).toBeTruthy();
      const again = await call(path, {
        headers: { ...auth, "if-none-match": first.headers.etag! },
      });
      expect(again.status).toBe(304);
      expect(again.body.byteLength).toBe(0);
      expect(again.headers.etag).toBe(first.headers.etag);
    });

    it("runs a batch: 202 with Location, status, NDJSON results, 404 to another key", async () => {
      const validate = openApiResponseValidator(reference.openApiDocument);
      const post = await app.request({
        method: "POST",
        path: "/api/v1/batch",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({
          domains: ["one.example.test", "ONE.example.test.", "bad_name", "two.example.test"],
          sections: ["echo"],
        }),
      });
      expect(post.status).toBe(202);
      expect(post.headers["content-type"]).toBe("application/json; charset=utf-8");
      const job = json(post);
      expect(post.headers.location).toBe(`/api/v1/batch/${job.id}`);
      expect(validate("/batch", 202, job, "post")).toEqual([]);
      expect(job).toMatchObject({ total: 2, sections: ["echo"] });
      expect(job.invalid).toEqual([{ domain: "bad_name", reason: expect.any(String) }]);
      // Read while it may still run: streaming hosts hold the line open until the job ends.
      const early = await call(`/api/v1/batch/${job.id}/results`, { headers: auth });
      expect(early.status).toBe(200);
      expect(early.headers["content-type"]).toBe("application/x-ndjson; charset=utf-8");
      if (host.streamsResults) expect(early.body.toString().split("\n")).toHaveLength(3);
      for (let polls = 0; json(await call(job.links.self, { headers: auth })).status !== "done"; ) {
        if (++polls > 500) throw new Error("the batch did not finish within 10 s");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const status = await call(job.links.self, { headers: auth });
      expect(validate("/batch/{id}", 200, json(status))).toEqual([]);
      expect(json(status)).toMatchObject({ status: "done", total: 2, done: 2, failed: 0 });
      const results = await call(job.links.results, { headers: auth });
      const lines = results.body
        .toString()
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(lines.map((line) => line.domain).sort()).toEqual([
        "one.example.test",
        "two.example.test",
      ]);
      for (const line of lines) {
        expect(line.sections.echo).toMatchObject({ section: "echo", status: "ok" });
      }
      // Another key's view of the job is the view of no job at all.
      const other = { authorization: `Bearer ${contractOtherKey}` };
      for (const path of [job.links.self, job.links.results]) {
        const response = await call(path, { headers: other });
        expect(response.status, path).toBe(404);
        expect(json(response).code).toBe("not_found");
      }
      const cancel = await call(job.links.self, { method: "DELETE", headers: other });
      expect(cancel.status).toBe(404);
      expect(json(await call(job.links.self, { method: "DELETE", headers: auth })).status).toBe(
        "done",
      );
    });

    it("refuses a malformed, oversized or overlong batch with problem+json, creating nothing", async () => {
      const post = (body: string, type = "application/json") =>
        app.request({
          method: "POST",
          path: "/api/v1/batch",
          headers: { ...auth, "content-type": type },
          body,
        });
      const cases: [string, string, RegExp][] = [
        ['{"domains": [', "application/json", /not valid JSON/],
        ['{"domains": ["a.test"]}', "text/plain", /Content-Type: application\/json/],
        [JSON.stringify({ domains: ["x".repeat(300_000)] }), "application/json", /larger than/],
        [
          JSON.stringify({ domains: Array.from({ length: 1001 }, (_, i) => `d${i}.test`) }),
          "application/json",
          /at most 1000/,
        ],
        ['{"domains": ["a.test"], "sections": ["nope"]}', "application/json", /Unknown section/],
      ];
      for (const [body, type, detail] of cases) {
        const response = await post(body, type);
        expect(response.status, body.slice(0, 30)).toBe(400);
        expect(response.headers["content-type"]).toBe(problemType);
        expect(json(response)).toMatchObject({
          code: "bad_request",
          detail: expect.stringMatching(detail),
        });
        expect(response.headers.location).toBeUndefined();
      }
      const get = await call("/api/v1/batch", { headers: auth });
      expect(get.status).toBe(405);
      expect(get.headers.allow).toBe("POST");
    });

    it("serves the API reference page and Swagger UI without a key", async () => {
      const page = await call("/api/v1/docs");
      expect(page.status).toBe(200);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
      await expectEngineBytes({ path: "/api/v1/docs" });
      await expectEngineBytes({ path: "/api/v1/docs/init.js" });
      await expectEngineBytes({ path: "/api/v1/docs/swagger-ui.css" });
    });
  });
}
