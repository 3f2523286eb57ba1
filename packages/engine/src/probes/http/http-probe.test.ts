import {
  closedSchemaValidator,
  createTestPki,
  privateUntilAnswered,
  startDnsServer,
  startWebPeer,
  type TestDnsServer,
  testProbeContext,
  unusedPort,
  type WebHandler,
  type WebPeer,
  zoneHandler,
} from "@domain-intel/test-kit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ProbeContext } from "../../contract/probe.js";
import type { HttpData, HttpProbeOptions } from "./declaration.js";
import { httpFindingIds } from "./http-findings.js";
import { httpProbe } from "./http-probe.js";

// Each case starts its own HTTPS and HTTP peers on loopback; example.test resolves to
// 127.0.0.1 through a loopback DNS server, and the probe trusts the test CA.

const validate = closedSchemaValidator(httpProbe().dataSchema as object);
const dayMs = 24 * 3600 * 1000;
const goodHsts = "max-age=63072000; includeSubDomains; preload";

let dns: TestDnsServer;
let tlsFiles: { key: string; cert: string };
let ca: string;
const peers: WebPeer[] = [];

beforeAll(async () => {
  const a = (name: string) => ({ type: "A" as const, name, ttl: 60, data: "127.0.0.1" });
  dns = await startDnsServer(
    zoneHandler({
      "example.test": [a("example.test")],
      "intranet.example.test": [a("intranet.example.test")],
      "other.test": [a("other.test")],
    }),
  );
  const pki = await createTestPki();
  const leaf = await pki.issueLeaf({
    commonName: "example.test",
    subjectAltNames: ["example.test", "intranet.example.test"],
  });
  tlsFiles = { key: leaf.keyPem, cert: leaf.chainPem };
  ca = pki.root.certPem;
}, 30_000);

afterAll(() => dns.close());
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

function securityTxt(lines: readonly string[]): WebHandler {
  return (_request, response) => {
    response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    response.end(`${lines.join("\n")}\n`);
  };
}

const validSecurityTxt = () => [
  "Contact: mailto:security@example.test",
  `Expires: ${new Date(Date.now() + 180 * dayMs).toISOString()}`,
];

/** A site that does everything right; `routes` replace or add paths of its HTTPS side. */
function goodRoutes(routes: Record<string, WebHandler> = {}): Record<string, WebHandler> {
  return {
    "/": (_request, response) => {
      response.setHeader("strict-transport-security", goodHsts);
      response.setHeader("x-content-type-options", "nosniff");
      response.setHeader("x-frame-options", "DENY");
      response.setHeader("content-security-policy", "default-src 'self'; frame-ancestors 'none'");
      response.setHeader("referrer-policy", "no-referrer");
      response.setHeader("permissions-policy", "geolocation=(), camera=()");
      response.setHeader("cross-origin-opener-policy", "same-origin");
      response.setHeader("cross-origin-embedder-policy", "require-corp");
      response.setHeader("cross-origin-resource-policy", "same-origin");
      response.setHeader("set-cookie", ["sid=secret-value; Secure; HttpOnly; SameSite=Lax"]);
      response.setHeader("alt-svc", 'h3=":443"; ma=86400');
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<!doctype html><title>ok</title>");
    },
    "/.well-known/security.txt": securityTxt(validSecurityTxt()),
    ...routes,
  };
}

function router(routes: Record<string, WebHandler>): WebHandler {
  return (request, response) => {
    const route = routes[request.url ?? ""];
    if (route) return route(request, response);
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
  };
}

function redirect(location: string, status = 301): WebHandler {
  return (_request, response) => {
    response.writeHead(status, { location });
    response.end();
  };
}

interface Site {
  https: WebPeer;
  http: WebPeer;
  httpsUrl: string;
  options: HttpProbeOptions;
}

