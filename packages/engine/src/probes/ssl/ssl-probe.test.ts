import { constants, X509Certificate } from "node:crypto";
import {
  createCertificate,
  createOcspResponse,
  createTestPki,
  daysFromNow,
} from "@domain-intel/test-kit";
import {
  findingOf,
  freePort,
  status,
  useSslHarness,
  waitUntil,
} from "@domain-intel/test-kit/ssl-harness";
import { describe, expect, it } from "vitest";
import type { ProbeContext } from "../../contract/probe.js";
import type { SslProbeOptions } from "./declaration.js";
import { sslDataSchema, sslProbe } from "./index.js";
import { sslFindingIds } from "./ssl-findings.js";

const a = (name: string) => ({ type: "A" as const, name, ttl: 60, data: "127.0.0.1" });

const harness = useSslHarness(
  {
    "secure.test": [a("secure.test")],
    "www.secure.test": [a("www.secure.test")],
    "dual.test": [{ type: "AAAA", name: "dual.test", ttl: 60, data: "::1" }, a("dual.test")],
  },
  sslFindingIds,
);
const { probe, startTlsServer, startTcpServer, context } = harness;

describe("sslProbe: certificates", () => {
  it("reports a valid RSA chain as sent, with every finding passing", async () => {
    const logA = new Uint8Array(32).fill(0xa1);
    const logB = new Uint8Array(32).fill(0xb2);
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      keyType: "rsa",
      subjectAltNames: ["secure.test", "127.0.0.1"],
      ocspUrls: ["http://ocsp.ca.test/"],
      caIssuerUrls: ["http://ca.test/intermediate.der"],
      crlUrls: ["http://crl.ca.test/intermediate.crl"],
      policies: ["2.23.140.1.2.1"],
      scts: [
        { logId: logA, timestamp: new Date("2026-01-02T03:04:05.678Z") },
        { logId: logB, timestamp: new Date("2026-01-02T03:04:06.000Z") },
      ],
    });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      // A good answer from `openssl ocsp`, so that ssl.cert.revoked passes too.
      ocspResponse: await createOcspResponse({
        issuer: harness.pki.intermediate,
        certificate: leaf,
      }),
      // Forward-secret AEAD suites only and Mozilla's curves, so the configuration scan's checks
      // pass too (Mozilla's intermediate profile); no renegotiation started by a client (Node's
      // server allows it unless told).
      ciphers: "ECDHE+AESGCM:ECDHE+CHACHA20",
      ecdhCurve: "X25519:prime256v1:secp384r1",
      secureOptions: constants.SSL_OP_NO_RENEGOTIATION,
    });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({
      reachable: true,
      reason: null,
      errorCode: null,
      address: "127.0.0.1",
      port: server.port,
      protocol: "TLSv1.3",
      alpn: "h2",
      ocspStapled: true,
      trusted: true,
      trustError: null,
      hostnameMatch: true,
    });
    expect(data.cipher?.standardName).toMatch(/^TLS_/);
    expect(data.cipher?.version).toMatch(/^TLSv1/);
    const sentLeaf = new X509Certificate(leaf.certPem);
    expect(data.certificate).toMatchObject({
      subject: { dn: "CN=secure.test", commonName: "secure.test", organization: null },
      issuer: { commonName: "Domain Intel Test Intermediate" },
      serialNumber: sentLeaf.serialNumber.toUpperCase(),
      fingerprint256: sentLeaf.fingerprint256,
      subjectAltNames: ["secure.test", "127.0.0.1"],
      keyType: "rsa",
      keySize: 2048,
      keyCurve: null,
      // The intermediate is ECDSA: it signs the leaf with ECDSA, whatever the leaf's key.
      signatureAlgorithm: "ecdsa-with-SHA256",
      signatureHash: "SHA-256",
      ca: false,
      selfSigned: false,
      ocspUrls: ["http://ocsp.ca.test/"],
      caIssuerUrls: ["http://ca.test/intermediate.der"],
      crlUrls: ["http://crl.ca.test/intermediate.crl"],
      policies: ["2.23.140.1.2.1"],
      validationType: "DV",
      mustStaple: false,
      scts: [
        {
          version: 1,
          logId: Buffer.from(logA).toString("base64"),
          timestamp: "2026-01-02T03:04:05.678Z",
        },
        {
          version: 1,
          logId: Buffer.from(logB).toString("base64"),
          timestamp: "2026-01-02T03:04:06.000Z",
        },
      ],
    });
    expect(data.certificate?.daysRemaining).toBeGreaterThanOrEqual(89);
    expect(data.certificate?.validityDays).toBe(92);
    expect(data.chain).toMatchObject([
      { subject: { dn: "CN=secure.test" }, ca: false, selfSigned: false },
      {
        subject: { dn: "CN=Domain Intel Test Intermediate" },
        issuer: { dn: "CN=Domain Intel Test Root" },
        fingerprint256: new X509Certificate(harness.pki.intermediate.certPem).fingerprint256,
        keyType: "ec",
        keyCurve: "P-256",
        // The root is RSA.
        signatureAlgorithm: "sha256WithRSAEncryption",
        ca: true,
        selfSigned: false,
      },
    ]);
    expect(data.endpoints).toEqual([
      {
        address: "127.0.0.1",
        family: 4,
        range: "loopback",
        reachable: true,
        reason: null,
        errorCode: null,
        protocol: "TLSv1.3",
        clientFailure: null,
        trusted: true,
        trustError: null,
        hostnameMatch: true,
        ocspStapled: true,
        fingerprint256: sentLeaf.fingerprint256,
        configuration: data.configuration,
        groups: data.groups,
        vulnerabilities: data.vulnerabilities,
        clients: data.clients,
        profiles: data.profiles,
        revocation: data.revocation,
        grade: "A",
        gradeReasons: [],
      },
    ]);
    for (const finding of data.findings) {
      // One address, and no TLSA records: nothing to compare. Node's OpenSSL has no
      // post-quantum group, and AEAD suites alone lock out IE 8 and IE 11 on Windows 7,
      // retired clients: info, not a fault.
      const expected = ["ssl.endpoints.inconsistent", "ssl.dane.tlsa"].includes(finding.id)
        ? "skipped"
        : ["ssl.groups.post-quantum", "ssl.clients.locked-out"].includes(finding.id)
          ? "info"
          : "pass";
      expect(finding.status, finding.id).toBe(expected);
    }
    // The probe's socket is gone once it returns.
    await waitUntil(() => server.open() === 0);
  });

  it("reports a valid all-ECDSA chain and a server without ALPN", async () => {
    const ecPki = await createTestPki({ name: "EC Test", rootKeyType: "ec" });
    const leaf = await ecPki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      ALPNProtocols: undefined,
    });

    const data = await probe({ port: server.port, ca: ecPki.root.certPem });

    expect(data).toMatchObject({ trusted: true, hostnameMatch: true, alpn: null });
    expect(data.certificate).toMatchObject({
      keyType: "ec",
      keySize: 256,
      keyCurve: "P-256",
      signatureAlgorithm: "ecdsa-with-SHA256",
    });
    expect(data.chain.map((entry) => entry.signatureAlgorithm)).toEqual([
      "ecdsa-with-SHA256",
      "ecdsa-with-SHA256",
    ]);
    expect(status(data, "ssl.chain.incomplete")).toBe("pass");
    expect(status(data, "ssl.cert.weak-key")).toBe("pass");
    expect(status(data, "ssl.cert.weak-signature")).toBe("pass");
  });

  it("accepts extra roots as a bundle and as a list", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });
    const other = await createCertificate({ commonName: "Unrelated Root", ca: true });

    const bundle = await probe({ port: server.port, ca: other.certPem + harness.pki.root.certPem });
    const list = await probe({ port: server.port, ca: [other.certPem, harness.pki.root.certPem] });

    expect(bundle.trusted).toBe(true);
    expect(list.trusted).toBe(true);
  });

  it("fails an expired certificate and skips the expiring-soon check", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      notBefore: daysFromNow(-100),
      notAfter: daysFromNow(-1),
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

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
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      notBefore: daysFromNow(2),
      notAfter: daysFromNow(90),
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({ trusted: false, trustError: "CERT_NOT_YET_VALID" });
    expect(status(data, "ssl.cert.not-yet-valid")).toBe("fail");
    expect(status(data, "ssl.cert.expired")).toBe("pass");
  });

  it.each([
    { days: 5, expected: "fail" },
    { days: 20, expected: "warn" },
  ])("rates a certificate expiring in $days days as $expected", async ({ days, expected }) => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      notAfter: daysFromNow(days),
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

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

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

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
    const leaf = await harness.pki.issueLeaf({
      commonName: "other.test",
      subjectAltNames: ["other.test"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({ trusted: true, trustError: null, hostnameMatch: false });
    expect(status(data, "ssl.cert.untrusted")).toBe("pass");
    expect(data.findings.find((item) => item.id === "ssl.cert.hostname-mismatch")).toMatchObject({
      status: "fail",
      details: { hostname: "secure.test", subjectAltNames: ["other.test"] },
    });
  });

  it("still reports a host name mismatch when the chain is untrusted too", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "other.test",
      subjectAltNames: ["other.test"],
    });
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
    const leaf = await harness.pki.issueLeaf({
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
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.certPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({ trusted: false, trustError: "UNABLE_TO_VERIFY_LEAF_SIGNATURE" });
  });

  it("matches wildcards like browsers and ignores a CN without SANs", async () => {
    const wildcard = await harness.pki.issueLeaf({
      commonName: "*.secure.test",
      subjectAltNames: ["*.secure.test"],
    });
    const wildServer = await startTlsServer({ key: wildcard.keyPem, cert: wildcard.chainPem });
    const cnOnly = await harness.pki.issueLeaf({ commonName: "secure.test" });
    const cnServer = await startTlsServer({ key: cnOnly.keyPem, cert: cnOnly.chainPem });

    const www = await probe(
      { port: wildServer.port, ca: harness.pki.root.certPem },
      "www.secure.test",
    );
    const apex = await probe(
      { port: wildServer.port, ca: harness.pki.root.certPem },
      "secure.test",
    );
    const legacy = await probe({ port: cnServer.port, ca: harness.pki.root.certPem });

    expect(www.hostnameMatch).toBe(true);
    expect(apex.hostnameMatch).toBe(false);
    expect(legacy).toMatchObject({ hostnameMatch: false, certificate: { subjectAltNames: [] } });
    const finding = legacy.findings.find((item) => item.id === "ssl.cert.hostname-mismatch");
    expect(finding?.message).toMatch(/subject CN/);
  });
});

