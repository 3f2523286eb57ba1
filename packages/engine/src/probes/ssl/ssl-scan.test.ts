import { execFileSync } from "node:child_process";
import { generatePrime, getDiffieHellman } from "node:crypto";
import type tls from "node:tls";
import type { ProbeContext } from "@domain-intel/engine";
import {
  dhParamsPem,
  sslv3Version,
  startDelayRelay,
  startHelloResponder,
  tlsProfiles,
} from "@domain-intel/test-kit";
import { findingOf, status, useSslHarness } from "@domain-intel/test-kit/ssl-harness";
import { describe, expect, it } from "vitest";
import { sslFindingIds } from "./ssl-findings.js";

// The configuration scan against loopback TLS servers that each accept only some protocol
// versions or suites (the test kit's tlsProfiles), every finding seen to pass and to fail.

const harness = useSslHarness(
  {
    "secure.test": [{ type: "A", name: "secure.test", ttl: 60, data: "127.0.0.1" }],
    // Two loopback addresses, each served by a differently configured server.
    "two.test": [
      { type: "A", name: "two.test", ttl: 60, data: "127.0.0.1" },
      { type: "A", name: "two.test", ttl: 60, data: "127.0.0.2" },
    ],
  },
  sslFindingIds,
);
const { probe, startTlsServer } = harness;

/** A TLS server for secure.test; RSA: the static RSA and ECDHE-RSA suites need an RSA key. */
async function rsaServer(profile: tls.TlsOptions, more: Parameters<typeof startTlsServer>[0] = {}) {
  const leaf = await harness.pki.issueLeaf({
    commonName: "secure.test",
    subjectAltNames: ["secure.test"],
    keyType: "rsa",
  });
  return startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem, ...profile, ...more });
}

/** `rsaServer` behind a hello responder that answers some hellos by hand, relaying the rest. */
async function behindResponder(
  profile: tls.TlsOptions,
  responder: Omit<Parameters<typeof startHelloResponder>[0], "relayPort">,
) {
  const server = await rsaServer(profile);
  return startHelloResponder({ ...responder, relayPort: server.port });
}

async function scan(
  profile: tls.TlsOptions,
  more: Parameters<typeof startTlsServer>[0] = {},
  options: { trusted?: boolean; scanConcurrency?: number; timeoutMs?: number } = {},
) {
  const server = await rsaServer(profile, more);
  const started = performance.now();
  const data = await probe(
    {
      port: server.port,
      ...(options.trusted === false ? {} : { ca: harness.pki.root.certPem }),
      ...(options.scanConcurrency ? { scanConcurrency: options.scanConcurrency } : {}),
    },
    "secure.test",
    options.timeoutMs ? harness.context({ timeoutMs: options.timeoutMs }) : undefined,
  );
  return { data, server, durationMs: performance.now() - started };
}

const names = (suites: readonly { name: string }[] | undefined) =>
  (suites ?? []).map((suite) => suite.name).sort();

