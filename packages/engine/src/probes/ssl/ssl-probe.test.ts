import net from "node:net";
import tls from "node:tls";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createCertificate,
  createTestPki,
  daysFromNow,
  type TestPki,
} from "../../test-support/certificates.js";
import { startDnsServer, type TestDnsServer, zoneHandler } from "../../test-support/dns-server.js";
import { testProbeContext } from "../../test-support/probe-context.js";
import type { NetworkPolicy, ProbeContext } from "../probe.js";
import { type SslData, sslDataSchema, sslFindingIds, sslProbe } from "./index.js";
import type { SslProbeOptions } from "./ssl-probe.js";

// Published schemas stay open; here every object that lists its fields is closed, so a field
// the probe returns but the schema does not describe fails the test.
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== "object" || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = closed(value);
  if ("properties" in copy && "required" in copy) copy.additionalProperties = false;
  return copy;
}
const ajv = new Ajv2020.default({ strict: true, allErrors: true });
addFormats.default(ajv);
const validateData = ajv.compile(closed(sslDataSchema) as object);

function expectValid(data: SslData): void {
  const valid = validateData(data);
  expect(validateData.errors ?? [], JSON.stringify(data)).toEqual([]);
  expect(valid).toBe(true);
  expect(data.findings.map((finding) => finding.id)).toEqual([...sslFindingIds]);
}

function status(data: SslData, id: (typeof sslFindingIds)[number]): string | undefined {
  return data.findings.find((finding) => finding.id === id)?.status;
}

let pki: TestPki;
let dns: TestDnsServer;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  pki = await createTestPki();
  const zone = zoneHandler({
    "secure.test": [{ type: "A", name: "secure.test", ttl: 60, data: "127.0.0.1" }],
    "www.secure.test": [{ type: "A", name: "www.secure.test", ttl: 60, data: "127.0.0.1" }],
    "dual.test": [
      { type: "AAAA", name: "dual.test", ttl: 60, data: "::1" },
      { type: "A", name: "dual.test", ttl: 60, data: "127.0.0.1" },
    ],
  });
  dns = await startDnsServer((query, transport) =>
    query.questions?.[0]?.name === "broken.test"
      ? { type: "response", rcode: "SERVFAIL" }
      : zone(query, transport),
  );
});
afterAll(() => dns.close());
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

interface Listener {
  server: net.Server;
  port: number;
  /** TCP connections accepted so far. */
  connections: number;
  /** Connections still open on the server side. */
  open(): number;
}