describe("sslProbe: reachability", () => {
  it("reports nothing listening as refused", async () => {
    const port = await freePort();

    const data = await probe({ port });

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

    expect(data).toMatchObject({
      reachable: false,
      reason: "timeout",
      errorCode: "ERR_TLS_HANDSHAKE_TIMEOUT",
    });
    expect(findingOf(data, "ssl.unreachable")).toMatchObject({
      status: "fail",
      message:
        "secure.test (127.0.0.1:" +
        `${server.port}) accepted the TCP connection but did not complete a TLS handshake within 300 ms.`,
      details: { reason: "timeout", errorCode: "ERR_TLS_HANDSHAKE_TIMEOUT", timeoutMs: 300 },
    });
    // Generous bounds: the machine is shared; the point is "gave up", not "how fast".
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(5000);
    await waitUntil(() => server.open() === 0);
  });

  it("ends a silent handshake in time to answer within a short budget", async () => {
    const server = await startTcpServer((socket) => socket.resume());

    const started = performance.now();
    // Budget 400 ms: the handshake may take half of it, never the whole.
    const data = await probe({ port: server.port }, "secure.test", context({ timeoutMs: 400 }));
    const elapsed = performance.now() - started;

    expect(data).toMatchObject({
      reachable: false,
      reason: "timeout",
      errorCode: "ERR_TLS_HANDSHAKE_TIMEOUT",
    });
    const { timeoutMs } = findingOf(data, "ssl.unreachable").details as { timeoutMs: number };
    expect(timeoutMs).toBeGreaterThan(0);
    expect(timeoutMs).toBeLessThanOrEqual(200);
    expect(elapsed).toBeLessThan(400);
    await waitUntil(() => server.open() === 0);
  });

  it("stops the handshake when the run is cancelled", async () => {
    const server = await startTcpServer((socket) => socket.resume());
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 150);

    const started = performance.now();
    const data = await probe({ port: server.port }, "secure.test", {
      ...context({ timeoutMs: 4000 }),
      signal: cancel.signal,
    });

    expect(data).toMatchObject({ reachable: false, reason: "timeout", errorCode: "ABORT_ERR" });
    expect(findingOf(data, "ssl.unreachable").message).toMatch(
      /did not complete a TLS handshake in time/,
    );
    expect(performance.now() - started).toBeLessThan(1000);
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

  it.each([
    ["zero bytes", Buffer.alloc(64), "ERR_SSL_WRONG_VERSION_NUMBER"],
    ["an SSH banner", Buffer.from("SSH-2.0-OpenSSH_9.6\r\n"), "ERR_SSL_WRONG_VERSION_NUMBER"],
    ["a record longer than TLS allows", Buffer.from([0x16, 3, 3, 0xff, 0xff, 1]), undefined],
  ])("reports a peer answering with %s as no_tls", async (_name, bytes, code) => {
    const server = await startTcpServer((socket) => socket.once("data", () => socket.write(bytes)));

    const data = await probe({ port: server.port });

    expect(data).toMatchObject({ reachable: false, reason: "no_tls" });
    expect(data.errorCode).toMatch(code ?? /^ERR_SSL_/);
    expect(findingOf(data, "ssl.unreachable").message).toMatch(/answered, but not with TLS/);
    await waitUntil(() => server.open() === 0);
  });

  it("reports a banner sent before the ClientHello (SMTP on 443) as no_tls", async () => {
    const server = await startTcpServer((socket) => socket.write("220 mail.test ESMTP\r\n"));

    expect(await probe({ port: server.port })).toMatchObject({
      reachable: false,
      reason: "no_tls",
    });
  });

  it("reports a TLS alert in answer to the ClientHello as handshake_failed", async () => {
    // A fatal handshake_failure alert record: what a server with no cipher in common sends.
    const alert = Buffer.from([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28]);
    const server = await startTcpServer((socket) => socket.once("data", () => socket.end(alert)));

    const data = await probe({ port: server.port });

    expect(data).toMatchObject({
      reachable: false,
      reason: "handshake_failed",
      errorCode: "ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE",
    });
    expect(status(data, "ssl.unreachable")).toBe("fail");
  });

  it("reports a reset in the middle of the handshake as reset", async () => {
    const server = await startTcpServer((socket) =>
      socket.once("data", () => {
        // The start of a ServerHello record, then the connection is torn down.
        socket.write(Buffer.from([0x16, 0x03, 0x03, 0x00, 0x50, 0x02, 0x00]));
        setTimeout(() => socket.resetAndDestroy(), 20);
      }),
    );

    expect(await probe({ port: server.port })).toMatchObject({
      reachable: false,
      reason: "reset",
      errorCode: "ECONNRESET",
    });
  });

  it("refuses a domain that resolves only to loopback without connecting", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe(
      { port: server.port, ca: harness.pki.root.certPem },
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

  it("describes the first reachable address, IPv4 first, and reports the one that failed", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "dual.test",
      subjectAltNames: ["dual.test"],
    });
    // Listens on 127.0.0.1 only: ::1 refuses.
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem }, "dual.test");

    expect(data).toMatchObject({ reachable: true, address: "127.0.0.1", trusted: true });
    expect(data.endpoints).toMatchObject([
      { address: "127.0.0.1", family: 4, reachable: true, protocol: "TLSv1.3" },
      { address: "::1", family: 6, reachable: false, reason: "refused", errorCode: "ECONNREFUSED" },
    ]);
    expect(findingOf(data, "ssl.unreachable")).toMatchObject({
      status: "warn",
      details: { failed: [{ address: "::1", reason: "refused", errorCode: "ECONNREFUSED" }] },
    });
    expect(status(data, "ssl.endpoints.inconsistent")).toBe("skipped");
  });

  it("connects under the context's concurrency limit", async () => {
    const leaf = await harness.pki.issueLeaf({
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

    const data = await probe(
      { port: server.port, ca: harness.pki.root.certPem, scan: false },
      "secure.test",
      limited,
    );

    expect(data.reachable).toBe(true);
    expect(server.connections).toBe(1);
    expect(seen).toEqual([1]);
  });
});

