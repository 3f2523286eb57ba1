import { X509Certificate } from "node:crypto";
import { createCertificate, createTestPki, daysFromNow } from "@domain-intel/test-kit";
import { beforeAll, describe, expect, it } from "vitest";
import {
  describeCertificate,
  isSelfSigned,
  matchHostname,
  parseOpenSslDate,
  parseSubjectAltNames,
} from "../../protocols/x509/certificate.js";

describe("parseOpenSslDate", () => {
  it("reads OpenSSL's print format, with a space-padded day", () => {
    expect(parseOpenSslDate("Nov  2 07:10:59 2026 GMT").toISOString()).toBe(
      "2026-11-02T07:10:59.000Z",
    );
    expect(parseOpenSslDate("Feb 29 23:59:59 2028 GMT").toISOString()).toBe(
      "2028-02-29T23:59:59.000Z",
    );
  });

  it("throws on anything else", () => {
    expect(() => parseOpenSslDate("2026-11-02T07:10:59Z")).toThrow(/unrecognised/);
    expect(() => parseOpenSslDate("Foo  2 07:10:59 2026 GMT")).toThrow(/unrecognised/);
  });
});

describe("parseSubjectAltNames", () => {
  it("splits entries and decodes the quoted ones Node prints for unusual names", () => {
    const printed =
      'DNS:"a\\u002cb.test", DNS:"q\\"x", IP Address:0:0:0:0:0:0:0:1, URI:http://x/, DirName:"O=y\\u002cCN=z"';
    expect(parseSubjectAltNames(printed)).toEqual([
      { type: "DNS", value: "a,b.test" },
      { type: "DNS", value: 'q"x' },
      { type: "IP Address", value: "0:0:0:0:0:0:0:1" },
      { type: "URI", value: "http://x/" },
      { type: "DirName", value: "O=y,CN=z" },
    ]);
    expect(parseSubjectAltNames(undefined)).toEqual([]);
  });
});

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
    const certificate = new X509Certificate(leafPem);
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
      fingerprint256: certificate.fingerprint256,
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
    expect(described.serialNumber).toMatch(/^[0-9A-F]+$/);
    const after = describeCertificate({ certificate, now: Date.parse("2026-04-01T00:00:01Z") });
    expect(after.daysRemaining).toBe(-1);
  });

  it("tells self-signed certificates, without requiring keyCertSign", async () => {
    const self = await createCertificate({ commonName: "self.test", notAfter: daysFromNow(1) });
    expect(isSelfSigned(new X509Certificate(self.certPem))).toBe(true);
    expect(isSelfSigned(new X509Certificate(leafPem))).toBe(false);
    // An intermediate names another issuer; a root would be self-signed.
    expect(isSelfSigned(new X509Certificate(intermediatePem))).toBe(false);
  });

  it("matches host names like browsers", () => {
    const certificate = new X509Certificate(leafPem);
    const check = (hostname: string) => matchHostname({ certificate, hostname });
    expect(check("a.test")).toEqual({ match: true, commonNameOnly: false });
    expect(check("www.a.test")).toEqual({ match: true, commonNameOnly: false });
    expect(check("x.www.a.test").match).toBe(false);
    expect(check("b.test").match).toBe(false);
  });
});