/** HTTPS and HTTP peers; `http` defaults to redirecting to the HTTPS root. */
async function startSite(options: {
  https?: Record<string, WebHandler>;
  http?: (httpsUrl: string) => Record<string, WebHandler>;
  /** No HTTPS server at all. */
  noHttps?: boolean;
}): Promise<Site> {
  const httpsPort = options.noHttps ? await unusedPort() : 0;
  const routes: Record<string, WebHandler> = {};
  const https = options.noHttps
    ? undefined
    : await startWebPeer({ tls: tlsFiles, handler: router(routes) });
  const port = https?.port ?? httpsPort;
  const httpsUrl = `https://example.test:${port}`;
  Object.assign(routes, options.https ?? goodRoutes());
  const http = await startWebPeer({
    handler: router(options.http?.(httpsUrl) ?? { "/": redirect(`${httpsUrl}/`) }),
  });
  if (https) peers.push(https);
  peers.push(http);
  return {
    https: https ?? { port, requests: [], protocols: [], resumed: [], close: async () => {} },
    http,
    httpsUrl,
    options: { httpsPort: port, httpPort: http.port, ca },
  };
}

function context(): ProbeContext {
  return testProbeContext({ resolvers: [dns.address], timeoutMs: 4000 });
}

async function probe(site: Site, runContext = context()): Promise<HttpData> {
  const data = await httpProbe(site.options).run("example.test", runContext);
  expect(validate(data), JSON.stringify(data)).toEqual([]);
  expect(data.findings.map((finding) => finding.id)).toEqual([...httpFindingIds]);
  return data;
}

const statusOf = (data: HttpData, id: string) =>
  data.findings.find((finding) => finding.id === id)?.status;

function statuses(data: HttpData): Record<string, string> {
  return Object.fromEntries(data.findings.map((finding) => [finding.id, finding.status]));
}

