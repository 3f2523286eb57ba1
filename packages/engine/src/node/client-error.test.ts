import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type RawAnswer, rawExchange } from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../engine.js";
import { problemOnClientError } from "./client-error.js";
import { createNodeHandler } from "./node-http.js";

const engine = createEngine({ keys: ["client-error-key"] });
const servers: Server[] = [];

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A host's server: the engine's handler, and the engine's answers to Node's refusals. */
function hostServer(options: { withEngine: boolean }): Server {
  const server = createServer(
    // Node checks request deadlines every connectionsCheckingInterval: short, to see a 408.
    { requestTimeout: 400, headersTimeout: 400, connectionsCheckingInterval: 50 },
    createNodeHandler(engine),
  );
  return options.withEngine ? problemOnClientError(server, engine) : problemOnClientError(server);
}

const oversizeHeader = (bytes: number) =>
  Buffer.from(
    `GET /api/v1/openapi.json HTTP/1.1\r\nHost: a\r\nX-Big: ${"a".repeat(bytes)}\r\n\r\n`,
  );
const badRequestLine = Buffer.from("HELLO WORLD / HTTP/1.1\r\nHost: a\r\n\r\n");
const nonAsciiPath = Buffer.from(
  "GET /api/v1/dns/café.example HTTP/1.1\r\nHost: a\r\n\r\n",
  "utf8",
);
const halfRequest = Buffer.from("GET /api/v1/openapi.json HTTP/1.1\r\nHost: a\r\n");

/** The answer read to the server's close, checked as a whole RFC 9457 problem. */
function problemOf(answer: RawAnswer): Record<string, unknown> {
  expect(answer.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
  expect(answer.headers["content-length"]).toBe(String(answer.body.byteLength));
  expect(answer.headers.connection).toBe("close");
  const problem = JSON.parse(answer.body.toString("utf8")) as Record<string, unknown>;
  expect(problem).toMatchObject({
    type: `https://domain-intel.dev/problems/${String(problem.code).replaceAll("_", "-")}`,
    status: answer.status,
    title: expect.any(String),
    detail: expect.any(String),
  });
  return problem;
}

let port: number;
let portWithoutEngine: number;
beforeAll(async () => {
  port = await listen(hostServer({ withEngine: true }));
  portWithoutEngine = await listen(hostServer({ withEngine: false }));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("problemOnClientError: Node's own refusals as problem+json", () => {
  it("answers a header section over 16 KiB with 431 headers_too_large", async () => {
    const answer = await rawExchange(port, oversizeHeader(17 * 1024));
    expect(answer.status).toBe(431);
    expect(problemOf(answer).code).toBe("headers_too_large");
  });

  it("still answers in full when the client sends far more than the limit", async () => {
    const answer = await rawExchange(port, oversizeHeader(1024 * 1024));
    expect(answer.status).toBe(431);
    expect(problemOf(answer).code).toBe("headers_too_large");
  });

  it("answers a malformed request line with 400 bad_request", async () => {
    const answer = await rawExchange(port, badRequestLine);
    expect(answer.status).toBe(400);
    const problem = problemOf(answer);
    expect(problem.code).toBe("bad_request");
    expect(problem.detail).toContain("not valid HTTP/1.1");
  });

  it("answers a path with non-ASCII bytes with 400 bad_request saying to percent-encode", async () => {
    const answer = await rawExchange(port, nonAsciiPath);
    expect(answer.status).toBe(400);
    const problem = problemOf(answer);
    expect(problem.code).toBe("bad_request");
    expect(problem.detail).toContain("percent-encode");
  });

  it("answers a request that never completes with 408 request_timeout", async () => {
    const answer = await rawExchange(port, halfRequest);
    expect(answer.status).toBe(408);
    expect(problemOf(answer).code).toBe("request_timeout");
  });

  it("writes the same bytes without an engine (the engine's problem writer behind it)", async () => {
    for (const request of [badRequestLine, nonAsciiPath, oversizeHeader(17 * 1024)]) {
      const withEngine = await rawExchange(port, request);
      const without = await rawExchange(portWithoutEngine, request);
      expect(without.status).toBe(withEngine.status);
      expect(without.body.equals(withEngine.body)).toBe(true);
    }
  });

  it("leaves well-formed requests to the handler", async () => {
    const answer = await rawExchange(
      port,
      Buffer.from("GET /api/v1/openapi.json HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("application/json");
  });
});
