import { constants, X509Certificate } from "node:crypto";
import { startHelloResponder, startOpensslServer, tlsProfiles } from "@domain-intel/test-kit";
import { findingOf, useSslHarness } from "@domain-intel/test-kit/ssl-harness";
import { describe, expect, it } from "vitest";
import { sslFindingIds } from "./ssl-findings.js";

// The known attacks asked with the scan's own hellos: a patched server is Node's OpenSSL 3; a
// vulnerable one is the test kit's hello responder simulating the bugs on the wire (`bugs`),
// in front of a TLS 1.3 server that answers every other hello.

const harness = useSslHarness(
  { "secure.test": [{ type: "A", name: "secure.test", ttl: 60, data: "127.0.0.1" }] },
  sslFindingIds,
);
const { probe, startTlsServer } = harness;
// These questions come after the whole scan: a budget that a loaded machine leaves room in.
const roomy = { timeoutMs: 10_000 };

const leafOf = () =>
  harness.pki.issueLeaf({
    commonName: "secure.test",
    subjectAltNames: ["secure.test"],
    keyType: "rsa",
  });

async function rsaServer(
  profile: Parameters<typeof startTlsServer>[0],
  leaf?: Awaited<ReturnType<typeof leafOf>>,
) {
  const { keyPem, chainPem } = leaf ?? (await leafOf());
  return startTlsServer({ key: keyPem, cert: chainPem, ...profile });
}

const probeAt = (port: number) =>
  probe({ port, ca: harness.pki.root.certPem }, "secure.test", harness.context(roomy));

type ResponderOptions = Parameters<typeof startHelloResponder>[0];

/** TLS 1.2 ECDHE-RSA-AES128-GCM-SHA256 hellos answered by the responder with `bugs`. */
const probeBuggy = (bugs: NonNullable<ResponderOptions["bugs"]>) =>
  probeResponder({ renegotiationInfo: true, bugs });

/**
 * TLS 1.2 ECDHE-RSA-AES128-GCM-SHA256 hellos answered by the test kit's responder, in front of
 * a server of TLS 1.3 alone that answers every other hello.
 */
async function probeResponder(options: Pick<ResponderOptions, "renegotiationInfo" | "bugs">) {
  const leaf = await leafOf();
  const server = await rsaServer(tlsProfiles.tls13Only, leaf);
  const der = (pem: string) => new X509Certificate(pem).raw;
  const front = await startHelloResponder({
    versions: [0x0303],
    suites: [0xc02f],
    ...options,
    // The chain in clear, as a TLS 1.2 server sends it: the certificate is read and trusted.
    flight: { certificates: [der(leaf.certPem), der(harness.pki.intermediate.certPem)] },
    relayPort: server.port,
  });
  try {
    return await probe(
      { port: front.port, ca: harness.pki.root.certPem },
      "secure.test",
      harness.context(roomy),
    );
  } finally {
    await front.close();
  }
}

describe("sslProbe: Heartbleed and the CCS injection", () => {
  it("passes a patched OpenSSL (Node's): no heartbeats, the early ChangeCipherSpec refused", async () => {
    const server = await rsaServer(tlsProfiles.modern);
    const data = await probe(
      { port: server.port, ca: harness.pki.root.certPem },
      "secure.test",
      harness.context(roomy),
    );

    expect(data.vulnerabilities).toMatchObject({
      heartbeat: false,
      heartbleed: false,
      ccsInjection: false,
    });
    expect(findingOf(data, "ssl.vuln.heartbleed")).toMatchObject({
      status: "pass",
      message: expect.stringMatching(/does not agree to TLS heartbeats/),
    });
    expect(findingOf(data, "ssl.vuln.ccs-injection").status).toBe("pass");
    expect(data.gradeReasons.join()).not.toMatch(/Heartbleed|CCS/);
  });

  it("fails a server that leaks memory to a heartbeat and takes an early ChangeCipherSpec: grade F", async () => {
    const data = await probeBuggy({ heartbleed: true, earlyCcs: true });

    expect(data.vulnerabilities).toMatchObject({
      heartbeat: true,
      heartbleed: true,
      ccsInjection: true,
    });
    expect(findingOf(data, "ssl.vuln.heartbleed")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/CVE-2014-0160/),
    });
    expect(findingOf(data, "ssl.vuln.ccs-injection")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/CVE-2014-0224/),
    });
    // Nothing of what leaked is kept anywhere in the answer.
    expect(JSON.stringify(data)).not.toMatch(/simulated server memory/);
    expect(data.grade).toBe("F");
    expect(data.gradeReasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^F: .*Heartbleed/),
        expect.stringMatching(/^F: .*CCS injection/),
      ]),
    );
  });

  it("passes a server that agrees to heartbeats but discards the over-long request (RFC 6520 4)", async () => {
    const data = await probeBuggy({ heartbleed: "discard" });

    expect(data.vulnerabilities).toMatchObject({
      heartbeat: true,
      heartbleed: false,
      ccsInjection: false,
    });
    expect(findingOf(data, "ssl.vuln.heartbleed")).toMatchObject({
      status: "pass",
      message: expect.stringMatching(/discards a heartbeat request/),
    });
    expect(findingOf(data, "ssl.vuln.ccs-injection").status).toBe("pass");
  });

  it("has neither at a server of TLS 1.3 alone", async () => {
    const server = await rsaServer(tlsProfiles.tls13Only);
    const data = await probe(
      { port: server.port, ca: harness.pki.root.certPem },
      "secure.test",
      harness.context(roomy),
    );

    expect(data.vulnerabilities).toMatchObject({
      heartbeat: false,
      heartbleed: false,
      ccsInjection: false,
    });
    expect(findingOf(data, "ssl.vuln.heartbleed").status).toBe("pass");
    expect(findingOf(data, "ssl.vuln.ccs-injection").status).toBe("pass");
  });
});

