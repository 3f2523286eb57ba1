import { fixture } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { type EventMapping, eventToRequest } from "./event-to-request.js";

const none = { basePath: "" };

function mapped(event: unknown, options = none): Extract<EventMapping, { ok: true }> {
  const result = eventToRequest(event, options);
  if (!result.ok) throw new Error(`expected a request, got: ${result.problem}`);
  return result;
}

describe("eventToRequest, payload 1.0 (REST API)", () => {
  it("maps the stored REST API sample", () => {
    const { version, request, body } = mapped(fixture("rest-api-v1"));
    expect(version).toBe("1.0");
    expect(request.method).toBe("GET");
    expect(request.url).toBe("/api/v1/dns/example.test");
    expect(request.headers.authorization).toBe("Bearer lambda-fixture-key");
    expect(request.headers.host).toBe("gy415nuibc.execute-api.us-east-1.amazonaws.com");
    expect(Object.keys(request.headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(body).toBeUndefined();
  });

  it("reads every value of multi-value headers, not just the last one", () => {
    const event = fixture("rest-api-v1");
    event.headers["X-Forwarded-For"] = "203.0.113.9";
    event.multiValueHeaders["X-Forwarded-For"] = ["198.51.100.1", "203.0.113.9"];
    expect(mapped(event).request.headers["x-forwarded-for"]).toBe("198.51.100.1, 203.0.113.9");
  });

  it("re-encodes the decoded multi-value query string, every value in order", () => {
    const event = fixture("rest-api-v1");
    event.queryStringParameters = { refresh: "true", q: "a b&c" };
    event.multiValueQueryStringParameters = { refresh: ["false", "true"], q: ["a b&c"] };
    expect(mapped(event).request.url).toBe(
      "/api/v1/dns/example.test?refresh=false&refresh=true&q=a+b%26c",
    );
    delete event.multiValueQueryStringParameters;
    expect(mapped(event).request.url).toBe("/api/v1/dns/example.test?refresh=true&q=a+b%26c");
  });

  it("strips a custom-domain base path only when told to, and only whole segments", () => {
    const event = fixture("rest-api-v1-custom-domain");
    expect(mapped(event).request.url).toBe("/intel/api/v1/dns/example.test");
    expect(mapped(event, { basePath: "/intel" }).request.url).toBe("/api/v1/dns/example.test");
    expect(mapped(event, { basePath: "/int" }).request.url).toBe("/intel/api/v1/dns/example.test");
    event.path = "/intel";
    expect(mapped(event, { basePath: "/intel" }).request.url).toBe("/");
  });

  it("decodes a base64 body and keeps a text body as UTF-8", () => {
    const event = fixture("rest-api-v1");
    event.body = Buffer.from("ünïcode").toString("base64");
    event.isBase64Encoded = true;
    expect(Buffer.from(mapped(event).body!).toString()).toBe("ünïcode");
    event.body = "plain ü";
    event.isBase64Encoded = false;
    expect(Buffer.from(mapped(event).body!).toString()).toBe("plain ü");
  });
});

describe("eventToRequest, payload 2.0 (HTTP API, function URL)", () => {
  it("maps the stored HTTP API sample, detected by version 2.0", () => {
    const { version, request } = mapped(fixture("http-api-v2"));
    expect(version).toBe("2.0");
    expect(request).toMatchObject({ method: "GET", url: "/api/v1/dns/example.test" });
    expect(request.headers.authorization).toBe("Bearer lambda-fixture-key");
  });

  it("keeps the raw query string and strips a named stage given as basePath", () => {
    const event = fixture("http-api-v2-stage");
    expect(mapped(event).request.url).toBe(
      "/prod/api/v1/dns/example.test?refresh=false&refresh=true",
    );
    expect(mapped(event, { basePath: "/prod" }).request.url).toBe(
      "/api/v1/dns/example.test?refresh=false&refresh=true",
    );
  });

  it("joins cookies back into a Cookie header and decodes the base64 body", () => {
    const { request, body } = mapped(fixture("function-url"));
    expect(request.method).toBe("POST");
    expect(request.headers.cookie).toBe("session=abc123; theme=dark");
    expect(Buffer.from(body!).toString()).toBe('{"domain":"example.test"}');
  });

  it("escapes what an HTTP API decoded, and leaves encoded paths byte for byte", () => {
    const event = fixture("http-api-v2");
    const cases: [string, string][] = [
      ["/api/v1/dns/bücher.test", "/api/v1/dns/b%C3%BCcher.test"],
      ["/api/v1/dns/a?b.test", "/api/v1/dns/a%3Fb.test"],
      ["/api/v1/dns/a#b.test", "/api/v1/dns/a%23b.test"],
      ["/api/v1/dns/a b.test", "/api/v1/dns/a%20b.test"],
      ["/api/v1/dns/100%.test", "/api/v1/dns/100%25.test"],
      ["/api/v1/dns/b%C3%BCcher.test", "/api/v1/dns/b%C3%BCcher.test"],
      ["/api/v1/dns/%E0%A4%A", "/api/v1/dns/%E0%A4%25A"],
    ];
    for (const [rawPath, url] of cases) {
      event.rawPath = rawPath;
      expect(mapped(event).request.url, rawPath).toBe(url);
    }
  });
});

describe("eventToRequest, malformed events", () => {
  const v1 = () => fixture("rest-api-v1");
  const v2 = () => fixture("http-api-v2");
  const cases: [string, unknown][] = [
    ["nothing", undefined],
    ["null", null],
    ["a string", "GET /api/v1/dns/example.test"],
    ["an array", [v1()]],
    ["an empty object", {}],
    ["an unknown version", { ...v2(), version: "3.0" }],
    ["v1 without a method", { ...v1(), httpMethod: undefined }],
    ["v1 with a method that is no token", { ...v1(), httpMethod: "GET /x" }],
    ["v1 without a path", { ...v1(), path: undefined }],
    ["v1 with a relative path", { ...v1(), path: "api/v1/dns/example.test" }],
    ["v1 with headers as a list", { ...v1(), headers: ["authorization"] }],
    ["v1 with a header that is a number", { ...v1(), headers: { "x-count": 3 } }],
    ["v1 with single multi-value headers", { ...v1(), multiValueHeaders: { accept: "*/*" } }],
    ["v1 with a numeric query value", { ...v1(), queryStringParameters: { refresh: 1 } }],
    ["v2 without requestContext", { ...v2(), requestContext: undefined }],
    ["v2 without http.method", { ...v2(), requestContext: { http: {} } }],
    ["v2 with a numeric rawPath", { ...v2(), rawPath: 42 }],
    ["v2 with a numeric rawQueryString", { ...v2(), rawQueryString: 42 }],
    ["v2 with cookies as a string", { ...v2(), cookies: "a=b" }],
    ["v2 with a body that is not base64", { ...v2(), body: "not base64!", isBase64Encoded: true }],
    ["v2 with a numeric body", { ...v2(), body: 12 }],
    ["v2 with a lone surrogate in the path", { ...v2(), rawPath: "/api/v1/dns/\ud800.test" }],
  ];
  it.each(cases)("refuses %s, naming the problem", (_, event) => {
    const result = eventToRequest(event, none);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.length).toBeGreaterThan(3);
  });
});

describe("the caller's address", () => {
  it.each([
    "rest-api-v1",
    "rest-api-v1-custom-domain",
    "http-api-v2",
    "http-api-v2-stage",
    "function-url",
  ] as const)("comes from the request context of %s", (name) => {
    const mapping = eventToRequest(fixture(name), { basePath: "" });
    expect(mapping.ok && mapping.request.clientAddress).toBe("198.51.100.23");
  });
});
