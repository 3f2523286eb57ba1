import {
  createCertificate,
  createCrl,
  createOcspResponse,
  daysFromNow,
  requireOpensslCli,
  startOcspResponder,
  startWebPeer,
  type TestCertificate,
  unusedPort,
  type WebPeer,
} from "@domain-intel/test-kit";
import { findingOf, status, useSslHarness } from "@domain-intel/test-kit/ssl-harness";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../../engine.js";
import { silentLogger } from "../../logging/logger.js";
import { sslFindingIds } from "./ssl-findings.js";

// Revocation against real peers on loopback: OCSP responses and a responder from Debian's
// `openssl ocsp`, CRLs made with @peculiar/x509 and served over HTTP, TLS servers stapling.

const harness = useSslHarness(
  {
    "secure.test": [{ type: "A", name: "secure.test", ttl: 60, data: "127.0.0.1" }],
    "pair.test": [
      { type: "A", name: "pair.test", ttl: 60, data: "127.0.0.1" },
      { type: "A", name: "pair.test", ttl: 60, data: "127.0.0.2" },
    ],
    // The engine's own ssl section probes port 443: a loopback address of its own for it.
    "engine.test": [{ type: "A", name: "engine.test", ttl: 60, data: "127.0.43.3" }],
  },
  sslFindingIds,
);
const names = { commonName: "secure.test", subjectAltNames: ["secure.test"] } as const;
// A budget roomy enough for a loaded machine; the scan is off where the grade is not asked.
const roomy = () => harness.context({ timeoutMs: 15_000 });
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

beforeAll(requireOpensslCli);

async function serve(body: (path: string) => Buffer | "silent"): Promise<WebPeer> {
  const peer = await startWebPeer({
    handler: (request, response) => {
      const answer = body(request.url ?? "");
      if (answer === "silent") return;
      response.writeHead(200, { "content-type": "application/pkix-crl" });
      response.end(answer);
    },
  });
  closers.push(() => peer.close());
  return peer;
}

async function probe(leaf: { keyPem: string; chainPem: string }, stapled?: Buffer, scan = false) {
  const server = await harness.startTlsServer({
    key: leaf.keyPem,
    cert: leaf.chainPem,
    ...(stapled ? { ocspResponse: stapled } : {}),
  });
  return harness.probe(
    { port: server.port, ca: harness.pki.root.certPem, scan, handshakeTimeoutMs: 4000 },
    "secure.test",
    roomy(),
  );
}

/** A leaf naming an `openssl ocsp` responder on loopback that answers from `listing(leaf)`. */
async function leafWithResponder(
  listing: (
    leaf: TestCertificate,
  ) => Pick<Parameters<typeof startOcspResponder>[0], "good" | "revoked">,
) {
  const port = await unusedPort();
  const url = `http://127.0.0.1:${port}/`;
  const leaf = await harness.pki.issueLeaf({ ...names, ocspUrls: [url] });
  const responder = await startOcspResponder({
    port,
    issuer: harness.pki.intermediate,
    ...listing(leaf),
  });
  closers.push(() => responder.close());
  return { leaf, url };
}