describe("sslProbe: errors", () => {
  it("throws upstream_error when the resolver fails, saying which resolver did what", async () => {
    await expect(sslProbe().run("broken.test", context())).rejects.toMatchObject({
      name: "ProbeError",
      code: "upstream_error",
      message: `broken.test could not be resolved: ${harness.dns.address} answered SERVFAIL.`,
    });
  });

  it("throws timeout when the budget is spent before anything happened", async () => {
    const spent: ProbeContext = { ...context(), signal: AbortSignal.abort() };
    await expect(sslProbe().run("spent.test", spent)).rejects.toMatchObject({
      name: "ProbeError",
      code: "timeout",
    });
    expect(harness.dns.queries.some((query) => query.name === "spent.test")).toBe(false);
  });

  it.each([
    [{ port: 0 }, "sslProbe: options.port must be an integer from 1 to 65535"],
    [{ port: 65536 }, "sslProbe: options.port must be an integer from 1 to 65535"],
    [{ port: 44.3 }, "sslProbe: options.port must be an integer from 1 to 65535"],
    [{ port: "443" }, "sslProbe: options.port must be an integer from 1 to 65535"],
    [{ handshakeTimeoutMs: 0 }, "sslProbe: options.handshakeTimeoutMs must be an integer"],
    [{ connectTimeoutMs: 2.5 }, "sslProbe: options.connectTimeoutMs must be an integer"],
    [{ ca: "not a certificate" }, "sslProbe: options.ca must be a PEM certificate"],
    [
      { ca: ["-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----"] },
      "sslProbe: options.ca",
    ],
    [{ ca: 42 }, "sslProbe: options.ca"],
    [{ maxAddresses: 0 }, "sslProbe: options.maxAddresses must be an integer from 1 to 64"],
    [{ maxAddresses: 65 }, "sslProbe: options.maxAddresses must be an integer from 1 to 64"],
    [{ maxAddresses: 1.5 }, "sslProbe: options.maxAddresses must be an integer from 1 to 64"],
    [{ timeoutMs: 5 }, "sslProbe: options.timeoutMs is not an option"],
    [null, "sslProbe: options must be an object"],
  ])("rejects bad options %j when called", (options, message) => {
    expect(() => sslProbe(options as SslProbeOptions)).toThrow(TypeError);
    expect(() => sslProbe(options as SslProbeOptions)).toThrow(message);
  });

  it("publishes its data schema", () => {
    expect(sslProbe().dataSchema).toBe(sslDataSchema);
  });
});
