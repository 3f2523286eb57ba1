import {
  createTestPki,
  startDnsServer,
  startWebPeer,
  type TestDnsServer,
  testProbeContext,
  type WebHandler,
  type WebPeer,
  zoneHandler,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpProbe } from "./http-probe.js";

// A site whose https:// root is a 2-hop redirect on its own origin, served over HTTP/1.1 and
// over HTTP/2: a run opens a connection only where none is free, its later connections resume
// the first one's TLS session, and it asks the DNS server for the name once, though the http://
// and https:// chains both connect to it.

let dns: TestDnsServer;
let https: WebPeer;
let https2: WebPeer;
let https2Held: WebPeer;
let securityTxtHeldAtPreflight: boolean | undefined;
let http: WebPeer;
let ca: string;

const redirect =
  (location: string): WebHandler =>
  (_request, response) => {
    response.writeHead(301, { location });
    response.end("moved");
  };

beforeAll(async () => {
  dns = await startDnsServer(
    zoneHandler({
      "example.test": [{ type: "A", name: "example.test", ttl: 60, data: "127.0.0.1" }],
    }),
  );
  const pki = await createTestPki();
  const leaf = await pki.issueLeaf({
    commonName: "example.test",
    subjectAltNames: ["example.test"],
  });
  ca = pki.root.certPem;
  const routes: Record<string, WebHandler> = {
    "/": redirect("/a"),
    "/a": redirect("/b"),
    "/b": (_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<!doctype html><title>page</title>");
    },
  };
  const handler: WebHandler = (request, response) => {
    const route = routes[request.url ?? ""];
    if (route) return route(request, response);
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
  };
  const tls = { key: leaf.keyPem, cert: leaf.chainPem };
  https = await startWebPeer({ tls, http1Only: true, handler });
  https2 = await startWebPeer({ tls, handler });
  // security.txt is answered only once the preflight arrives (2 s at most): the preflight comes
  // while another request runs on the shared connection, or only after security.txt is let go.
  let securityTxtHeld = false;
  let releaseSecurityTxt = () => {};
  https2Held = await startWebPeer({
    tls,
    handler: (request, response) => {
      if (request.url === "/.well-known/security.txt") {
        const release = () => {
          if (!securityTxtHeld) return;
          securityTxtHeld = false;
          response.writeHead(404, { "content-type": "text/plain" });
          response.end("not found");
        };
        securityTxtHeld = true;
        releaseSecurityTxt = release;
        setTimeout(release, 2000).unref();
        return;
      }
      if (request.method === "OPTIONS") {
        securityTxtHeldAtPreflight ??= securityTxtHeld;
        releaseSecurityTxt();
      }
      return handler(request, response);
    },
  });
  http = await startWebPeer({
    handler: (_request, response) => {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
    },
  });
}, 30_000);

afterAll(async () => {
  await Promise.all([https.close(), https2.close(), https2Held.close(), http.close(), dns.close()]);
});

describe("http probe connections", () => {
  it("reuses a connection for the redirects on one origin and asks DNS once per name", async () => {
    const data = await httpProbe({ httpsPort: https.port, httpPort: http.port, ca }).run(
      "example.test",
      testProbeContext({ resolvers: [dns.address], timeoutMs: 8000 }),
    );
    expect(data.https.hops.map((hop) => hop.status)).toEqual([301, 301, 200]);
    expect(data.http.finalStatus).toBe(404);
    expect(data.cors?.status).toBe(200);
    expect(data.securityTxt.status).toBe(404);
    // 5 requests to the HTTPS origin (3 hops, security.txt, the preflight): 2 connections (the
    // chain and security.txt ask at once), none more. Destroying the redirects' bodies, or
    // asking in the turn a body ended, opened one per request. The second waits for the first's
    // TLS session and resumes it: starting both at once cost two full handshakes.
    expect(https.requests).toHaveLength(5);
    expect(https.protocols).toEqual(["http/1.1", "http/1.1"]);
    expect(https.resumed).toEqual([false, true]);
    const asked = dns.queries.filter((query) => query.name === "example.test");
    expect(asked.map((query) => query.type).sort()).toEqual(["A", "AAAA"]);
  });

  it("sends every request to an HTTP/2 origin over its first connection", async () => {
    const data = await httpProbe({ httpsPort: https2.port, httpPort: http.port, ca }).run(
      "example.test",
      testProbeContext({ resolvers: [dns.address], timeoutMs: 8000 }),
    );
    expect(data.https.protocol).toBe("h2");
    expect(data.https.hops.map((hop) => hop.status)).toEqual([301, 301, 200]);
    expect(data.cors?.status).toBe(200);
    expect(data.securityTxt.status).toBe(404);
    // The chain, security.txt and the preflight share one connection: undici sends one request
    // at a time on a connection unless told the peer multiplexes, and opened 3 here.
    expect(https2.requests).toHaveLength(5);
    expect(https2.protocols).toEqual(["h2"]);
  });

  it("sends the CORS preflight on a shared HTTP/2 connection while another request runs", async () => {
    const data = await httpProbe({ httpsPort: https2Held.port, httpPort: http.port, ca }).run(
      "example.test",
      testProbeContext({ resolvers: [dns.address], timeoutMs: 8000 }),
    );
    expect(data.cors?.status).toBe(200);
    expect(data.securityTxt.status).toBe(404);
    expect(https2Held.protocols).toEqual(["h2"]);
    // undici holds a request not marked idempotent until the connection's running requests end:
    // the preflight (OPTIONS, idempotent by RFC 9110 9.2.2) waited for security.txt.
    expect(securityTxtHeldAtPreflight).toBe(true);
  });
});