describe("sslProbe: revocation from the stapled OCSP response", () => {
  it("passes a certificate the stapled response says is good", async () => {
    const leaf = await harness.pki.issueLeaf(names);
    const stapled = await createOcspResponse({
      issuer: harness.pki.intermediate,
      certificate: leaf,
    });

    const data = await probe(leaf, stapled, true);

    expect(data.revocation).toEqual({
      status: "good",
      source: "ocsp-stapled",
      revokedAt: null,
      reason: null,
      problem: null,
      checks: [{ source: "ocsp-stapled", url: null, outcome: "good", problem: null }],
      // The test kit's intermediate names no OCSP responder and no CRL.
      intermediates: [
        {
          subject: expect.any(String),
          status: "unavailable",
          source: null,
          revokedAt: null,
          reason: null,
          problem: expect.stringMatching(/names no OCSP responder and no CRL/),
          checks: [],
        },
      ],
    });
    expect(status(data, "ssl.cert.revoked")).toBe("pass");
    expect(data.grade).not.toBe("F");
    expect(data.gradeReasons).not.toContain("F: the certificate is revoked");
  });

  it("fails a certificate stapled as revoked, and grades F as SSL Labs does", async () => {
    const leaf = await harness.pki.issueLeaf(names);
    const revokedAt = new Date(Date.UTC(2026, 5, 1, 12, 0, 0));
    const stapled = await createOcspResponse({
      issuer: harness.pki.intermediate,
      certificate: leaf,
      revoked: { revokedAt, reason: "keyCompromise" },
    });

    const data = await probe(leaf, stapled, true);

    expect(data.revocation).toMatchObject({
      status: "revoked",
      source: "ocsp-stapled",
      revokedAt: revokedAt.toISOString(),
      reason: "keyCompromise",
    });
    expect(findingOf(data, "ssl.cert.revoked")).toMatchObject({
      status: "fail",
      severity: "error",
    });
    expect(findingOf(data, "ssl.cert.revoked").message).toMatch(
      /revoked on 2026-06-01T12:00:00.000Z \(keyCompromise\), says the stapled OCSP response/,
    );
    expect(data.grade).toBe("F");
    expect(data.gradeReasons).toContain("F: the certificate is revoked");
  });

  it("fails a must-staple certificate whose staple is signed by the wrong key", async () => {
    const leaf = await harness.pki.issueLeaf({ ...names, mustStaple: true });
    const stapled = await createOcspResponse({
      issuer: harness.pki.intermediate,
      certificate: leaf,
      signer: harness.pki.root,
    });

    const data = await probe(leaf, stapled);

    expect(data.revocation).toMatchObject({ status: "unavailable", source: null });
    expect(data.revocation?.checks).toEqual([
      {
        source: "ocsp-stapled",
        url: null,
        outcome: "invalid",
        problem: expect.stringMatching(/signature verifies neither/),
      },
    ]);
    expect(findingOf(data, "ssl.cert.revoked")).toMatchObject({ status: "fail" });
    expect(findingOf(data, "ssl.cert.revoked").message).toMatch(/must-staple/);
  });

  it("fails a must-staple certificate served without a staple", async () => {
    const leaf = await harness.pki.issueLeaf({ ...names, mustStaple: true });

    const data = await probe(leaf);

    expect(data).toMatchObject({ ocspStapled: false, certificate: { mustStaple: true } });
    expect(status(data, "ssl.ocsp.not-stapled")).toBe("fail");
    expect(findingOf(data, "ssl.cert.revoked")).toMatchObject({ status: "info" });
    expect(data.revocation?.problem).toMatch(/names no OCSP responder and no CRL/);
  });
});

describe("sslProbe: revocation per address", () => {
  it("checks each address's own staple, and fails and grades F for the one stapled revoked", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "pair.test",
      subjectAltNames: ["pair.test"],
    });
    const issuer = harness.pki.intermediate;
    const good = await harness.startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      ocspResponse: await createOcspResponse({ issuer, certificate: leaf }),
    });
    await harness.startTlsServer({
      host: "127.0.0.2",
      port: good.port,
      key: leaf.keyPem,
      cert: leaf.chainPem,
      ocspResponse: await createOcspResponse({
        issuer,
        certificate: leaf,
        revoked: { revokedAt: new Date(Date.UTC(2026, 1, 1)) },
      }),
    });

    const data = await harness.probe(
      { port: good.port, ca: harness.pki.root.certPem, handshakeTimeoutMs: 4000 },
      "pair.test",
      roomy(),
    );

    expect(
      data.endpoints.map((endpoint) => [endpoint.address, endpoint.revocation?.status]),
    ).toEqual([
      ["127.0.0.1", "good"],
      ["127.0.0.2", "revoked"],
    ]);
    expect(data.endpoints[1]).toMatchObject({
      grade: "F",
      gradeReasons: expect.arrayContaining(["F: the certificate is revoked"]),
    });
    expect(data.endpoints[0]?.grade).not.toBe("F");
    expect(data).toMatchObject({
      address: "127.0.0.1",
      revocation: { status: "good" },
      grade: "F",
    });
    expect(findingOf(data, "ssl.cert.revoked")).toMatchObject({
      status: "fail",
      details: { status: "revoked", address: "127.0.0.2" },
    });
  });
});

