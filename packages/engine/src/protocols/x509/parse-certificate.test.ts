import { X509Certificate } from "node:crypto";
import tls from "node:tls";
import { loadX509 } from "@domain-intel/test-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeChainCertificate } from "./certificate.js";
import { CertificateFormatError, parseCertificate } from "./parse-certificate.js";
import { isSelfSigned } from "./verify-signature.js";

// The engine reads certificates with its own DER reader. Here it is held against OpenSSL (Node's
// X509Certificate) on real certificates, and against bytes from strangers.

/** What OpenSSL says of a certificate, in the form describeChainCertificate gives. */
function opensslView(pem: string) {
  const certificate = new X509Certificate(pem);
  return {
    dn: certificate.subject.split("\n").filter(Boolean).join(", "),
    issuer: certificate.issuer.split("\n").filter(Boolean).join(", "),
    serialNumber: certificate.serialNumber.toUpperCase(),
    notBefore: new Date(certificate.validFrom).toISOString(),
    notAfter: new Date(certificate.validTo).toISOString(),
    fingerprint256: certificate.fingerprint256,
    keyType: certificate.publicKey.asymmetricKeyType,
    ca: certificate.ca,
  };
}

function ourView(pem: string) {
  const described = describeChainCertificate({
    certificate: parseCertificate(new X509Certificate(pem).raw),
  });
  return {
    dn: described.subject.dn,
    issuer: described.issuer.dn,
    serialNumber: described.serialNumber,
    notBefore: described.notBefore,
    notAfter: described.notAfter,
    fingerprint256: described.fingerprint256,
    keyType: described.keyType,
    ca: described.ca,
  };
}

describe("parseCertificate", () => {
  it("reads every root Node bundles as OpenSSL does, and finds each self-signed", () => {
    let selfSigned = 0;
    for (const pem of tls.rootCertificates) {
      expect(ourView(pem)).toEqual(opensslView(pem));
      if (isSelfSigned(parseCertificate(new X509Certificate(pem).raw))) selfSigned += 1;
    }
    // A few bundled roots are cross-signed or use algorithms Node cannot verify with.
    expect(selfSigned).toBeGreaterThan(tls.rootCertificates.length * 0.9);
  });

  it("prints names with escapes and multi-valued RDNs as OpenSSL prints them", async () => {
    const x509 = await loadX509();
    const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ]);
    for (const name of [
      "CN=Acme\\, Inc.+OU=Web, O=\\#hash, C=DE",
      "CN=\\ leading and trailing\\ , O=semi\\;colon\\<\\>",
      "CN=Ünïcödé, O=日本",
      "",
    ]) {
      const certificate = await x509.X509CertificateGenerator.createSelfSigned({
        name,
        keys,
        signingAlgorithm: { name: "ECDSA", hash: "SHA-256" },
      });
      const pem = certificate.toString("pem");
      const ours = ourView(pem);
      if (name === "") expect(ours.dn).toBe("");
      else expect(ours.dn).toBe(opensslView(pem).dn);
    }
  });

  it("throws CertificateFormatError, never anything else, for any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        try {
          parseCertificate(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(CertificateFormatError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("throws CertificateFormatError for every truncation and a corrupted length of a real certificate", () => {
    const der = new X509Certificate(tls.rootCertificates[0]!).raw;
    for (let length = 0; length < der.length; length += 7) {
      expect(() => parseCertificate(der.subarray(0, length))).toThrow(CertificateFormatError);
    }
    const corrupted = Buffer.from(der);
    corrupted[2] = 0xff; // the outer length now runs past the end
    expect(() => parseCertificate(corrupted)).toThrow(CertificateFormatError);
    // An indefinite length (BER, not DER) is refused.
    expect(() => parseCertificate(Buffer.from([0x30, 0x80, 0, 0]))).toThrow(/indefinite/);
  });
});