describe("sslProbe: protocol versions", () => {
  it("finds TLS 1.0 to 1.2 accepted and TLS 1.3 not: legacy fails, tls13 warns, grade B", async () => {
    const { data } = await scan(tlsProfiles.legacyOnly, {}, { timeoutMs: 10_000 });

    expect(data.protocol).toBe("TLSv1.2");
    expect(data.configuration?.protocols).toEqual({
      SSLv2: false,
      SSLv3: false,
      TLSv1: true,
      "TLSv1.1": true,
      "TLSv1.2": true,
      "TLSv1.3": false,
    });
    expect(data.configuration?.ciphers.TLSv1.length).toBeGreaterThan(0);
    expect(data.configuration?.ciphers["TLSv1.3"]).toEqual([]);
    expect(findingOf(data, "ssl.protocols.legacy")).toMatchObject({
      status: "fail",
      details: { accepted: ["TLSv1", "TLSv1.1"], complete: true },
    });
    expect(status(data, "ssl.protocols.tls13")).toBe("warn");
    expect(data.configuration?.complete).toBe(true);
    // OpenSSL answers renegotiation_info (RFC 5746) in its TLS 1.2 ServerHello.
    expect(data.configuration).toMatchObject({ secureRenegotiation: true, notDetermined: {} });
    expect(data.grade).toBe("B");
    expect(data.gradeReasons).toContain("B: accepts TLS 1.0 or 1.1");
  });

  it("detects SSL 3 with a hand-written ClientHello: legacy fails, grade capped at C", async () => {
    // SSL 3 hellos answered by hand; every other connection relayed to the TLS server.
    const front = await behindResponder(tlsProfiles.tls13Only, {
      versions: [sslv3Version],
      renegotiationInfo: true,
    });
    try {
      const data = await probe({ port: front.port, ca: harness.pki.root.certPem });

      expect(front.answered()).toBe(1);
      expect(data.configuration?.protocols).toMatchObject({ SSLv3: true, "TLSv1.3": true });
      expect(findingOf(data, "ssl.protocols.legacy")).toMatchObject({
        status: "fail",
        details: { accepted: ["SSLv3"] },
      });
      expect(data.grade).toBe("C");
      expect(data.gradeReasons).toEqual(["C: accepts SSL 3"]);
    } finally {
      await front.close();
    }
  });

  it("detects SSL 2 with a CLIENT-HELLO in its own record format: legacy fails, grade F", async () => {
    // SSL 2 hellos answered by hand; every other connection relayed to the TLS server.
    const front = await behindResponder(tlsProfiles.tls13Only, {
      versions: [],
      renegotiationInfo: false,
      sslv2: true,
    });
    try {
      const data = await probe({ port: front.port, ca: harness.pki.root.certPem });

      expect(front.answered()).toBe(1);
      expect(data.configuration?.protocols).toMatchObject({
        SSLv2: true,
        SSLv3: false,
        "TLSv1.3": true,
      });
      expect(findingOf(data, "ssl.protocols.legacy")).toMatchObject({
        status: "fail",
        message: expect.stringContaining("SSL 2 is prohibited since 2011 (RFC 6176)"),
        details: { accepted: ["SSLv2"] },
      });
      expect(data.grade).toBe("F");
      expect(data.gradeReasons).toEqual(["F: accepts SSL 2"]);
    } finally {
      await front.close();
    }
  });

  it("finds TLS 1.3 at a server that cannot send a HelloRetryRequest, with a key share", async () => {
    // TLS 1.3-only hellos answered by hand, by a server that needs a key share up front; the
    // rest relayed to a TLS 1.2 server.
    const front = await behindResponder(
      { maxVersion: "TLSv1.2" },
      { versions: [], renegotiationInfo: false, tls13WithoutRetry: true },
    );
    try {
      const data = await probe({ port: front.port, ca: harness.pki.root.certPem });

      expect(data.configuration?.protocols["TLSv1.3"]).toBe(true);
      expect(names(data.configuration?.ciphers["TLSv1.3"])).toEqual([
        "TLS_AES_128_CCM_8_SHA256",
        "TLS_AES_128_CCM_SHA256",
        "TLS_AES_128_GCM_SHA256",
        "TLS_AES_256_GCM_SHA384",
        "TLS_CHACHA20_POLY1305_SHA256",
      ]);
      expect(status(data, "ssl.protocols.tls13")).toBe("pass");
    } finally {
      await front.close();
    }
  });

  it("finds TLS 1.3 alone: legacy and tls13 pass, its three suites, grade A", async () => {
    const { data } = await scan(tlsProfiles.tls13Only);

    expect(data.configuration?.protocols).toMatchObject({
      TLSv1: false,
      "TLSv1.1": false,
      "TLSv1.2": false,
      "TLSv1.3": true,
    });
    expect(names(data.configuration?.ciphers["TLSv1.3"])).toEqual([
      "TLS_AES_128_GCM_SHA256",
      "TLS_AES_256_GCM_SHA384",
      "TLS_CHACHA20_POLY1305_SHA256",
    ]);
    expect(data.configuration?.groups).toEqual(expect.arrayContaining(["X25519", "prime256v1"]));
    expect(status(data, "ssl.protocols.legacy")).toBe("pass");
    expect(status(data, "ssl.protocols.tls13")).toBe("pass");
    expect(status(data, "ssl.ciphers.weak")).toBe("pass");
    expect(status(data, "ssl.ciphers.forward-secrecy")).toBe("pass");
    expect(data.configuration?.protocols.SSLv3).toBe(false);
    expect(data.configuration).toMatchObject({
      secureRenegotiation: null,
      notDetermined: { secureRenegotiation: expect.stringMatching(/only TLS 1\.3/) },
    });
    expect(data.grade).toBe("A");
    expect(data.gradeReasons).toEqual([]);
  });
});