describe("sslProbe: revocation from the OCSP responder", () => {
  it("asks `openssl ocsp` when nothing is stapled, and fails a revoked certificate", async () => {
    const { leaf, url } = await leafWithResponder((certificate) => ({
      revoked: [{ certificate, revokedAt: new Date(Date.now() - 3_600_000), reason: "superseded" }],
    }));

    const data = await probe(leaf);

    expect(data.revocation).toMatchObject({
      status: "revoked",
      source: "ocsp",
      reason: "superseded",
      checks: [{ source: "ocsp", url, outcome: "revoked", problem: null }],
    });
    expect(status(data, "ssl.cert.revoked")).toBe("fail");
  });

  it("passes a certificate the responder says is good", async () => {
    const { leaf } = await leafWithResponder((certificate) => ({ good: [certificate] }));

    const data = await probe(leaf);

    expect(data.revocation).toMatchObject({ status: "good", source: "ocsp" });
    expect(findingOf(data, "ssl.cert.revoked").message).toBe(
      "The certificate is not revoked, says the OCSP responder.",
    );
  });

  it("warns when the responder does not know the certificate", async () => {
    const other = await harness.pki.issueLeaf(names);
    const { leaf } = await leafWithResponder(() => ({ good: [other] }));

    const data = await probe(leaf);

    expect(data.revocation).toMatchObject({ status: "unknown", source: "ocsp" });
    expect(status(data, "ssl.cert.revoked")).toBe("warn");
  });

  it("waits a bounded time for a silent responder, then falls back to the CRL", async () => {
    const silent = await serve(() => "silent");
    const ocspUrl = `http://127.0.0.1:${silent.port}/ocsp`;
    const crlPort = await unusedPort();
    const crlUrl = `http://127.0.0.1:${crlPort}/ca.crl`;
    const leaf = await harness.pki.issueLeaf({ ...names, ocspUrls: [ocspUrl], crlUrls: [crlUrl] });
    const server = await harness.startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });
    const started = performance.now();

    const data = await harness.probe(
      { port: server.port, ca: harness.pki.root.certPem, scan: false, handshakeTimeoutMs: 800 },
      "secure.test",
      roomy(),
    );

    expect(performance.now() - started).toBeLessThan(10_000);
    expect(data.revocation).toMatchObject({
      status: "unavailable",
      checks: [
        { source: "ocsp", url: ocspUrl, outcome: "failed", problem: "no answer within 800 ms" },
        {
          source: "crl",
          url: crlUrl,
          outcome: "failed",
          problem: expect.stringMatching(/could not be reached \(ECONNREFUSED\)/),
        },
      ],
    });
    expect(findingOf(data, "ssl.cert.revoked")).toMatchObject({ status: "info" });
    expect(findingOf(data, "ssl.cert.revoked").message).toMatch(/no answer within 800 ms/);
  });
});