async function listen(server: net.Server): Promise<Listener> {
  const sockets = new Set<net.Socket>();
  const listener = { server, port: 0, connections: 0, open: () => sockets.size };
  server.on("connection", (socket: net.Socket) => {
    listener.connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  listener.port = (server.address() as net.AddressInfo).port;
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return listener;
}

function startTlsServer(options: tls.TlsOptions): Promise<Listener> {
  const server = tls.createServer({ ALPNProtocols: ["h2", "http/1.1"], ...options });
  server.on("tlsClientError", () => undefined);
  return listen(server);
}

function startTcpServer(onConnection: (socket: net.Socket) => void): Promise<Listener> {
  return listen(net.createServer(onConnection));
}

function context(network: Partial<NetworkPolicy> = {}): ProbeContext {
  return testProbeContext({ resolvers: [dns.address], ...network });
}

async function probe(
  options: SslProbeOptions,
  domain = "secure.test",
  probeContext = context(),
): Promise<SslData> {
  const data = await sslProbe(options).run(domain, probeContext);
  expectValid(data);
  return data;
}

async function waitUntil(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("sslProbe: certificates", () => {
  it("reports a valid RSA chain: trusted, matching, TLS 1.3 with ALPN h2", async () => {
    const leaf = await pki.issueLeaf({
      commonName: "secure.test",
      keyType: "rsa",
      subjectAltNames: ["secure.test", "127.0.0.1"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: pki.root.certPem });

    expect(data).toMatchObject({
      reachable: true,
      reason: null,
      errorCode: null,
      address: "127.0.0.1",
      port: server.port,
      protocol: "TLSv1.3",
      alpn: "h2",
      trusted: true,
      trustError: null,
      hostnameMatch: true,
    });
    expect(data.cipher?.standardName).toMatch(/^TLS_/);
    expect(data.cipher?.version).toMatch(/^TLSv1/);
    expect(data.certificate).toMatchObject({
      subject: { dn: "CN=secure.test", commonName: "secure.test", organization: null },
      issuer: { commonName: "Domain Intel Test Intermediate" },
      subjectAltNames: ["secure.test", "127.0.0.1"],
      keyType: "rsa",
      keySize: 2048,
      keyCurve: null,
      selfSigned: false,
    });
    expect(data.certificate?.daysRemaining).toBeGreaterThanOrEqual(89);
    expect(Date.parse(data.certificate?.notAfter ?? "")).toBeGreaterThan(Date.now());
    for (const finding of data.findings) expect(finding.status, finding.id).toBe("pass");
    // The probe's socket is gone once it returns.
    await waitUntil(() => server.open() === 0);
  });

  it("reports an ECDSA P-256 leaf and a server without ALPN", async () => {
    const leaf = await pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      ALPNProtocols: undefined,
    });

    const data = await probe({ port: server.port, ca: pki.root.certPem });

    expect(data).toMatchObject({ trusted: true, hostnameMatch: true, alpn: null });
    expect(data.certificate).toMatchObject({ keyType: "ec", keySize: 256, keyCurve: "P-256" });
  });

  it("accepts extra roots as a bundle and as a list", async () => {
    const leaf = await pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });
    const other = await createCertificate({ commonName: "Unrelated Root", ca: true });

    const bundle = await probe({ port: server.port, ca: other.certPem + pki.root.certPem });
    const list = await probe({ port: server.port, ca: [other.certPem, pki.root.certPem] });

    expect(bundle.trusted).toBe(true);
    expect(list.trusted).toBe(true);
  });

  it("fails an expired certificate and skips the expiring-soon check", async () => {
    const leaf = await pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      notBefore: daysFromNow(-100),
      notAfter: daysFromNow(-1),
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: pki.root.certPem });

    expect(data).toMatchObject({
      trusted: false,
      trustError: "CERT_HAS_EXPIRED",
      hostnameMatch: true,
    });
    expect(data.certificate?.daysRemaining).toBeLessThan(0);
    expect(status(data, "ssl.cert.expired")).toBe("fail");
    expect(status(data, "ssl.cert.expiring-soon")).toBe("skipped");
    expect(status(data, "ssl.cert.untrusted")).toBe("fail");
    expect(status(data, "ssl.cert.not-yet-valid")).toBe("pass");
    expect(sslProbe().ttlMs?.(data)).toBe(5 * 60_000);
  });

  it("fails a certificate that is not valid yet", async () => {
    const leaf = await pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      notBefore: daysFromNow(2),
      notAfter: daysFromNow(90),
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: pki.root.certPem });

    expect(data).toMatchObject({ trusted: false, trustError: "CERT_NOT_YET_VALID" });
    expect(status(data, "ssl.cert.not-yet-valid")).toBe("fail");
    expect(status(data, "ssl.cert.expired")).toBe("pass");
  });

  it.each([
    { days: 5, expected: "fail" },
    { days: 20, expected: "warn" },
  ])("rates a certificate expiring in $days days as $expected", async ({ days, expected }) => {
    const leaf = await pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      notAfter: daysFromNow(days),
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: pki.root.certPem });

    expect(data).toMatchObject({ trusted: true, hostnameMatch: true });
    expect(data.certificate?.daysRemaining).toBe(days - 1);
    const finding = data.findings.find((item) => item.id === "ssl.cert.expiring-soon");
    expect(finding).toMatchObject({
      status: expected,
      severity: expected === "fail" ? "error" : "warning",
      details: { daysRemaining: days - 1 },
    });
    expect(status(data, "ssl.cert.expired")).toBe("pass");
  });

  it("fails a self-signed certificate", async () => {
    const self = await createCertificate({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: self.keyPem, cert: self.certPem });

    const data = await probe({ port: server.port, ca: pki.root.certPem });

    expect(data).toMatchObject({
      trusted: false,
      trustError: "DEPTH_ZERO_SELF_SIGNED_CERT",
      hostnameMatch: true,
      certificate: {
        selfSigned: true,
        subject: { dn: "CN=secure.test" },
        issuer: { dn: "CN=secure.test" },
      },
    });
    expect(status(data, "ssl.cert.self-signed")).toBe("fail");
    expect(status(data, "ssl.cert.untrusted")).toBe("fail");
  });

  it("notes a self-signed certificate that is itself a configured root", async () => {
    const self = await createCertificate({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: self.keyPem, cert: self.certPem });

    const data = await probe({ port: server.port, ca: self.certPem });

    expect(data).toMatchObject({ trusted: true, certificate: { selfSigned: true } });
    expect(status(data, "ssl.cert.self-signed")).toBe("info");
  });

  it("reports a host name mismatch on an otherwise valid chain", async () => {
    const leaf = await pki.issueLeaf({ commonName: "other.test", subjectAltNames: ["other.test"] });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: pki.root.certPem });

    expect(data).toMatchObject({ trusted: true, trustError: null, hostnameMatch: false });
    expect(status(data, "ssl.cert.untrusted")).toBe("pass");
    expect(data.findings.find((item) => item.id === "ssl.cert.hostname-mismatch")).toMatchObject({
      status: "fail",
      details: { hostname: "secure.test", subjectAltNames: ["other.test"] },
    });
  });

  it("still reports a host name mismatch when the chain is untrusted too", async () => {
    const leaf = await pki.issueLeaf({ commonName: "other.test", subjectAltNames: ["other.test"] });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port });

    expect(data).toMatchObject({
      trusted: false,
      trustError: "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
      hostnameMatch: false,
    });
    expect(status(data, "ssl.cert.untrusted")).toBe("fail");
    expect(status(data, "ssl.cert.hostname-mismatch")).toBe("fail");
  });

  it("does not trust an unknown root without `ca`", async () => {
    const leaf = await pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port });

    expect(data).toMatchObject({
      reachable: true,
      trusted: false,
      trustError: "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
      hostnameMatch: true,
    });
    expect(status(data, "ssl.cert.untrusted")).toBe("fail");
    expect(status(data, "ssl.cert.self-signed")).toBe("pass");
  });

  it("does not trust a chain the server sends without its intermediate", async () => {
    const leaf = await pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.certPem });

    const data = await probe({ port: server.port, ca: pki.root.certPem });

    expect(data).toMatchObject({ trusted: false, trustError: "UNABLE_TO_VERIFY_LEAF_SIGNATURE" });
  });

  it("matches wildcards like browsers and ignores a CN without SANs", async () => {
    const wildcard = await pki.issueLeaf({
      commonName: "*.secure.test",
      subjectAltNames: ["*.secure.test"],
    });
    const wildServer = await startTlsServer({ key: wildcard.keyPem, cert: wildcard.chainPem });
    const cnOnly = await pki.issueLeaf({ commonName: "secure.test" });
    const cnServer = await startTlsServer({ key: cnOnly.keyPem, cert: cnOnly.chainPem });

    const www = await probe({ port: wildServer.port, ca: pki.root.certPem }, "www.secure.test");
    const apex = await probe({ port: wildServer.port, ca: pki.root.certPem }, "secure.test");
    const legacy = await probe({ port: cnServer.port, ca: pki.root.certPem });

    expect(www.hostnameMatch).toBe(true);
    expect(apex.hostnameMatch).toBe(false);
    expect(legacy).toMatchObject({ hostnameMatch: false, certificate: { subjectAltNames: [] } });
    const finding = legacy.findings.find((item) => item.id === "ssl.cert.hostname-mismatch");
    expect(finding?.message).toMatch(/subject CN/);
  });
});