describe("sslProbe: renegotiation, resumption and 0-RTT", () => {
  it("warns a server that renegotiates when the client asks; resumes by tickets, not by id", async () => {
    // Node's server: secure renegotiation, client renegotiation allowed, tickets, no id cache.
    const server = await rsaServer(tlsProfiles.modern);
    const data = await probeAt(server.port);

    expect(data.configuration?.secureRenegotiation).toBe(true);
    expect(data.vulnerabilities).toMatchObject({
      clientRenegotiation: true,
      resumption: { sessionId: false, ticket: true, tls13: true, maxEarlyData: 0 },
    });
    expect(findingOf(data, "ssl.vuln.renegotiation")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(/CVE-2011-1473/),
    });
    expect(findingOf(data, "ssl.session.resumption")).toMatchObject({
      status: "pass",
      message: expect.stringMatching(/session ticket, TLS 1\.3 ticket/),
    });
    expect(findingOf(data, "ssl.vuln.zero-rtt").status).toBe("pass");
  });

  it("passes a server that refuses client renegotiation; resumes by id without tickets", async () => {
    const server = await rsaServer({
      ...tlsProfiles.legacyOnly,
      secureOptions: constants.SSL_OP_NO_RENEGOTIATION | constants.SSL_OP_NO_TICKET,
      sessionCache: true,
    });
    const data = await probeAt(server.port);

    expect(data.vulnerabilities).toMatchObject({
      clientRenegotiation: false,
      resumption: { sessionId: true, ticket: false, tls13: null, maxEarlyData: null },
    });
    expect(findingOf(data, "ssl.vuln.renegotiation")).toMatchObject({
      status: "pass",
      message: expect.stringMatching(/refuses renegotiation started by a client/),
    });
    expect(findingOf(data, "ssl.session.resumption").status).toBe("pass");
    expect(findingOf(data, "ssl.vuln.zero-rtt").status).toBe("skipped");
  });

  it("warns a server whose TLS 1.2 ServerHello has no renegotiation_info (RFC 5746): grade capped at A-", async () => {
    // Node's OpenSSL always answers renegotiation_info: the test kit's responder omits it.
    const data = await probeResponder({ renegotiationInfo: false });

    expect(data.configuration?.protocols).toMatchObject({ "TLSv1.2": true, "TLSv1.3": true });
    expect(data.configuration?.secureRenegotiation).toBe(false);
    expect(findingOf(data, "ssl.vuln.renegotiation")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(
        /does not support secure renegotiation \(RFC 5746\).*CVE-2009-3555/,
      ),
    });
    // SSL Labs 2014: no secure renegotiation is a warning, and a warning caps at A-.
    expect(data.grade).toBe("A-");
    // (The responder answers any TLS 1.2 hello, TLS_FALLBACK_SCSV too: that caps at A, not A-.)
    expect(data.gradeReasons).toContain("A-: no secure renegotiation (RFC 5746)");
    // Its hellos end after the first flight: no renegotiation can be asked on them.
    expect(data.vulnerabilities?.clientRenegotiation).toBeNull();
  });

  it("does not cap a server whose TLS 1.2 ServerHello carries renegotiation_info", async () => {
    // The same responder and server, renegotiation_info answered: the cap is the only change.
    const data = await probeResponder({ renegotiationInfo: true });

    expect(data.configuration?.secureRenegotiation).toBe(true);
    expect(findingOf(data, "ssl.vuln.renegotiation").message).not.toMatch(/RFC 5746\): if/);
    expect(data.grade).toBe("A");
    expect(data.gradeReasons.join()).not.toMatch(/renegotiation/);
  });

  it("says a server that resumes nothing pays full handshakes (info)", async () => {
    const server = await rsaServer({
      ...tlsProfiles.legacyOnly,
      secureOptions: constants.SSL_OP_NO_TICKET,
    });
    const data = await probeAt(server.port);

    expect(data.vulnerabilities?.resumption).toMatchObject({ sessionId: false, ticket: false });
    expect(findingOf(data, "ssl.session.resumption")).toMatchObject({
      status: "info",
      message: expect.stringMatching(/full handshake/),
    });
  });

  it("finds 0-RTT in the TLS 1.3 ticket of openssl s_server -early_data", async () => {
    const leaf = await leafOf();
    const server = await startOpensslServer({
      keyPem: leaf.keyPem,
      certPem: leaf.certPem,
      chainPem: harness.pki.intermediate.certPem,
      args: ["-early_data", "-tls1_3"],
    });
    try {
      const data = await probeAt(server.port);

      expect(data.vulnerabilities).toMatchObject({
        clientRenegotiation: false,
        resumption: { sessionId: null, ticket: null, tls13: true },
      });
      // OpenSSL's default max_early_data for s_server -early_data is 16384 (SSL3_RT_MAX_PLAIN_LENGTH).
      expect(data.vulnerabilities?.resumption?.maxEarlyData).toBe(16384);
      expect(findingOf(data, "ssl.vuln.zero-rtt")).toMatchObject({
        status: "info",
        message: expect.stringMatching(/replay/),
      });
      expect(findingOf(data, "ssl.vuln.renegotiation").message).toMatch(/TLS 1\.3 has none/);
    } finally {
      await server.close();
    }
  });
});
