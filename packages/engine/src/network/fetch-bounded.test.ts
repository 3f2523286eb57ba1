import { startWebPeer, testProbeContext, type WebPeer } from "@domain-intel/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { fetchBounded } from "./fetch-bounded.js";

const peers: WebPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

async function peer(handler: Parameters<typeof startWebPeer>[0]["handler"]): Promise<WebPeer> {
  const started = await startWebPeer({ handler });
  peers.push(started);
  return started;
}

const context = (allowPrivateAddresses = true) =>
  testProbeContext({ timeoutMs: 15_000, allowPrivateAddresses });
const limits = { timeoutMs: 3000, maxBytes: 1024 };

describe("fetchBounded", () => {
  it("posts the body and returns a 200's bytes", async () => {
    let received = "";
    const server = await peer((request, response) => {
      request.on("data", (chunk: Buffer) => {
        received += chunk.toString();
      });
      request.on("end", () => {
        response.writeHead(200, { "content-type": "application/ocsp-response" });
        response.end(`${request.method} ${request.headers["content-type"]}`);
      });
    });

    const answer = await fetchBounded({
      url: `http://127.0.0.1:${server.port}/`,
      context: context(),
      ...limits,
      method: "POST",
      body: Buffer.from("question"),
      contentType: "application/ocsp-request",
    });

    expect(answer).toEqual({
      ok: true,
      body: Buffer.from("POST application/ocsp-request"),
      contentType: "application/ocsp-response",
    });
    expect(received).toBe("question");
  });

  it("opens no connection to an address the policy refuses", async () => {
    const server = await peer((_request, response) => response.end("x"));

    const answer = await fetchBounded({
      url: `http://127.0.0.1:${server.port}/`,
      context: context(false),
      ...limits,
    });

    expect(answer).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/address policy refused/),
    });
    expect(server.requests).toEqual([]);
  });

  it("stops at the byte limit, declared or streamed", async () => {
    const server = await peer((request, response) => {
      if (request.url === "/declared") {
        response.writeHead(200, { "content-length": "4096" });
        response.end(Buffer.alloc(4096));
        return;
      }
      response.writeHead(200);
      // Chunked and endless: only the limit stops the reading.
      const write = () => {
        if (response.write(Buffer.alloc(512))) setImmediate(write);
        else response.once("drain", write);
      };
      write();
      response.on("error", () => undefined);
    });
    const base = `http://127.0.0.1:${server.port}`;

    const declared = await fetchBounded({ url: `${base}/declared`, context: context(), ...limits });
    const streamed = await fetchBounded({ url: `${base}/streamed`, context: context(), ...limits });

    expect(declared).toEqual({
      ok: false,
      problem: "its answer of 4096 bytes is over the 1024-byte limit",
    });
    expect(streamed).toEqual({ ok: false, problem: "its answer runs over the 1024-byte limit" });
  });

  it("says what a silent peer, a non-200 and a URL it does not fetch are", async () => {
    const server = await peer((request, response) => {
      if (request.url === "/missing") {
        response.writeHead(404);
        response.end();
      }
    });
    const base = `http://127.0.0.1:${server.port}`;
    const started = performance.now();

    const silent = await fetchBounded({
      url: `${base}/`,
      context: context(),
      ...limits,
      timeoutMs: 300,
    });
    const missing = await fetchBounded({ url: `${base}/missing`, context: context(), ...limits });
    const ldap = await fetchBounded({
      url: "ldap://ca.test/cn=crl",
      context: context(),
      ...limits,
    });

    expect(silent).toEqual({ ok: false, problem: "no answer within 300 ms" });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(missing).toEqual({ ok: false, problem: "it answered HTTP 404" });
    expect(ldap).toEqual({ ok: false, problem: "ldap: URLs are not fetched" });
  });
});