describe("sslProbe: reachability", () => {
  it("reports nothing listening as refused", async () => {
    const closedPort = await startTcpServer(() => undefined);
    await closers.pop()?.();

    const data = await probe({ port: closedPort.port });

    expect(data).toMatchObject({
      reachable: false,
      reason: "refused",
      errorCode: "ECONNREFUSED",
      address: "127.0.0.1",
      certificate: null,
      trusted: null,
    });
    expect(data.findings[0]).toMatchObject({
      id: "ssl.unreachable",
      status: "fail",
      severity: "error",
    });
    for (const finding of data.findings.slice(1)) expect(finding.status).toBe("skipped");
    expect(sslProbe().ttlMs?.(data)).toBe(5 * 60_000);
  });

  it("gives up on a peer that accepts and never answers within its handshake timeout", async () => {
    // Reads (so it notices the probe hanging up) but never writes.
    const server = await startTcpServer((socket) => socket.resume());

    const started = performance.now();
    const data = await probe({ port: server.port, handshakeTimeoutMs: 300 });
    const elapsed = performance.now() - started;

    expect(data).toMatchObject({ reachable: false, reason: "timeout", errorCode: "ETIMEDOUT" });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1500);
    await waitUntil(() => server.open() === 0);
  });

  it("stops when the probe's budget runs out during the handshake", async () => {
    const server = await startTcpServer((socket) => socket.resume());

    const started = performance.now();
    const data = await probe({ port: server.port }, "secure.test", context({ timeoutMs: 400 }));

    expect(data).toMatchObject({ reachable: false, reason: "timeout", errorCode: "ABORT_ERR" });
    expect(performance.now() - started).toBeLessThan(1500);
    await waitUntil(() => server.open() === 0);
  });

  it("reports a peer that answers with something other than TLS as no_tls", async () => {
    const server = await startTcpServer((socket) => {
      socket.once("data", () =>
        socket.end("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"),
      );
    });

    const data = await probe({ port: server.port });

    expect(data).toMatchObject({ reachable: false, reason: "no_tls" });
    expect(data.errorCode).toMatch(/^ERR_SSL_/);
  });

  it("reports a connection reset before the handshake as reset", async () => {
    const reset = await startTcpServer((socket) => socket.resetAndDestroy());
    const closedEarly = await startTcpServer((socket) => socket.end());

    expect(await probe({ port: reset.port })).toMatchObject({ reachable: false, reason: "reset" });
    expect(await probe({ port: closedEarly.port })).toMatchObject({
      reachable: false,
      reason: "reset",
      errorCode: "ECONNRESET",
    });
  });

  it("reports a TLS peer with no protocol in common as handshake_failed", async () => {
    const leaf = await pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      minVersion: "TLSv1",
      maxVersion: "TLSv1.1",
    });

    const data = await probe({ port: server.port, ca: pki.root.certPem });

    expect(data).toMatchObject({ reachable: false, reason: "handshake_failed" });
    expect(data.errorCode).toMatch(/^ERR_SSL_/);
  });

  it("refuses a domain that resolves only to loopback without connecting", async () => {
    const leaf = await pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe(
      { port: server.port, ca: pki.root.certPem },
      "secure.test",
      context({ allowPrivateAddresses: false }),
    );

    expect(data).toMatchObject({ reachable: false, reason: "blocked_address", address: null });
    expect(data.findings[0]).toMatchObject({
      id: "ssl.unreachable",
      status: "skipped",
      details: { refusedAddresses: ["127.0.0.1"] },
    });
    expect(server.connections).toBe(0);
  });

  it("reports a name without addresses as no_address", async () => {
    const data = await probe({}, "missing.test");

    expect(data).toMatchObject({
      reachable: false,
      reason: "no_address",
      address: null,
      port: 443,
    });
    expect(data.findings[0]).toMatchObject({ id: "ssl.unreachable", status: "info" });
  });

  it("connects to the IPv4 address first", async () => {
    const leaf = await pki.issueLeaf({ commonName: "dual.test", subjectAltNames: ["dual.test"] });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: pki.root.certPem }, "dual.test");

    expect(data).toMatchObject({ reachable: true, address: "127.0.0.1", trusted: true });
  });

  it("connects under the context's concurrency limit", async () => {
    const leaf = await pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });
    let active = 0;
    const seen: number[] = [];
    server.server.on("connection", () => seen.push(active));
    const limited: ProbeContext = {
      ...context(),
      limit: async (operation) => {
        active += 1;
        try {
          return await operation();
        } finally {
          active -= 1;
        }
      },
    };

    const data = await probe({ port: server.port, ca: pki.root.certPem }, "secure.test", limited);

    expect(data.reachable).toBe(true);
    expect(server.connections).toBe(1);
    expect(seen).toEqual([1]);
  });
});

