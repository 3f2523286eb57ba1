import { X509Certificate } from "node:crypto";
import { createCertificate, createTestPki, loadX509, type TestPki } from "@domain-intel/test-kit";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCertificate } from "../parse-certificate.js";
import { certificateFields } from "./certificate-fields.js";

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki();
});

const fieldsOf = (pem: string) => certificateFields(parseCertificate(new X509Certificate(pem).raw));

describe("readCertificateDer", () => {
  it("reads URLs, policies, must-staple and SCTs", async () => {
    const leaf = await pki.issueLeaf({
      commonName: "fields.test",
      ocspUrls: ["http://ocsp.one.test/", "http://ocsp.two.test/"],
      caIssuerUrls: ["http://ca.test/issuer.der"],
      crlUrls: ["http://crl.test/a.crl", "http://crl.test/b.crl"],
      crlPoints: [
        { urls: ["http://crl.test/indirect.crl"], crlIssuerCommonName: "Other CA" },
        { relativeCommonName: "CRL1" },
      ],
      freshestCrlUrls: ["http://crl.test/delta.crl", "ldap://crl.test/delta"],
      policies: ["2.23.140.1.2.2", "1.3.6.1.4.1.44947.1.1.1"],
      mustStaple: true,
      scts: [{ logId: new Uint8Array(32).fill(9), timestamp: new Date("2026-01-01T00:00:00Z") }],
    });

    expect(fieldsOf(leaf.certPem)).toEqual({
      subjectAltNames: [],
      ca: false,
      // digitalSignature alone; serverAuth.
      keyUsage: [true],
      extendedKeyUsage: ["1.3.6.1.5.5.7.3.1"],
      signatureAlgorithm: "ecdsa-with-SHA256",
      signatureHash: "SHA-256",
      ocspUrls: ["http://ocsp.one.test/", "http://ocsp.two.test/"],
      caIssuerUrls: ["http://ca.test/issuer.der"],
      crlUrls: ["http://crl.test/a.crl", "http://crl.test/b.crl"],
      crlNotFetched: [
        "http://crl.test/indirect.crl (an indirect CRL)",
        "a distribution point named relative to the issuer",
        "http://crl.test/delta.crl (a delta CRL)",
        "ldap://crl.test/delta (a delta CRL)",
      ],
      deltaCrlUrls: ["http://crl.test/delta.crl"],
      policies: ["2.23.140.1.2.2", "1.3.6.1.4.1.44947.1.1.1"],
      validationType: "OV",
      mustStaple: true,
      scts: [
        {
          version: 1,
          logId: Buffer.from(new Uint8Array(32).fill(9)).toString("base64"),
          timestamp: "2026-01-01T00:00:00.000Z",
        },
      ],
    });
  });

  it("answers empty fields for a certificate without those extensions", async () => {
    const plain = await createCertificate({ commonName: "plain.test" });

    expect(fieldsOf(plain.certPem)).toMatchObject({
      ocspUrls: [],
      caIssuerUrls: [],
      crlUrls: [],
      policies: [],
      validationType: null,
      mustStaple: false,
      scts: [],
    });
  });

  it.each([
    ["rsa", "SHA-1", "sha1WithRSAEncryption"],
    ["rsa", "SHA-384", "sha384WithRSAEncryption"],
    ["ec", "SHA-1", "ecdsa-with-SHA1"],
    ["ec", "SHA-384", "ecdsa-with-SHA384"],
  ] as const)("names a %s signature over %s", async (keyType, hash, name) => {
    const issuer = await createCertificate({ commonName: "Issuer", keyType, ca: true });
    const leaf = await createCertificate({ commonName: "x.test", issuer, signatureHash: hash });

    expect(fieldsOf(leaf.certPem)).toMatchObject({ signatureAlgorithm: name, signatureHash: hash });
  });

  it("reads the hash of an RSASSA-PSS signature from its parameters", async () => {
    const x509 = await loadX509();
    const algorithm = {
      name: "RSA-PSS",
      hash: "SHA-384",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
    };
    const keys = await crypto.subtle.generateKey(algorithm, false, ["sign", "verify"]);
    const certificate = await x509.X509CertificateGenerator.createSelfSigned({
      name: "CN=pss.test",
      keys,
      signingAlgorithm: { ...algorithm, saltLength: 48 },
    });

    expect(fieldsOf(certificate.toString("pem"))).toMatchObject({
      signatureAlgorithm: "RSASSA-PSS",
      signatureHash: "SHA-384",
    });
  });
});