describe("sslProbe: revocation from the CRL", () => {
  it("fails a certificate the CRL lists, and reads the CRL once until its nextUpdate", async () => {
    let crl: Buffer = Buffer.alloc(0);
    const peer = await serve(() => crl);
    const url = `http://127.0.0.1:${peer.port}/intermediate.crl`;
    const leaf = await harness.pki.issueLeaf({ ...names, crlUrls: [url] });
    const revokedAt = new Date(Date.UTC(2026, 2, 3, 4, 5, 6));
    crl = await createCrl({
      issuer: harness.pki.intermediate,
      revoked: [{ certificate: leaf, revokedAt, reason: "cessationOfOperation" }],
    });
    const server = await harness.startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });
    const ssl = (await import("./ssl-probe.js")).sslProbe({
      port: server.port,
      ca: harness.pki.root.certPem,
      scan: false,
    });

    const first = await ssl.run("secure.test", roomy());
    const second = await ssl.run("secure.test", roomy());

    for (const data of [first, second]) {
      expect(data.revocation).toMatchObject({
        status: "revoked",
        source: "crl",
        revokedAt: revokedAt.toISOString(),
        reason: "cessationOfOperation",
      });
      expect(findingOf(data, "ssl.cert.revoked")).toMatchObject({ status: "fail" });
    }
    expect(peer.requests).toEqual(["/intermediate.crl"]);
  });

  it("passes a certificate a fresh CRL does not list", async () => {
    let crl: Buffer = Buffer.alloc(0);
    const peer = await serve(() => crl);
    const leaf = await harness.pki.issueLeaf({
      ...names,
      crlUrls: [`http://127.0.0.1:${peer.port}/ca.crl`],
    });
    const other = await harness.pki.issueLeaf(names);
    crl = await createCrl({
      issuer: harness.pki.intermediate,
      revoked: [{ certificate: other, revokedAt: new Date() }],
    });

    const data = await probe(leaf);

    expect(data.revocation).toMatchObject({ status: "good", source: "crl" });
    expect(status(data, "ssl.cert.revoked")).toBe("pass");
  });

  it("refuses a CRL signed by another issuer", async () => {
    let crl: Buffer = Buffer.alloc(0);
    const peer = await serve(() => crl);
    const leaf = await harness.pki.issueLeaf({
      ...names,
      crlUrls: [`http://127.0.0.1:${peer.port}/ca.crl`],
    });
    crl = await createCrl({
      issuer: harness.pki.root,
      revoked: [{ certificate: leaf, revokedAt: new Date() }],
    });

    const data = await probe(leaf);

    expect(data.revocation).toMatchObject({
      status: "unavailable",
      checks: [{ outcome: "invalid", problem: expect.stringMatching(/another name/) }],
    });
    expect(status(data, "ssl.cert.revoked")).toBe("info");
  });

  it("stops reading an oversized CRL and says why a garbage one proves nothing", async () => {
    const huge = Buffer.alloc(9 * 1024 * 1024, 0x30);
    const peer = await serve((path) => (path === "/huge.crl" ? huge : Buffer.from("not a crl")));
    const hugeUrl = `http://127.0.0.1:${peer.port}/huge.crl`;
    const garbageUrl = `http://127.0.0.1:${peer.port}/garbage.crl`;
    const leaf = await harness.pki.issueLeaf({ ...names, crlUrls: [hugeUrl, garbageUrl] });

    const data = await probe(leaf);

    expect(data.revocation).toMatchObject({
      status: "unavailable",
      checks: [
        {
          url: hugeUrl,
          outcome: "failed",
          problem: expect.stringMatching(/over the 8388608-byte limit/),
        },
        { url: garbageUrl, outcome: "invalid", problem: expect.stringMatching(/does not parse/) },
      ],
    });
    expect(status(data, "ssl.cert.revoked")).toBe("info");
  });
});

describe("sslProbe: distribution points that are not fetched", () => {
  it("says which when a certificate names only an LDAP CRL", async () => {
    const ldap = "ldap://ldap.example/cn=Test%20CA?certificateRevocationList";
    const leaf = await harness.pki.issueLeaf({ ...names, crlUrls: [ldap] });

    const data = await probe(leaf);

    expect(data.revocation).toMatchObject({ status: "unavailable", checks: [] });
    expect(data.revocation?.problem).toBe(
      `the certificate names no OCSP responder and no CRL over HTTP, and the server staples nothing; not fetched: ${ldap} (LDAP)`,
    );
    expect(findingOf(data, "ssl.cert.revoked")).toMatchObject({
      status: "info",
      message: expect.stringContaining(`not fetched: ${ldap} (LDAP)`),
    });
  });
});