describe("sslProbe: errors", () => {
  it("throws upstream_error when the resolver fails", async () => {
    await expect(sslProbe().run("broken.test", context())).rejects.toMatchObject({
      name: "ProbeError",
      code: "upstream_error",
    });
  });

  it("throws timeout when the budget is spent before anything happened", async () => {
    const spent: ProbeContext = { ...context(), signal: AbortSignal.abort() };
    await expect(sslProbe().run("spent.test", spent)).rejects.toMatchObject({
      name: "ProbeError",
      code: "timeout",
    });
    expect(dns.queries.some((query) => query.name === "spent.test")).toBe(false);
  });

  it.each([
    [{ port: 0 }, "sslProbe: options.port must be an integer 1..65535"],
    [{ port: 65536 }, "sslProbe: options.port must be an integer 1..65535"],
    [{ port: 44.3 }, "sslProbe: options.port must be an integer 1..65535"],
    [{ port: "443" }, "sslProbe: options.port must be an integer 1..65535"],
    [{ handshakeTimeoutMs: 0 }, "sslProbe: options.handshakeTimeoutMs must be an integer"],
    [{ ca: "not a certificate" }, "sslProbe: options.ca must be a PEM certificate"],
    [
      { ca: ["-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----"] },
      "sslProbe: options.ca",
    ],
    [{ ca: 42 }, "sslProbe: options.ca"],
    [{ timeoutMs: 5 }, "sslProbe: unknown option options.timeoutMs"],
  ])("rejects bad options %j when called", (options, message) => {
    expect(() => sslProbe(options as SslProbeOptions)).toThrow(TypeError);
    expect(() => sslProbe(options as SslProbeOptions)).toThrow(message);
  });

  it("publishes its data schema", () => {
    expect(sslProbe().dataSchema).toBe(sslDataSchema);
  });
});