describe("sslProbe: cipher suites", () => {
  it("fails forward secrecy for a static RSA server and caps it at B", async () => {
    const { data } = await scan(tlsProfiles.staticRsaOnly);

    expect(names(data.configuration?.ciphers["TLSv1.2"])).toEqual([
      "AES128-GCM-SHA256",
      "AES256-GCM-SHA384",
    ]);
    expect(findingOf(data, "ssl.ciphers.forward-secrecy")).toMatchObject({
      status: "fail",
      details: { without: expect.arrayContaining(["TLS_RSA_WITH_AES_128_GCM_SHA256"]) },
    });
    expect(status(data, "ssl.ciphers.weak")).toBe("pass");
    expect(data.grade).toBe("B");
  });

  it("finds suites OpenSSL no longer builds (3DES, RC4): weak fails, grade capped at C", async () => {
    // TLS 1.2 hellos offering 3DES or RC4 answered by hand; the rest relayed to the server.
    const front = await behindResponder(tlsProfiles.modern, {
      versions: [0x0303],
      renegotiationInfo: true,
      suites: [0x000a, 0x0005],
    });
    try {
      const data = await probe({ port: front.port, ca: harness.pki.root.certPem });

      expect(names(data.configuration?.ciphers["TLSv1.2"])).toEqual(
        expect.arrayContaining(["DES-CBC3-SHA", "RC4-SHA", "ECDHE-RSA-AES128-GCM-SHA256"]),
      );
      expect(findingOf(data, "ssl.ciphers.weak")).toMatchObject({
        status: "fail",
        details: {
          weak: ["TLS_RSA_WITH_3DES_EDE_CBC_SHA", "TLS_RSA_WITH_RC4_128_SHA"],
        },
      });
      expect(data.configuration?.complete).toBe(true);
      expect(data.grade).toBe("C");
      expect(data.gradeReasons).toContain("C: accepts 3DES (DES-CBC3-SHA)");
    } finally {
      await front.close();
    }
  });

  it("warns forward secrecy when some suites lack it", async () => {
    const { data } = await scan(tlsProfiles.someWithoutForwardSecrecy);

    expect(findingOf(data, "ssl.ciphers.forward-secrecy")).toMatchObject({
      status: "warn",
      details: { without: ["TLS_RSA_WITH_AES_256_GCM_SHA384"] },
    });
    expect(data.grade).toBe("A");
  });

  it("warns weak ciphers for CBC-SHA1 suites; no AEAD and no TLS 1.3 cap at A-", async () => {
    const { data } = await scan(tlsProfiles.cbcSha1);

    expect(names(data.configuration?.ciphers["TLSv1.2"])).toEqual([
      "ECDHE-RSA-AES128-SHA",
      "ECDHE-RSA-AES256-SHA",
    ]);
    expect(findingOf(data, "ssl.ciphers.weak")).toMatchObject({
      status: "warn",
      details: { notAead: expect.arrayContaining(["TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA"]) },
    });
    expect(status(data, "ssl.ciphers.forward-secrecy")).toBe("pass");
    expect(data.grade).toBe("A-");
    expect(data.gradeReasons).toEqual(["A-: no AEAD suite", "A-: no TLS 1.3"]);
  });

  it("fails weak ciphers for a NULL suite and grades F", async () => {
    const { data } = await scan(tlsProfiles.nullCipher);

    expect(findingOf(data, "ssl.ciphers.weak")).toMatchObject({
      status: "fail",
      details: { weak: ["TLS_RSA_WITH_NULL_SHA256"] },
    });
    expect(data.grade).toBe("F");
  });

  it("reads the DH group size of a DHE suite and caps a 1024-bit one at B", async () => {
    const profile = {
      maxVersion: "TLSv1.2",
      ciphers: "DHE-RSA-AES128-GCM-SHA256:@SECLEVEL=0",
    } as const;
    // Room for Miller-Rabin on a loaded machine: the prime's test is timed from the budget.
    const strong = await scan({ ...profile, dhparam: "auto" }, {}, { timeoutMs: 10_000 });
    const weak = await scan({ ...profile, dhparam: dh1024 }, {}, { timeoutMs: 10_000 });

    expect(strong.data.configuration?.dhBits).toBe(2048);
    expect(weak.data.configuration?.dhBits).toBe(1024);
    expect(weak.data.gradeReasons).toContain("B: DH group of 1024 bits");
    // Each served prime judged: OpenSSL's own is a well-known safe prime, the 1024-bit one the
    // Oakley group Logjam precomputes against.
    expect(strong.data.groups?.dhPrimes).toEqual([
      expect.objectContaining({ bits: 2048, prime: true, safePrime: true, weakness: null }),
    ]);
    expect(strong.data.groups?.dhPrimes[0]?.known).toMatch(/^RFC(3526|7919)\//);
    expect(weak.data.groups?.dhPrimes).toEqual([
      {
        bits: 1024,
        prime: true,
        safePrime: true,
        known: "RFC2409/Oakley Group 2",
        weakness: "precomputed",
      },
    ]);
  });

  it("names a published group and judges a random prime of the same size by its size alone", async () => {
    const profile = { maxVersion: "TLSv1.2", ciphers: "DHE-RSA-AES128-GCM-SHA256" } as const;
    // RFC 7919's ffdhe2048 as OpenSSL publishes it; a fresh 1024-bit safe prime no RFC lists.
    const ffdhe2048 = execFileSync("openssl", [
      "genpkey",
      "-genparam",
      "-algorithm",
      "DH",
      "-pkeyopt",
      "group:ffdhe2048",
    ]).toString();
    const random = await new Promise<bigint>((resolve, reject) =>
      generatePrime(1024, { safe: true, bigint: true }, (error, prime) =>
        error ? reject(error) : resolve(prime),
      ),
    );
    const published = await scan({ ...profile, dhparam: ffdhe2048 }, {}, { timeoutMs: 10_000 });
    const unknown = await scan(
      { ...profile, dhparam: dhParamsPem(random), ciphers: `${profile.ciphers}:@SECLEVEL=0` },
      {},
      { timeoutMs: 10_000 },
    );

    expect(published.data.groups?.dhPrimes).toEqual([
      { bits: 2048, prime: true, safePrime: true, known: "RFC7919/ffdhe2048", weakness: null },
    ]);
    expect(published.data.grade).toBe("A-");
    // Not a precomputation target shared by many servers: only its size caps the grade.
    expect(unknown.data.groups?.dhPrimes).toEqual([
      { bits: 1024, prime: true, safePrime: true, known: null, weakness: null },
    ]);
    expect(unknown.data.grade).toBe("B");
    expect(unknown.data.gradeReasons).toContain("B: DH group of 1024 bits");
  });

  it("tests the served DH prime: one that is not a safe prime caps the grade at C", async () => {
    // A DSA-style group (openssl dhparam -dsaparam 2048): p prime, (p - 1) / 2 not.
    const { data } = await scan(
      {
        maxVersion: "TLSv1.2",
        ciphers: "DHE-RSA-AES128-GCM-SHA256",
        dhparam: dsaStyle2048,
      },
      {},
      { timeoutMs: 10_000 },
    );

    expect(data.groups?.dhPrimes).toEqual([
      { bits: 2048, prime: true, safePrime: false, known: null, weakness: "not-safe" },
    ]);
    expect(data.grade).toBe("C");
    expect(data.gradeReasons).toContain(
      "C: the DH modulus it sends is not a safe prime: keys can be confined to small subgroups",
    );
  });

  it("tells the server's order from the client's", async () => {
    const own = await scan(tlsProfiles.serverOrder);
    const clients = await scan(tlsProfiles.clientOrder);

    expect(own.data.configuration?.serverOrder).toBe(true);
    expect(clients.data.configuration?.serverOrder).toBe(false);
  });
});

describe("sslProbe: post-quantum key exchange", () => {
  it("finds X25519MLKEM768 named in a HelloRetryRequest: post-quantum passes", async () => {
    // A TLS 1.3 server preferring X25519MLKEM768 (no OpenSSL here has it); the rest relayed.
    const front = await behindResponder(tlsProfiles.tls13Only, {
      versions: [],
      renegotiationInfo: false,
      preferGroups: [0x11ec],
    });
    try {
      const data = await probe({ port: front.port, ca: harness.pki.root.certPem });

      expect(data.groups?.postQuantum).toEqual(["X25519MLKEM768"]);
      expect(data.groups?.accepted).toContain("X25519MLKEM768");
      expect(data.endpoints[0]?.groups?.postQuantum).toEqual(["X25519MLKEM768"]);
      expect(findingOf(data, "ssl.groups.post-quantum")).toMatchObject({
        status: "pass",
        details: { postQuantum: ["X25519MLKEM768"] },
      });
      expect(data.configuration?.complete).toBe(true);
    } finally {
      await front.close();
    }
  });

  it("says so when no post-quantum group is picked, or there is no TLS 1.3", async () => {
    const modern = await scan(tlsProfiles.tls13Only);
    const legacy = await scan(tlsProfiles.legacyOnly);

    expect(modern.data.groups?.postQuantum).toEqual([]);
    expect(modern.data.groups?.accepted).toContain("X25519");
    expect(findingOf(modern.data, "ssl.groups.post-quantum")).toMatchObject({
      status: "info",
      message: expect.stringMatching(/picks no post-quantum hybrid group/),
    });
    expect(findingOf(legacy.data, "ssl.groups.post-quantum")).toMatchObject({
      status: "info",
      message: expect.stringMatching(/does not accept TLS 1.3/),
    });
  });
});

describe("sslProbe: known weaknesses", () => {
  // These questions come after the whole scan: a budget that a loaded machine leaves room in.
  const roomy = { timeoutMs: 10_000 };

  it("passes a server that honours TLS_FALLBACK_SCSV and does not compress", async () => {
    // TLS 1.2 and 1.3: the fallback hello is a TLS 1.2 one.
    const { data } = await scan(tlsProfiles.modern, {}, roomy);

    expect(data.vulnerabilities).toMatchObject({ fallbackScsv: "honoured", compression: false });
    expect(status(data, "ssl.vuln.fallback-scsv")).toBe("pass");
    expect(status(data, "ssl.vuln.compression")).toBe("pass");
  });

  it("fails a server that accepts a fallback hello and compresses (CRIME)", async () => {
    // TLS 1.2 hellos offering ECDHE-RSA-AES128-GCM-SHA256 answered by hand, SCSV or not,
    // DEFLATE picked when offered; the rest relayed to a TLS 1.3 server.
    const front = await behindResponder(tlsProfiles.tls13Only, {
      versions: [0x0303],
      renegotiationInfo: true,
      suites: [0xc02f],
      compression: true,
    });
    try {
      const data = await probe(
        { port: front.port, ca: harness.pki.root.certPem },
        "secure.test",
        harness.context(roomy),
      );

      expect(data.vulnerabilities).toMatchObject({ fallbackScsv: "ignored", compression: true });
      expect(findingOf(data, "ssl.vuln.fallback-scsv")).toMatchObject({
        status: "fail",
        message: expect.stringMatching(/downgrade/),
      });
      expect(findingOf(data, "ssl.vuln.compression")).toMatchObject({
        status: "fail",
        message: expect.stringMatching(/CRIME/),
      });
    } finally {
      await front.close();
    }
  });

  it("has nothing to fall back to at a server of one version", async () => {
    const { data } = await scan(tlsProfiles.tls13Only, {}, roomy);

    expect(data.vulnerabilities).toMatchObject({
      fallbackScsv: "not-applicable",
      compression: false,
    });
    expect(findingOf(data, "ssl.vuln.fallback-scsv").message).toMatch(/one protocol version/);
  });
});

describe("sslProbe: every address", () => {
  /** two.test on one port at two addresses: TLS 1.3 only at 127.0.0.1, TLS 1.0-1.2 at .2. */
  async function twoAddresses() {
    const leaf = await harness.pki.issueLeaf({
      commonName: "two.test",
      subjectAltNames: ["two.test"],
      keyType: "rsa",
    });
    const modern = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      ...tlsProfiles.tls13Only,
    });
    const legacy = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      ...tlsProfiles.legacyOnly,
      host: "127.0.0.2",
      port: modern.port,
    });
    return { modern, legacy };
  }

  it("scans each address, reports each, and grades on the worst", async () => {
    const { modern, legacy } = await twoAddresses();

    const data = await probe(
      { port: modern.port, ca: harness.pki.root.certPem },
      "two.test",
      harness.context({ timeoutMs: 6000 }),
    );

    const [first, second] = data.endpoints;
    expect(first).toMatchObject({ address: "127.0.0.1", grade: "A", gradeReasons: [] });
    expect(first?.configuration?.protocols).toMatchObject({ TLSv1: false, "TLSv1.3": true });
    expect(second).toMatchObject({ address: "127.0.0.2", grade: "B" });
    expect(second?.configuration?.protocols).toMatchObject({ TLSv1: true, "TLSv1.3": false });
    expect(legacy.connections).toBeGreaterThan(1);
    // The top level is the worst address's.
    expect(data).toMatchObject({ address: "127.0.0.1", grade: "B" });
    expect(data.configuration?.address).toBe("127.0.0.2");
    expect(data.gradeReasons).toContain("B: accepts TLS 1.0 or 1.1");
    expect(findingOf(data, "ssl.protocols.legacy")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/^At 127\.0\.0\.2: The server accepts TLSv1, TLSv1\.1/),
      details: { address: "127.0.0.2", accepted: ["TLSv1", "TLSv1.1"] },
    });
    expect(findingOf(data, "ssl.protocols.tls13")).toMatchObject({
      status: "warn",
      details: { address: "127.0.0.2" },
    });
  });

  it("scans only the addresses the section probes (maxAddresses)", async () => {
    const { modern, legacy } = await twoAddresses();

    const data = await probe(
      { port: modern.port, ca: harness.pki.root.certPem, maxAddresses: 1 },
      "two.test",
    );

    expect(legacy.connections).toBe(0);
    expect(data.endpoints[1]).toMatchObject({ reason: "not_probed", configuration: null });
    expect(data.grade).toBe("A");
    expect(findingOf(data, "ssl.protocols.legacy").message).not.toMatch(/^At /);
  });
});