describe("sslProbe: indirect, relative and delta CRLs (RFC 5280 5.2.5, 5.2.6)", () => {
  /** A peer serving the CRLs `put` there by path, empty bytes elsewhere, and its base URL. */
  async function crlPeer() {
    const crls = new Map<string, Buffer>();
    const peer = await serve((path) => crls.get(path) ?? Buffer.alloc(0));
    const put = (path: string, crl: Buffer) => crls.set(path, crl);
    return { peer, base: `http://127.0.0.1:${peer.port}`, put };
  }
  const intermediate = () => harness.pki.intermediate;

  it("names an indirect CRL (a cRLIssuer) as not fetched and asks nothing of it", async () => {
    const { peer, base } = await crlPeer();
    const url = `${base}/indirect.crl`;
    const leaf = await harness.pki.issueLeaf({
      ...names,
      crlPoints: [{ urls: [url], crlIssuerCommonName: "Indirect CRL Issuer" }],
    });

    const data = await probe(leaf);

    expect(data.revocation).toMatchObject({ status: "unavailable", checks: [] });
    expect(data.revocation?.problem).toBe(
      `the certificate names no OCSP responder and no CRL over HTTP, and the server staples nothing; not fetched: ${url} (an indirect CRL)`,
    );
    expect(findingOf(data, "ssl.cert.revoked")).toMatchObject({
      status: "info",
      message: expect.stringContaining(`not fetched: ${url} (an indirect CRL)`),
    });
    expect(peer.requests).toEqual([]);
  });

  it("names a distribution point relative to the CRL issuer as not fetched", async () => {
    const leaf = await harness.pki.issueLeaf({
      ...names,
      crlPoints: [{ relativeCommonName: "Test CA CRL" }],
    });

    const data = await probe(leaf);

    expect(data.revocation).toMatchObject({ status: "unavailable", checks: [] });
    expect(findingOf(data, "ssl.cert.revoked")).toMatchObject({
      status: "info",
      message: expect.stringContaining(
        "not fetched: a distribution point named relative to the issuer",
      ),
    });
  });

  it("names a delta CRL (freshestCRL) as not fetched when the base CRL gives no answer", async () => {
    const { peer, base } = await crlPeer();
    const leaf = await harness.pki.issueLeaf({
      ...names,
      crlUrls: [`${base}/base.crl`],
      freshestCrlUrls: [`${base}/delta.crl`],
    });

    // The base CRL is empty bytes: it proves nothing.
    const data = await probe(leaf);

    expect(data.revocation).toMatchObject({
      status: "unavailable",
      checks: [{ source: "crl", url: `${base}/base.crl`, outcome: "invalid" }],
    });
    expect(findingOf(data, "ssl.cert.revoked")).toMatchObject({
      status: "info",
      message: expect.stringContaining(`not fetched: ${base}/delta.crl (a delta CRL)`),
    });
    expect(peer.requests).toEqual(["/base.crl"]);
  });

  /** A leaf naming base.crl and delta.crl on a CRL peer; base.crl (number 7) lists nothing. */
  async function leafWithDelta() {
    const crls = await crlPeer();
    const leaf = await harness.pki.issueLeaf({
      ...names,
      crlUrls: [`${crls.base}/base.crl`],
      freshestCrlUrls: [`${crls.base}/delta.crl`],
    });
    crls.put("/base.crl", await createCrl({ issuer: intermediate(), revoked: [], crlNumber: 7 }));
    return { ...crls, leaf };
  }

  it("fails a certificate that a delta CRL of the base lists as revoked (RFC 5280 6.3.3)", async () => {
    const { peer, base, put, leaf } = await leafWithDelta();
    const revokedAt = new Date(Date.now() - 3_600_000);
    const entry = { certificate: leaf, revokedAt, reason: "keyCompromise" as const };
    put("/delta.crl", await createCrl({ issuer: intermediate(), revoked: [entry], deltaOf: 7 }));

    const data = await probe(leaf);

    expect(data.revocation).toMatchObject({
      status: "revoked",
      source: "crl",
      reason: "keyCompromise",
      checks: [
        { url: `${base}/base.crl`, outcome: "good" },
        { url: `${base}/delta.crl`, outcome: "revoked" },
      ],
    });
    expect(findingOf(data, "ssl.cert.revoked").status).toBe("fail");
    expect(peer.requests).toEqual(["/base.crl", "/delta.crl"]);
  });

  it("passes a certificate that neither the base nor its delta lists", async () => {
    const { base, put, leaf } = await leafWithDelta();
    put("/delta.crl", await createCrl({ issuer: intermediate(), revoked: [], deltaOf: 7 }));

    const data = await probe(leaf);

    expect(data.revocation).toMatchObject({
      status: "good",
      checks: [
        { url: `${base}/base.crl`, outcome: "good" },
        { url: `${base}/delta.crl`, outcome: "good" },
      ],
    });
    expect(findingOf(data, "ssl.cert.revoked").status).toBe("pass");
  });

  it("keeps the base CRL's answer when the delta is not a delta of it", async () => {
    const { base, put, leaf } = await leafWithDelta();
    const entry = { certificate: leaf, revokedAt: daysFromNow(-1) };
    // A full CRL, and a delta of a newer base (8) than the one read (7): neither applies.
    put("/delta.crl", await createCrl({ issuer: intermediate(), revoked: [entry], deltaOf: 8 }));
    const newer = await probe(leaf);
    put("/delta.crl", await createCrl({ issuer: intermediate(), revoked: [entry], crlNumber: 9 }));
    const full = await probe(leaf);

    expect(newer.revocation).toMatchObject({
      status: "good",
      checks: [
        { url: `${base}/base.crl`, outcome: "good" },
        {
          url: `${base}/delta.crl`,
          outcome: "invalid",
          problem: "it updates CRL number 8, not the base CRL read (7)",
        },
      ],
    });
    expect(full.revocation?.checks[1]).toMatchObject({
      outcome: "invalid",
      problem: "it is not a delta CRL (no deltaCRLIndicator)",
    });
    expect(findingOf(full, "ssl.cert.revoked").status).toBe("pass");
  });
});

