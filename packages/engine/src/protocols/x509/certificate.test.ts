import { X509Certificate } from "node:crypto";
import { createCertificate, createTestPki, daysFromNow } from "@domain-intel/test-kit";
import { beforeAll, describe, expect, it } from "vitest";
import { describeCertificate, matchHostname } from "./certificate.js";
import { parseCertificate } from "./parse-certificate.js";
import { isSelfSigned } from "./verify-signature.js";

const read = (pem: string) => parseCertificate(new X509Certificate(pem).raw);

describe("describeCertificate", () => {
  let leafPem: string;
  let intermediatePem: string;

  beforeAll(async () => {
    const pki = await createTestPki();
    const leaf = await pki.issueLeaf({
      commonName: "a.test",
      keyType: "rsa",
      subjectAltNames: ["a.test", "*.a.test", "::1", "127.0.0.1"],
      notBefore: new Date("2026-01-01T00:00:00Z"),
      notAfter: new Date("2026-04-01T00:00:00Z"),
    });
    leafPem = leaf.certPem;
    intermediatePem = pki.intermediate.certPem;
  });

  it("summarises names, validity, SANs and key", () => {
    const node = new X509Certificate(leafPem);
    const certificate = read(leafPem);
    const described = describeCertificate({
      certificate,
      now: Date.parse("2026-03-30T12:00:00Z"),
    });
    expect(described).toMatchObject({
      subject: { dn: "CN=a.test", commonName: "a.test", organization: null },
      issuer: { dn: "CN=Domain Intel Test Intermediate" },
      notBefore: "2026-01-01T00:00:00.000Z",
      notAfter: "2026-04-01T00:00:00.000Z",
      daysRemaining: 1,
      subjectAltNames: ["a.test", "*.a.test", "::1", "127.0.0.1"],
      fingerprint256: node.fingerprint256,
      keyType: "rsa",
      keySize: 2048,
      keyCurve: null,
      signatureAlgorithm: "ecdsa-with-SHA256",
      signatureHash: "SHA-256",
      ca: false,
      selfSigned: false,
      // 2026-01-01T00:00:00 to 2026-04-01T00:00:00, both ends included: 90 days and a second.
      validityDays: 91,
    });
    expect(described.serialNumber).toBe(node.serialNumber.toUpperCase());
    const after = describeCertificate({ certificate, now: Date.parse("2026-04-01T00:00:01Z") });
    expect(after.daysRemaining).toBe(-1);
  });

  it("tells self-signed certificates, without requiring keyCertSign", async () => {
    const self = await createCertificate({ commonName: "self.test", notAfter: daysFromNow(1) });
    expect(isSelfSigned(read(self.certPem))).toBe(true);
    expect(isSelfSigned(read(leafPem))).toBe(false);
    // An intermediate names another issuer; a root would be self-signed.
    expect(isSelfSigned(read(intermediatePem))).toBe(false);
  });

  it("matches host names like browsers", () => {
    const certificate = read(leafPem);
    const check = (hostname: string) => matchHostname({ certificate, hostname });
    expect(check("a.test")).toEqual({ match: true, commonNameOnly: false });
    expect(check("www.a.test")).toEqual({ match: true, commonNameOnly: false });
    expect(check("x.www.a.test").match).toBe(false);
    expect(check("b.test").match).toBe(false);
  });
});
