import { createCertificate, daysFromNow } from "@domain-intel/test-kit";
import {
  findingOf,
  stapledOcspResponse,
  status,
  useSslHarness,
} from "@domain-intel/test-kit/ssl-harness";
import { describe, expect, it } from "vitest";
import { sslFindingIds } from "./ssl-findings.js";

// Key, signature, validity span, Certificate Transparency, protocol version and OCSP
// stapling, each against a TLS server on loopback serving a certificate made for the case.

const harness = useSslHarness(
  {
    "secure.test": [{ type: "A", name: "secure.test", ttl: 60, data: "127.0.0.1" }],
  },
  sslFindingIds,
);
const { probe, startTlsServer } = harness;
const names = { commonName: "secure.test", subjectAltNames: ["secure.test"] } as const;
// Servers too accept what OpenSSL 3 refuses at its default security level.
const legacyServer = { ciphers: "DEFAULT:@SECLEVEL=0" } as const;

describe("sslProbe: keys and signatures", () => {
  it("fails a 1024-bit RSA key", async () => {
    const leaf = await harness.pki.issueLeaf({ ...names, keyType: "rsa", rsaBits: 1024 });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem, ...legacyServer });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({ reachable: true, certificate: { keyType: "rsa", keySize: 1024 } });
    expect(findingOf(data, "ssl.cert.weak-key")).toMatchObject({
      status: "fail",
      severity: "error",
      details: { weak: [{ subject: "CN=secure.test", keyType: "rsa", keySize: 1024 }] },
    });
    expect(findingOf(data, "ssl.cert.weak-key").message).toMatch(/the certificate: RSA 1024 bits/);
  });

  it("fails a 1024-bit RSA intermediate, and names it", async () => {
    const weakIntermediate = await createCertificate({
      commonName: "Weak Intermediate",
      keyType: "rsa",
      rsaBits: 1024,
      ca: true,
      issuer: harness.pki.root,
    });
    const leaf = await createCertificate({ ...names, issuer: weakIntermediate });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.certPem + weakIntermediate.certPem,
      ...legacyServer,
    });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data.certificate).toMatchObject({ keyType: "ec", keyCurve: "P-256" });
    expect(findingOf(data, "ssl.cert.weak-key")).toMatchObject({
      status: "fail",
      details: { weak: [{ subject: "CN=Weak Intermediate", keySize: 1024 }] },
    });
  });

  it("passes 2048-bit RSA and P-256 keys", async () => {
    const leaf = await harness.pki.issueLeaf({ ...names, keyType: "rsa" });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(findingOf(data, "ssl.cert.weak-key")).toMatchObject({ status: "pass" });
    expect(findingOf(data, "ssl.cert.weak-key").message).toMatch(/RSA 2048 bits/);
  });

  it("fails a leaf signed with SHA-1, which the chain still verifies", async () => {
    const leaf = await harness.pki.issueLeaf({ ...names, signatureHash: "SHA-1" });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem, ...legacyServer });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data.certificate).toMatchObject({
      signatureAlgorithm: "ecdsa-with-SHA1",
      signatureHash: "SHA-1",
    });
    // Verification runs at security level 0 (see trust-store.ts); the finding carries the verdict.
    expect(data.trusted).toBe(true);
    expect(findingOf(data, "ssl.cert.weak-signature")).toMatchObject({
      status: "fail",
      details: {
        weak: [
          {
            subject: "CN=secure.test",
            signatureAlgorithm: "ecdsa-with-SHA1",
            signatureHash: "SHA-1",
          },
        ],
      },
    });
    // Every browser refuses it: untrusted for them, grade T (SSL Labs), not a B.
    expect(data.grade).toBe("T");
    expect(data.gradeReasons).toEqual([
      "CN=secure.test is signed with SHA-1 or MD5, which every browser refuses",
    ]);
  });

  it("fails an intermediate signed with SHA-1 by an RSA root", async () => {
    const intermediate = await createCertificate({
      commonName: "SHA-1 Intermediate",
      ca: true,
      issuer: harness.pki.root,
      signatureHash: "SHA-1",
    });
    const leaf = await createCertificate({ ...names, issuer: intermediate });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.certPem + intermediate.certPem,
      ...legacyServer,
    });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data.chain[1]).toMatchObject({
      signatureAlgorithm: "sha1WithRSAEncryption",
      signatureHash: "SHA-1",
    });
    expect(findingOf(data, "ssl.cert.weak-signature")).toMatchObject({
      status: "fail",
      details: { weak: [{ subject: "CN=SHA-1 Intermediate" }] },
    });
    expect(data.grade).toBe("T");
    expect(data.gradeReasons).toEqual([
      "CN=SHA-1 Intermediate is signed with SHA-1 or MD5, which every browser refuses",
    ]);
  });

  it("ignores the self-signature of a root the server sends", async () => {
    const sha1Root = await createCertificate({
      commonName: "SHA-1 Root",
      keyType: "rsa",
      ca: true,
      signatureHash: "SHA-1",
    });
    const leaf = await createCertificate({ ...names, issuer: sha1Root });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.certPem + sha1Root.certPem,
    });

    const data = await probe({ port: server.port, ca: sha1Root.certPem });

    expect(data.chain[1]).toMatchObject({ selfSigned: true, signatureHash: "SHA-1" });
    expect(status(data, "ssl.cert.weak-signature")).toBe("pass");
    expect(data.gradeReasons.join()).not.toMatch(/SHA-1/);
  });
});