describe("sslProbe: the intermediates' revocation", () => {
  /** A chain whose intermediate names a CRL on loopback that `setCrl` fills, served. */
  async function chainWithIntermediateCrl() {
    let crl: Buffer = Buffer.alloc(0);
    const peer = await serve(() => crl);
    const { root } = harness.pki;
    const intermediate = await createCertificate({
      commonName: "Revoked Intermediate CA",
      ca: true,
      issuer: root,
      crlUrls: [`http://127.0.0.1:${peer.port}/root.crl`],
    });
    const leaf = await createCertificate({ ...names, issuer: intermediate });
    const server = await harness.startTlsServer({
      key: leaf.keyPem,
      cert: leaf.certPem + intermediate.certPem,
    });
    const setCrl = async (revokedAt: Date | null) => {
      crl = await createCrl({
        issuer: root,
        revoked: revokedAt
          ? [{ certificate: intermediate, revokedAt, reason: "keyCompromise" }]
          : [],
      });
    };
    return { port: server.port, setCrl };
  }

  it("fails a chain whose intermediate its root's CRL lists, and passes one it does not", async () => {
    const { port, setCrl } = await chainWithIntermediateCrl();
    const revokedAt = new Date(Date.UTC(2026, 5, 1, 2, 3, 4));
    // Each run a fresh probe, so a fresh CRL cache: the CRL of the moment is read.
    const run = () =>
      harness.probe({ port, ca: harness.pki.root.certPem, scan: false }, "secure.test", roomy());

    await setCrl(revokedAt);
    const revoked = await run();
    await setCrl(null);
    const good = await run();

    // The leaf names no source; the intermediate's CRL speaks for it.
    expect(revoked.revocation).toMatchObject({
      status: "unavailable",
      intermediates: [
        {
          subject: "CN=Revoked Intermediate CA",
          status: "revoked",
          source: "crl",
          revokedAt: revokedAt.toISOString(),
          reason: "keyCompromise",
        },
      ],
    });
    expect(findingOf(revoked, "ssl.cert.revoked")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        /intermediate certificate CN=Revoked Intermediate CA was revoked/,
      ),
    });
    expect(good.revocation?.intermediates).toEqual([
      expect.objectContaining({ status: "good", source: "crl" }),
    ]);
    expect(status(good, "ssl.cert.revoked")).toBe("info");
  });

  it("caps the grade at F for a revoked intermediate", async () => {
    const { port, setCrl } = await chainWithIntermediateCrl();
    await setCrl(new Date());

    const data = await harness.probe(
      { port, ca: harness.pki.root.certPem },
      "secure.test",
      harness.context({ timeoutMs: 20_000 }),
    );

    expect(data.grade).toBe("F");
    expect(data.gradeReasons).toContain(
      "F: the intermediate CN=Revoked Intermediate CA is revoked",
    );
  });
});