describe("http probe", () => {
  it("passes every check for a site that does everything right, over HTTP/2", async () => {
    const site = await startSite({});
    const data = await probe(site);
    expect(statuses(data)).toEqual(Object.fromEntries(httpFindingIds.map((id) => [id, "pass"])));
    expect(data.https).toMatchObject({
      reachable: true,
      finalUrl: `${site.httpsUrl}/`,
      finalStatus: 200,
      protocol: "h2",
      downgrade: false,
    });
    expect(data.http.hops).toEqual([
      { url: `http://example.test:${site.http.port}/`, status: 301, location: `${site.httpsUrl}/` },
      { url: `${site.httpsUrl}/`, status: 200, location: null },
    ]);
    expect(data.hsts).toMatchObject({ maxAge: 63072000, includeSubDomains: true, preload: true });
    expect(data.preload).toEqual({ ready: true, unmet: [] });
    expect(data.headers?.contentSecurityPolicy?.directives).toEqual({
      "default-src": ["'self'"],
      "frame-ancestors": ["'none'"],
    });
    expect(data.headers?.permissionsPolicyFeatures).toEqual(["geolocation", "camera"]);
    expect(data.cookies).toEqual([
      {
        name: "sid",
        url: `${site.httpsUrl}/`,
        secure: true,
        httpOnly: true,
        sameSite: "Lax",
        path: null,
        domain: null,
      },
    ]);
    expect(JSON.stringify(data)).not.toContain("secret-value");
    expect(data.http3Advertised).toBe(true);
    expect(data.server).toBeNull();
    expect(data.disclosure).toEqual([]);
    // 100 and every bonus: CSP, cookies, referrer, framing +5 each; COOP, COEP, CORP +10 each.
    expect(data.observatory).toMatchObject({ score: 150, grade: "A+" });
    expect(data.securityTxt).toMatchObject({ found: true, signed: false, expired: false });
    expect(site.https.protocols).toContain("h2");
  });

  it("fails enforcement when http serves content", async () => {
    const site = await startSite({ http: () => ({ "/": goodRoutes()["/"]! }) });
    const data = await probe(site);
    expect(statusOf(data, "http.https.enforced")).toBe("fail");
    expect(data.http.finalUrl).toBe(`http://example.test:${site.http.port}/`);
    // An http answer without a redirect also breaks the preload rules.
    expect(statusOf(data, "http.hsts.preload")).toBe("info");
  });

  it("fails HSTS when the HTTPS answer has none", async () => {
    const routes = goodRoutes({
      "/": (_request, response) => {
        response.writeHead(200, { "content-type": "text/html" });
        response.end("plain");
      },
    });
    const data = await probe(await startSite({ https: routes }));
    expect(data.hsts).toBeNull();
    expect(statuses(data)).toMatchObject({
      "http.hsts.present": "fail",
      "http.hsts.max-age": "skipped",
      "http.hsts.preload": "info",
      "http.headers.nosniff": "warn",
      // A missing header warns, as DESIGN.md fixes; the score counts it in full.
      "http.headers.framing": "warn",
      "http.headers.csp": "warn",
      "http.headers.referrer-policy": "warn",
      "http.headers.coop": "info",
    });
    // 100 - 25 (CSP) - 20 (HSTS) - 5 (nosniff) - 20 (framing): 30, a D.
    expect(data.observatory).toMatchObject({ score: 30, grade: "D" });
  });

  it("warns on a max-age below a year", async () => {
    const routes = goodRoutes({
      "/": (_request, response) => {
        response.writeHead(200, { "strict-transport-security": "max-age=86400" });
        response.end();
      },
    });
    const data = await probe(await startSite({ https: routes }));
    expect(data.hsts).toMatchObject({ valid: true, maxAge: 86400, includeSubDomains: false });
    expect(statusOf(data, "http.hsts.present")).toBe("pass");
    expect(statusOf(data, "http.hsts.max-age")).toBe("warn");
    expect(data.preload.unmet).toEqual([
      "max-age is below one year.",
      "No includeSubDomains directive.",
      "No preload directive.",
    ]);
  });

  it("fails a redirect from https to http", async () => {
    // The downgrade target is the site's own http peer.
    let target = "";
    const routes = goodRoutes({ "/": (request, response) => redirect(target)(request, response) });
    const site = await startSite({ https: routes });
    target = `http://example.test:${site.http.port}/plain`;
    const data = await probe(site);
    expect(data.https.downgrade).toBe(true);
    expect(data.https.hops[1]).toMatchObject({ url: target, status: 404 });
    expect(statusOf(data, "http.redirect.safe")).toBe("fail");
    expect(data.findings.find((f) => f.id === "http.redirect.safe")?.details).toMatchObject({
      problems: expect.arrayContaining([expect.objectContaining({ problem: "https_to_http" })]),
    });
  });

  it("fails a redirect loop", async () => {
    const site = await startSite({
      https: goodRoutes({ "/": redirect("/a"), "/a": redirect("/b"), "/b": redirect("/a") }),
    });
    const data = await probe(site);
    expect(data.https.reason).toBe("redirect_loop");
    expect(data.https.hops.map((hop) => new URL(hop.url).pathname)).toEqual(["/", "/a", "/b"]);
    expect(statusOf(data, "http.redirect.safe")).toBe("fail");
    expect(statusOf(data, "http.https.reachable")).toBe("pass");
  });

  it("stops after 10 redirects: 11 hops fail", async () => {
    const routes: Record<string, WebHandler> = { "/": redirect("/1") };
    for (let hop = 1; hop <= 10; hop++) routes[`/${hop}`] = redirect(`/${hop + 1}`);
    routes["/11"] = goodRoutes()["/"]!;
    const site = await startSite({ https: goodRoutes(routes) });
    const data = await probe(site);
    expect(data.https.reason).toBe("too_many_redirects");
    expect(data.https.hops).toHaveLength(11);
    expect(site.https.requests).not.toContain("/11");
    expect(statusOf(data, "http.redirect.safe")).toBe("fail");
  });

  it("follows 10 redirects", async () => {
    const routes: Record<string, WebHandler> = { "/": redirect("/1") };
    for (let hop = 1; hop < 10; hop++) routes[`/${hop}`] = redirect(`/${hop + 1}`);
    routes["/10"] = goodRoutes()["/"]!;
    // http serves its own page: a redirect into this chain would make it 11 hops long.
    const data = await probe(await startSite({ https: goodRoutes(routes), http: () => ({}) }));
    expect(data.https).toMatchObject({ reason: null, finalStatus: 200 });
    expect(data.https.hops).toHaveLength(11);
    expect(statusOf(data, "http.redirect.safe")).toBe("pass");
  });

  it("refuses a redirect to a private address when the policy is off, and says so", async () => {
    let site: Site | undefined;
    const routes = goodRoutes({
      "/": (request, response) => {
        redirect(`https://intranet.example.test:${site!.https.port}/internal`)(request, response);
      },
    });
    site = await startSite({ https: routes, http: () => ({}) });
    const https = site.https;
    // Private addresses are allowed until the HTTPS root has answered, as for a public site.
    const answeredRoot = {
      get connections() {
        return https.requests.filter((path) => path === "/").length;
      },
    };
    const data = await probe(site, privateUntilAnswered(context(), answeredRoot));
    expect(https.requests).not.toContain("/internal");
    expect(data.https).toMatchObject({
      reason: "address_not_allowed",
      errorCode: "ERR_ADDRESS_NOT_ALLOWED",
    });
    expect(data.https.hops[1]).toEqual({
      url: `https://intranet.example.test:${https.port}/internal`,
      status: null,
      location: null,
    });
    expect(statusOf(data, "http.redirect.safe")).toBe("fail");
  });

  it("judges cookies without Secure or HttpOnly, never keeping a value", async () => {
    const routes = goodRoutes({
      "/": (_request, response) => {
        response.setHeader("strict-transport-security", goodHsts);
        response.setHeader("set-cookie", [
          "tracking=abc123; SameSite=None",
          "session=xyz789; Secure",
          "good=v; Secure; HttpOnly",
        ]);
        response.end();
      },
    });
    const data = await probe(await startSite({ https: routes }));
    const cookies = data.findings.find((finding) => finding.id === "http.cookies.flags");
    // SameSite=None without Secure, and a session cookie without HttpOnly: the Observatory's
    // -20 and -30; a flag missing warns, as DESIGN.md fixes.
    expect(cookies).toMatchObject({
      status: "warn",
      details: {
        outcome: "cookies-session-without-httponly-flag",
        observatory: { outcome: "cookies-session-without-httponly-flag", scoreModifier: -30 },
        cookies: [
          {
            name: "tracking",
            secure: false,
            httpOnly: false,
            problems: ["no_secure", "no_httponly", "samesite_none_without_secure"],
          },
          {
            name: "session",
            secure: true,
            httpOnly: false,
            session: true,
            problems: ["no_httponly"],
          },
        ],
        recommendation: expect.stringContaining("HttpOnly"),
      },
    });
    expect(JSON.stringify(data)).not.toMatch(/abc123|xyz789/);
  });

  describe("security.txt", () => {
    it("warns when it is missing (a 404 or an HTML page)", async () => {
      const missing = await probe(
        await startSite({ https: goodRoutes({ "/.well-known/security.txt": undefined! }) }),
      );
      expect(missing.securityTxt).toMatchObject({ found: false, status: 404 });
      expect(statusOf(missing, "http.security-txt.present")).toBe("warn");
      expect(statusOf(missing, "http.security-txt.valid")).toBe("skipped");
    });

    it("fails an expired one", async () => {
      const expired = ["Contact: mailto:security@example.test", "Expires: 2020-01-01T00:00:00Z"];
      const routes = goodRoutes({ "/.well-known/security.txt": securityTxt(expired) });
      const data = await probe(await startSite({ https: routes }));
      expect(data.securityTxt).toMatchObject({ found: true, expired: true });
      expect(statusOf(data, "http.security-txt.present")).toBe("pass");
      expect(statusOf(data, "http.security-txt.valid")).toBe("fail");
    });

    it("fails one without Contact", async () => {
      const lines = [`Expires: ${new Date(Date.now() + 30 * dayMs).toISOString()}`];
      const routes = goodRoutes({ "/.well-known/security.txt": securityTxt(lines) });
      const data = await probe(await startSite({ https: routes }));
      expect(data.securityTxt.errors).toContain("No Contact field.");
      expect(statusOf(data, "http.security-txt.valid")).toBe("fail");
    });

    it("reads a signed one inside its signature", async () => {
      const lines = [
        "-----BEGIN PGP SIGNED MESSAGE-----",
        "Hash: SHA256",
        "",
        ...validSecurityTxt(),
        "-----BEGIN PGP SIGNATURE-----",
        "",
        "iHUEARYIAB0WIQQ=",
        "-----END PGP SIGNATURE-----",
      ];
      const routes = goodRoutes({ "/.well-known/security.txt": securityTxt(lines) });
      const data = await probe(await startSite({ https: routes }));
      expect(data.securityTxt).toMatchObject({ found: true, signed: true, errors: [] });
      expect(data.securityTxt.fields?.contact).toEqual(["mailto:security@example.test"]);
      expect(statusOf(data, "http.security-txt.valid")).toBe("pass");
    });
  });

  it("reports nothing on 443 as a failing fact, not an error", async () => {
    const site = await startSite({ noHttps: true, http: () => ({ "/": goodRoutes()["/"]! }) });
    const data = await probe(site);
    expect(data.https).toMatchObject({ reachable: false, reason: "connection_refused" });
    expect(statuses(data)).toMatchObject({
      "http.https.reachable": "fail",
      "http.https.enforced": "fail",
      "http.hsts.present": "skipped",
      "http.headers.csp": "skipped",
      "http.security-txt.present": "skipped",
    });
  });

  it("fails reachability when the certificate does not cover the name", async () => {
    const site = await startSite({});
    const data = await httpProbe(site.options).run("other.test", context());
    expect(validate(data)).toEqual([]);
    expect(data.https).toMatchObject({
      reachable: false,
      reason: "tls_error",
      errorCode: "ERR_TLS_CERT_ALTNAME_INVALID",
    });
    expect(statusOf(data, "http.https.reachable")).toBe("fail");
  });

  it("fails reachability for a name without addresses, and throws only when no resolver answers", async () => {
    const site = await startSite({});
    const none = await httpProbe(site.options).run("missing.example.test", context());
    expect(none.https).toMatchObject({ reachable: false, reason: "no_address" });
    expect(statusOf(none, "http.https.reachable")).toBe("fail");
    const silent = testProbeContext({ resolvers: [`127.0.0.1:${await unusedPort()}`] });
    await expect(httpProbe(site.options).run("example.test", silent)).rejects.toMatchObject({
      name: "ProbeError",
      code: "upstream_error",
    });
  });

  it("answers a request cut short by the run's abort as a timeout, not a crash", async () => {
    // The run's signal aborts with a DOMException, whose `code` is a number (20).
    const site = await startSite({ https: goodRoutes({ "/": () => undefined }) });
    const controller = new AbortController();
    const runContext = { ...context(), signal: controller.signal };
    setTimeout(() => controller.abort(), 300);
    const data = await probe(site, runContext);
    expect(data.https).toMatchObject({ reachable: false, reason: "timeout" });
  });

  describe("a peer that sends headers and then stalls", () => {
    const stalling = () =>
      goodRoutes({
        "/": (_request, response) => {
          response.writeHead(200, { "strict-transport-security": goodHsts });
          response.write("partial");
        },
      });

    it("answers within the run's budget", async () => {
      const site = await startSite({ https: stalling() });
      const started = performance.now();
      const runContext = testProbeContext({ resolvers: [dns.address], timeoutMs: 2000 });
      const data = await probe(site, runContext);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(data.https).toMatchObject({ reachable: true, finalStatus: 200, bodyTruncated: true });
      expect(statusOf(data, "http.hsts.present")).toBe("pass");
    });

    it("stops reading a body that drips at bodyTimeoutMs, long before the budget", async () => {
      const drip = goodRoutes({
        "/": (_request, response) => {
          response.writeHead(200, { "strict-transport-security": goodHsts });
          // A byte every 50 ms never leaves the connection idle for long.
          const timer = setInterval(() => response.write("x"), 50);
          response.on("close", () => clearInterval(timer));
        },
      });
      const site = await startSite({ https: drip });
      site.options.bodyTimeoutMs = 300;
      const started = performance.now();
      const runContext = testProbeContext({ resolvers: [dns.address], timeoutMs: 10_000 });
      const data = await probe(site, runContext);
      expect(performance.now() - started).toBeLessThan(1500);
      expect(data.https).toMatchObject({ reachable: true, bodyTruncated: true });
      expect(data.https.bodyBytes).toBeGreaterThan(0);
    });
  });

  it("reads at most 256 KiB of a 10 MB body", async () => {
    const chunk = Buffer.alloc(64 * 1024, 97);
    const routes = goodRoutes({
      "/": (_request, response) => {
        response.writeHead(200, { "strict-transport-security": goodHsts });
        let sent = 0;
        const more = () => {
          while (sent < 10 * 1024 * 1024) {
            sent += chunk.length;
            if (!response.write(chunk)) {
              response.once("drain", more);
              return;
            }
          }
          response.end();
        };
        more();
      },
    });
    const data = await probe(await startSite({ https: routes }));
    expect(data.https).toMatchObject({ bodyBytes: 256 * 1024, bodyTruncated: true });
  });
});
