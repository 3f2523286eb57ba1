import { once } from "node:events";
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import { createEngine, type EngineOptions, silentLogger, sslProbe } from "@domain-intel/engine";
import {
  createTestPki,
  openApiResponseValidator,
  type RdapTestServer,
  rdapDomainExample,
  startDnsServer,
  startRdapServer,
  type TestDnsServer,
  zoneHandler,
} from "@domain-intel/test-kit";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainIntel } from "./index.js";

const key = "express-test-key-1";
const bearer = `Bearer ${key}`;
const rdapDomain = rdapDomainExample();

let dns: TestDnsServer;
let rdap: RdapTestServer;
let tlsServer: tls.Server;
let options: EngineOptions;

beforeAll(async () => {
  // Real peers on loopback: a resolver, an HTTPS endpoint with a generated chain, an RDAP registry.
  dns = await startDnsServer(
    zoneHandler({
      "example.test": [
        { type: "A", name: "example.test", ttl: 300, data: "127.0.0.1" },
        {
          type: "MX",
          name: "example.test",
          ttl: 300,
          data: { preference: 10, exchange: "mail.example.test" },
        },
        { type: "TXT", name: "example.test", ttl: 300, data: "v=spf1 -all" },
        {
          type: "CAA",
          name: "example.test",
          ttl: 300,
          data: { flags: 0, tag: "issue", value: "letsencrypt.org" },
        },
      ],
    }),
  );
  const pki = await createTestPki();
  const leaf = await pki.issueLeaf({
    commonName: "example.test",
    subjectAltNames: ["example.test"],
  });
  tlsServer = tls.createServer({ key: leaf.keyPem, cert: leaf.chainPem });
  tlsServer.listen(0, "127.0.0.1");
  await once(tlsServer, "listening");
  rdap = await startRdapServer((path) =>
    path === "/domain/example.test"
      ? { status: 200, json: rdapDomain }
      : { status: 404, json: { errorCode: 404 } },
  );
  options = {
    keys: [key],
    network: { resolvers: [dns.address], allowPrivateAddresses: true, timeoutMs: 5000 },
    rdap: {
      bootstrap: {
        version: "1.0",
        publication: "2026-11-01T00:00:00Z",
        services: [[["test"], [rdap.baseUrl]]],
      },
    },
    probes: {
      ssl: sslProbe({ port: (tlsServer.address() as AddressInfo).port, ca: pki.root.certPem }),
    },
    logger: silentLogger,
  };
});

afterAll(async () => {
  tlsServer?.close();
  await Promise.all([dns?.close(), rdap?.close()]);
});

function hostApp(middleware: express.RequestHandler, mount?: string) {
  const app = express();
  app.get("/", (_req, res) => {
    res.send("host home");
  });
  if (mount) app.use(mount, middleware);
  else app.use(middleware);
  app.get("/after", (_req, res) => {
    res.json({ host: true });
  });
  return app;
}