describe("sslProbe: validity span and transparency", () => {
  it("warns about a certificate valid for more than 398 days", async () => {
    const leaf = await harness.pki.issueLeaf({
      ...names,
      notBefore: daysFromNow(-10),
      notAfter: daysFromNow(390),
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data.certificate?.validityDays).toBe(401);
    expect(findingOf(data, "ssl.cert.long-validity")).toMatchObject({
      status: "warn",
      details: { validityDays: 401, maxValidityDays: 398 },
    });
    expect(status(data, "ssl.cert.expiring-soon")).toBe("pass");
  });

  it("passes 398 days to the second", async () => {
    const notBefore = new Date(Math.floor(Date.now() / 1000) * 1000 - 86_400_000);
    const notAfter = new Date(notBefore.getTime() + 398 * 86_400_000 - 1000);
    const leaf = await harness.pki.issueLeaf({ ...names, notBefore, notAfter });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data.certificate?.validityDays).toBe(398);
    expect(status(data, "ssl.cert.long-validity")).toBe("pass");
  });

  it.each([
    { logs: 0, expected: "info" },
    { logs: 1, expected: "info" },
    { logs: 2, expected: "pass" },
  ])("rates SCTs from $logs distinct logs as $expected", async ({ logs, expected }) => {
    const scts = Array.from({ length: logs }, (_, index) => ({
      logId: new Uint8Array(32).fill(index + 1),
      timestamp: new Date("2026-03-01T00:00:00Z"),
    }));
    // A second SCT from the first log does not count as another log.
    if (logs === 1) scts.push({ ...scts[0]!, timestamp: new Date("2026-03-02T00:00:00Z") });
    const leaf = await harness.pki.issueLeaf({ ...names, scts });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data.certificate?.scts).toHaveLength(scts.length);
    expect(findingOf(data, "ssl.cert.transparency")).toMatchObject({
      status: expected,
      details: { scts: scts.length, logs },
    });
  });
});

describe("sslProbe: protocol and OCSP stapling", () => {
  it.each([
    ["TLSv1", "fail"],
    ["TLSv1.1", "fail"],
    ["TLSv1.2", "pass"],
  ] as const)("reports a server whose best protocol is %s (%s)", async (version, expected) => {
    const leaf = await harness.pki.issueLeaf({ ...names, keyType: "rsa" });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      minVersion: "TLSv1",
      maxVersion: version,
      ...legacyServer,
    });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({ reachable: true, protocol: version, trusted: true });
    expect(findingOf(data, "ssl.tls.legacy-protocol")).toMatchObject({
      status: expected,
      details: { protocol: version },
    });
  });

  it("fails a must-staple certificate served without a staple", async () => {
    const leaf = await harness.pki.issueLeaf({
      ...names,
      mustStaple: true,
      ocspUrls: ["http://ocsp.ca.test/"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({ ocspStapled: false, certificate: { mustStaple: true } });
    expect(findingOf(data, "ssl.ocsp.not-stapled")).toMatchObject({
      status: "fail",
      details: { mustStaple: true, ocspUrls: ["http://ocsp.ca.test/"] },
    });
  });

  it("passes a must-staple certificate served with a staple", async () => {
    const leaf = await harness.pki.issueLeaf({
      ...names,
      mustStaple: true,
      ocspUrls: ["http://ocsp.ca.test/"],
    });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      ocspResponse: stapledOcspResponse,
    });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({ ocspStapled: true });
    expect(status(data, "ssl.ocsp.not-stapled")).toBe("pass");
  });

  it("notes a missing staple when the certificate names an OCSP responder", async () => {
    const leaf = await harness.pki.issueLeaf({ ...names, ocspUrls: ["http://ocsp.ca.test/"] });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data.ocspStapled).toBe(false);
    expect(findingOf(data, "ssl.ocsp.not-stapled")).toMatchObject({ status: "info" });
    expect(findingOf(data, "ssl.ocsp.not-stapled").message).toMatch(/http:\/\/ocsp\.ca\.test\//);
  });

  it("passes a certificate without an OCSP responder, which has nothing to staple", async () => {
    const leaf = await harness.pki.issueLeaf({ ...names, crlUrls: ["http://crl.ca.test/x.crl"] });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({ ocspStapled: false, certificate: { ocspUrls: [] } });
    expect(status(data, "ssl.ocsp.not-stapled")).toBe("pass");
  });
});