describe("sslProbe: the scan's limits", () => {
  it("grades T when the certificate is not trusted, with the scan still made", async () => {
    const { data } = await scan(tlsProfiles.modern, {}, { trusted: false });

    expect(data.trusted).toBe(false);
    expect(data.configuration?.protocols["TLSv1.3"]).toBe(true);
    expect(data.grade).toBe("T");
  });

  it("scans a server 50 ms away several handshakes at a time", async () => {
    const server = await rsaServer(tlsProfiles.broad);
    const relay = await startDelayRelay({ targetPort: server.port, delayMs: 50 });
    try {
      const started = performance.now();
      const data = await probe(
        { port: relay.port, ca: harness.pki.root.certPem },
        "secure.test",
        harness.context({ timeoutMs: 10_000 }),
      );
      const wallMs = performance.now() - started;

      expect(data.configuration?.complete).toBe(true);
      expect(data.configuration?.protocols).toMatchObject({ TLSv1: true, "TLSv1.3": true });
      const handshakes = (data.configuration?.handshakes ?? 0) + 1;
      expect(relay.connections()).toBe(handshakes);
      // Several at once; one at a time would take 50 ms each.
      expect(relay.mostHeld()).toBeGreaterThan(2);
      expect(wallMs).toBeLessThan(handshakes * 50);
    } finally {
      await relay.close();
    }
  });

  it("caps a 1024-bit RSA certificate key at B", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      keyType: "rsa",
      rsaBits: 1024,
    });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      ...tlsProfiles.tls13Only,
      ciphers: "DEFAULT:@SECLEVEL=0",
    });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data.grade).toBe("B");
    expect(data.gradeReasons).toEqual(["B: certificate key of 1024 bits"]);
  });

  it("keeps to the per-host cap", async () => {
    const server = await rsaServer(tlsProfiles.broad);
    // 50 ms a handshake, so that they overlap; every handshake runs inside the engine's limit,
    // which counts those in progress here.
    const relay = await startDelayRelay({ targetPort: server.port, delayMs: 50 });
    const context = harness.context({ timeoutMs: 15_000 });
    let active = 0;
    let most = 0;
    const counting: ProbeContext = {
      ...context,
      limit: (operation) =>
        context.limit(async () => {
          active += 1;
          most = Math.max(most, active);
          try {
            return await operation();
          } finally {
            active -= 1;
          }
        }),
    };
    try {
      const data = await probe(
        { port: relay.port, ca: harness.pki.root.certPem, scanConcurrency: 2 },
        "secure.test",
        counting,
      );

      expect(data.configuration?.complete).toBe(true);
      expect(most).toBe(2);
    } finally {
      await relay.close();
    }
  });

  it("reports a server that drops connections after the third, certificate findings intact", async () => {
    const { data, server } = await scan(tlsProfiles.modern, {
      failAfter: { connections: 3, mode: "drop" },
    });

    expect(server.connections).toBeGreaterThan(3);
    expect(data.reachable).toBe(true);
    expect(status(data, "ssl.cert.untrusted")).toBe("pass");
    expect(status(data, "ssl.cert.expired")).toBe("pass");
    expect(data.configuration).toMatchObject({ complete: false });
    expect(data.configuration?.failedHandshakes).toBeGreaterThan(0);
    expect(findingOf(data, "ssl.protocols.tls13").message).toMatch(/scan is incomplete/);
  });

  it("finishes within the budget when the server goes silent under the scan", async () => {
    const { data, durationMs } = await scan(tlsProfiles.modern, {
      failAfter: { connections: 2, mode: "silent" },
    });

    // The harness's budget is 3 s.
    expect(durationMs).toBeLessThan(3000);
    expect(data.reachable).toBe(true);
    expect(data.configuration?.complete).toBe(false);
    expect(status(data, "ssl.cert.hostname-mismatch")).toBe("pass");
  });

  it("stops at the budget: a scan cut short is incomplete, the answer in time", async () => {
    const server = await rsaServer(tlsProfiles.broad);
    // 200 ms a handshake: the scan's chains need longer than the 1 s budget.
    const relay = await startDelayRelay({ targetPort: server.port, delayMs: 200 });
    try {
      const started = performance.now();
      const data = await probe(
        { port: relay.port, ca: harness.pki.root.certPem },
        "secure.test",
        harness.context({ timeoutMs: 1000 }),
      );

      expect(performance.now() - started).toBeLessThan(1000);
      expect(data.reachable).toBe(true);
      expect(data.configuration?.complete).toBe(false);
      expect(status(data, "ssl.cert.untrusted")).toBe("pass");
      expect(findingOf(data, "ssl.ciphers.weak").message).toMatch(/scan is incomplete/);
    } finally {
      await relay.close();
    }
  });

  it("skips the scan's findings for a silent peer: no handshake was made", async () => {
    const server = await harness.startTcpServer(() => undefined);

    const data = await probe({ port: server.port, handshakeTimeoutMs: 300 });

    expect(data).toMatchObject({ reachable: false, configuration: null, grade: null });
    expect(findingOf(data, "ssl.ciphers.weak")).toMatchObject({
      status: "skipped",
      message: "Not checked: no TLS handshake was made.",
    });
  });

  it("makes one handshake and skips the scan's findings when the scan is off", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem, scan: false });

    expect(server.connections).toBe(1);
    expect(data).toMatchObject({ configuration: null, grade: null, gradeReasons: [] });
    for (const id of [
      "ssl.protocols.legacy",
      "ssl.protocols.tls13",
      "ssl.ciphers.weak",
      "ssl.ciphers.forward-secrecy",
    ]) {
      expect(findingOf(data, id).message).toMatch(/scan is turned off/);
    }
  });
});