describe("@domain-intel/express", () => {
  it("answers every route with a body that matches the OpenAPI schema", async () => {
    const engine = createEngine(options);
    const app = hostApp(domainIntel(engine));
    const validate = openApiResponseValidator(engine.openApiDocument);
    for (const section of ["dns", "ssl", "whois", "domain"]) {
      const response = await request(app)
        .get(`/api/v1/${section}/example.test`)
        .set("authorization", bearer);
      expect(response.status, section).toBe(200);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(validate(`/${section}/{domain}`, 200, response.body), section).toEqual([]);
    }
    const dnsBody = (
      await request(app).get("/api/v1/dns/example.test").set("authorization", bearer)
    ).body;
    expect(dnsBody.data.records.A).toEqual([{ address: "127.0.0.1", ttl: 300 }]);
    const ssl = (await request(app).get("/api/v1/ssl/example.test").set("authorization", bearer))
      .body;
    expect(ssl.data).toMatchObject({ reachable: true, trusted: true, hostnameMatch: true });
    const whois = (
      await request(app).get("/api/v1/whois/example.test").set("authorization", bearer)
    ).body;
    expect(whois.data).toMatchObject({ registered: true, source: "rdap" });
  });

  it("serves a cache hit on the second call", async () => {
    const app = hostApp(domainIntel(options));
    const first = await request(app).get("/api/v1/dns/example.test").set("authorization", bearer);
    const second = await request(app).get("/api/v1/dns/example.test").set("authorization", bearer);
    expect(first.body.cache).toBe("miss");
    expect(second.body.cache).toBe("hit");
    expect(second.body.data).toEqual(first.body.data);
  });

  it("answers 401 without a key or with a wrong one, with WWW-Authenticate", async () => {
    const app = hostApp(domainIntel(options));
    const missing = await request(app).get("/api/v1/dns/example.test");
    expect(missing.status).toBe(401);
    expect(missing.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(missing.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(missing.body).toMatchObject({ code: "unauthorized", status: 401 });
    const wrong = await request(app)
      .get("/api/v1/dns/example.test")
      .set("authorization", "Bearer nope");
    expect(wrong.status).toBe(401);
    expect(wrong.headers["www-authenticate"]).toContain('error="invalid_token"');
    expect(JSON.stringify(wrong.body)).not.toContain(key);
  });

  const badDomains = [
    "com",
    "co.uk",
    "localhost",
    "example",
    "127.0.0.1",
    "127.1",
    "0x7f.0.0.1",
    "::1",
    "[::1]",
    "2001:db8::1",
    "1.2.3.4.5",
    "example.123",
    `${"a".repeat(64)}.com`,
    `${Array.from({ length: 5 }, () => "a".repeat(60)).join(".")}.com`,
    "a..example.com",
    ".example.com",
    "example.com..",
    "exa_mple.com",
    "-example.com",
    "example-.com",
    "exa mple.com",
    "example.com/x",
    "example.com:443",
    "user@example.com",
    "http://example.com",
    "example.com?x",
    "exa%mple.com",
    "exa\u0000mple.com",
    "*.example.com",
    "xn--zz.com",
    "a".repeat(1500),
  ];
  it(`answers 400 invalid_domain for ${badDomains.length} bad inputs`, async () => {
    const app = hostApp(domainIntel(options));
    for (const input of badDomains) {
      const response = await request(app)
        .get(`/api/v1/dns/${encodeURIComponent(input)}`)
        .set("authorization", bearer);
      expect(response.status, input).toBe(400);
      expect(response.body.code, input).toBe("invalid_domain");
      expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    }
    const malformed = await request(app).get("/api/v1/dns/%E0%A4%A").set("authorization", bearer);
    expect(malformed.status).toBe(400);
  });

  it("answers 404 and 405 under its base path and leaves other paths to the host", async () => {
    const app = hostApp(domainIntel(options));
    const missing = await request(app)
      .get("/api/v1/nope/example.test")
      .set("authorization", bearer);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("not_found");
    const post = await request(app).post("/api/v1/dns/example.test").set("authorization", bearer);
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    expect(post.body.code).toBe("method_not_allowed");
    expect((await request(app).get("/")).text).toBe("host home");
    expect((await request(app).get("/after")).body).toEqual({ host: true });
  });

  it("serves the engine's openapi.json bytes without a key", async () => {
    const engine = createEngine(options);
    const response = await request(hostApp(domainIntel(engine))).get("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.text).toBe(JSON.stringify(engine.openApiDocument));
  });

  it("serves under an Express mount path", async () => {
    const app = hostApp(domainIntel(options), "/tools");
    const response = await request(app)
      .get("/tools/api/v1/dns/example.test")
      .set("authorization", bearer);
    expect(response.status).toBe(200);
    expect(
      (await request(app).get("/api/v1/dns/example.test").set("authorization", bearer)).status,
    ).toBe(404);
  });
});