describe("sslProbe: revocation turned off", () => {
  it("skips ssl.cert.revoked and fetches nothing with ssl.revocation false", async () => {
    const peer = await serve(() => Buffer.from("x"));
    const leaf = await harness.pki.issueLeaf({
      ...names,
      crlUrls: [`http://127.0.0.1:${peer.port}/ca.crl`],
    });
    const server = await harness.startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await harness.probe(
      { port: server.port, ca: harness.pki.root.certPem, scan: false, revocation: false },
      "secure.test",
      roomy(),
    );

    expect(data.revocation).toBeNull();
    expect(status(data, "ssl.cert.revoked")).toBe("skipped");
    expect(peer.requests).toEqual([]);
  });
});

describe("the engine's ssl.revocation option", () => {
  it("asks no OCSP responder and fetches no CRL when off; asks them when on (the default)", async () => {
    const peer = await serve(() => Buffer.from("x"));
    const base = `http://127.0.0.1:${peer.port}`;
    const leaf = await harness.pki.issueLeaf({
      commonName: "engine.test",
      subjectAltNames: ["engine.test"],
      ocspUrls: [`${base}/ocsp`],
      crlUrls: [`${base}/ca.crl`],
    });
    // The built-in section probes port 443, which is privileged: this test runs as root, as CI.
    await harness
      .startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem, host: "127.0.43.3", port: 443 })
      .catch((error: NodeJS.ErrnoException) => {
        throw new Error(`serving 127.0.43.3:443 failed (${error.code}; EACCES: not root)`);
      });
    /** The built-in ssl section of an engine made with these `ssl` options. */
    const lookup = async (ssl: { revocation?: boolean }) => {
      const engine = createEngine({
        keys: ["revocation-option-key"],
        network: {
          resolvers: [harness.dns.address],
          allowPrivateAddresses: true,
          timeoutMs: 15_000,
        },
        ssl: { ca: harness.pki.root.certPem, scan: false, ...ssl },
        probes: { whois: false, dns: false, mail: false, hosting: false, http: false },
        logger: silentLogger,
      });
      const result = await engine.lookup("engine.test", "ssl");
      return result.data as { revocation: unknown; findings: { id: string; status: string }[] };
    };
    const revokedStatus = (data: Awaited<ReturnType<typeof lookup>>) =>
      data.findings.find((entry) => entry.id === "ssl.cert.revoked")?.status;

    const off = await lookup({ revocation: false });
    expect(off.revocation).toBeNull();
    expect(revokedStatus(off)).toBe("skipped");
    expect(peer.requests).toEqual([]);

    const on = await lookup({});
    expect(on.revocation).toMatchObject({ status: "unavailable" });
    expect(peer.requests.length).toBeGreaterThan(0);
  });
});