// A 1024-bit DH group (RFC 2409 6.2, "Oakley Group 2", as Node has it), for a server OpenSSL
// would not give one.
const dh1024 = dhParamsPem(BigInt(`0x${getDiffieHellman("modp2").getPrime("hex")}`));

/** `openssl dhparam -dsaparam 2048`: a prime p whose (p - 1) / 2 is not prime. */
const dsaStyle2048 = `-----BEGIN X9.42 DH PARAMETERS-----
MIICKAKCAQEA0QIKdEN0rsvHGS9OKPx96LUuu9KeXhUqcPpnDhfWHLJIiOJy0hMz
dNxAiywoo6p+yRYKY5BV3nq/YAXLop6E+9AbJNd+LmRV3isyNHjR+r11Ie3MYoV3
gnydyVO6BjjS8q1CoEhetpTs7ACZW5pJPYrsljnd8rpqaWk/85ZxZ39WQI/hC6/z
l46cduG56bgyuqgUy6cd6k7DvxqJMdMAHQT1zsXh6/Zf5MPssuiDm76Dx0DTEqMa
xIb/k2oQx4RKuTm1OM0HgxWClc/88CRx7U9NwmnP+5Jgh6coAlX6R6jBba6cPrTo
Qd5mNkq1+Qq94bMRIzkAEyL0yZRm6gCFqQKCAQAY+lsP8rm06GWAxgZYZr7ngQyJ
QBNKhaEkmvjICfUd4IHu6hr/ihCSlwFvHtPS59NCfnTpjVwhQx39qodY7bXP8WAS
Kof9Ur13W7NrRWTEDT7ERiq0Yj+pOzruUjh2kHXylBz0vHjC1aUbHYQvBxA2L9CL
oAtLmwcljg/PNCDeXsFRe+Jjc6l6zcgtcbirXXjVW6J2E3nLf39nvKsy5Wn2AlF/
Os5VoemOanHKc29UJ5n4xSQLuwKXKNbeDxH1tO/U179snu4or2LuPfY0jEHFqa0g
IxSYTHo5xJ3XChq84FN2gTn05LWtc+l19U+Po1iQRJVw7yBqCe28jnQRBwNVAh0A
m+cqMY2FM8o2hj9xzDaQo3P0iDoN+452SL/flw==
-----END X9.42 DH PARAMETERS-----`;
