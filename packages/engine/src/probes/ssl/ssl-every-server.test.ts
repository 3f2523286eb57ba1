import { X509Certificate } from "node:crypto";
import { loadX509, startHelloResponder, type TestCertificate } from "@domain-intel/test-kit";
import { findingOf, status, useSslHarness } from "@domain-intel/test-kit/ssl-harness";
import { describe, expect, it } from "vitest";
import { sslFindingIds } from "./ssl-findings.js";

// Every server gets a verdict: servers Node's OpenSSL cannot complete a handshake with (only
// suites it no longer builds, a chain larger than it reads) are read from hand-written hellos,
// and certificates it cannot print (no subject) are read by the engine's own DER reader.

const harness = useSslHarness(
  { "secure.test": [{ type: "A", name: "secure.test", ttl: 60, data: "127.0.0.1" }] },
  sslFindingIds,
);
const { probe, startTlsServer } = harness;

const der = (certificate: Pick<TestCertificate, "certPem">) =>
  new X509Certificate(certificate.certPem).raw;

describe("sslProbe: servers OpenSSL cannot complete a handshake with", () => {
  it("grades a server that accepts only 3DES, reading its chain from the hello", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      keyType: "rsa",
    });
    // Answers TLS 1.0 to 1.2 hellos that offer DES-CBC3-SHA, with the chain in clear; alerts
    // on anything else, Node's own hello included (it offers no 3DES).
    const server = await startHelloResponder({
      versions: [0x0301, 0x0302, 0x0303],
      renegotiationInfo: true,
      suites: [0x000a],
      flight: { certificates: [der(leaf), der(harness.pki.intermediate)] },
      refuse: "alert",
    });
    try {
      const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

      expect(data).toMatchObject({
        reachable: true,
        protocol: "TLSv1.2",
        cipher: { name: "DES-CBC3-SHA", standardName: "TLS_RSA_WITH_3DES_EDE_CBC_SHA" },
        clientFailure: { reason: "handshake_failed" },
        trusted: true,
        trustError: null,
        hostnameMatch: true,
        certificate: { subject: { commonName: "secure.test" }, subjectAltNames: ["secure.test"] },
      });
      expect(data.chain.map((entry) => entry.subject.commonName)).toEqual([
        "secure.test",
        "Domain Intel Test Intermediate",
      ]);
      expect(findingOf(data, "ssl.unreachable")).toMatchObject({
        status: "warn",
        details: { clientFailures: [{ address: "127.0.0.1", reason: "handshake_failed" }] },
      });
      expect(data.configuration?.protocols).toMatchObject({
        TLSv1: true,
        "TLSv1.1": true,
        "TLSv1.2": true,
        "TLSv1.3": false,
      });
      expect(status(data, "ssl.ciphers.weak")).toBe("fail");
      expect(status(data, "ssl.chain.incomplete")).toBe("pass");
      expect(data.grade).toBe("C");
    } finally {
      await server.close();
    }
  });

  it("grades T a 3DES-only server whose chain does not verify, by its own verification", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startHelloResponder({
      versions: [0x0303],
      renegotiationInfo: true,
      suites: [0x000a],
      flight: { certificates: [der(leaf)] },
      refuse: "alert",
    });
    try {
      // No intermediate sent, no root configured: nothing to verify it against.
      const data = await probe({ port: server.port });

      expect(data).toMatchObject({
        reachable: true,
        trusted: false,
        trustError: "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
        grade: "T",
      });
      expect(status(data, "ssl.cert.untrusted")).toBe("fail");
      expect(status(data, "ssl.chain.incomplete")).toBe("fail");
    } finally {
      await server.close();
    }
  });

  it("reads a chain of 10,000 names, more than OpenSSL reads, from the TLS 1.2 hello", async () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `host-${i}.secure.test`);
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test", ...names],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({
      reachable: true,
      protocol: "TLSv1.2",
      clientFailure: { reason: "handshake_failed", errorCode: "ERR_SSL_EXCESSIVE_MESSAGE_SIZE" },
      trusted: true,
      hostnameMatch: true,
    });
    expect(data.certificate?.subjectAltNameCount).toBe(10_001);
    expect(data.certificate?.subjectAltNames).toHaveLength(1000);
    expect(findingOf(data, "ssl.unreachable").message).toMatch(/100 KB/);
    // The scan asks everything with hand-written hellos, which read no certificate.
    expect(data.configuration?.protocols["TLSv1.3"]).toBe(true);
    expect(data.grade).toBe("A");
  }, 60_000);

  it("grades F a server that offers only a NULL suite, which OpenSSL's client refuses", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      keyType: "rsa",
    });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      maxVersion: "TLSv1.2",
      ciphers: "NULL-SHA256:@SECLEVEL=0",
    });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({
      reachable: true,
      cipher: { name: "NULL-SHA256" },
      clientFailure: { reason: "handshake_failed" },
      trusted: true,
      grade: "F",
    });
    expect(data.gradeReasons).toContain("F: accepts null suites (NULL-SHA256)");
  });

  it("reports an anonymous-only server as sending no certificate, graded T", async () => {
    const leaf = await harness.pki.issueLeaf({ commonName: "secure.test", keyType: "rsa" });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      maxVersion: "TLSv1.2",
      ciphers: "ADH-AES128-GCM-SHA256:@SECLEVEL=0",
      // Anonymous DH needs DH parameters.
      dhparam: "auto",
    });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({
      reachable: true,
      cipher: { name: "ADH-AES128-GCM-SHA256" },
      certificate: null,
      trusted: false,
      trustError: "NO_CERTIFICATE",
      grade: "T",
    });
    expect(findingOf(data, "ssl.cert.expired").message).toMatch(/anonymous/);
  });
});

describe("sslProbe: certificates OpenSSL cannot print", () => {
  it("describes a certificate with an empty subject instead of failing the section", async () => {
    const x509 = await loadX509();
    const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ]);
    const intermediate = harness.pki.intermediate;
    const certificate = await x509.X509CertificateGenerator.create({
      subject: "",
      issuer: intermediate.subject,
      publicKey: keys.publicKey,
      signingKey: intermediate.keys.privateKey,
      signingAlgorithm: { name: "ECDSA", hash: "SHA-256" },
      notBefore: new Date(Date.now() - 86_400_000),
      notAfter: new Date(Date.now() + 30 * 86_400_000),
      // RFC 5280 4.2.1.6: with an empty subject the subjectAltName is critical.
      extensions: [
        new x509.SubjectAlternativeNameExtension([{ type: "dns", value: "secure.test" }], true),
      ],
    });
    const pkcs8 = await crypto.subtle.exportKey("pkcs8", keys.privateKey);
    const server = await startTlsServer({
      key: x509.PemConverter.encode(pkcs8, "PRIVATE KEY"),
      cert: `${certificate.toString("pem")}\n${intermediate.certPem}`,
    });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({
      reachable: true,
      clientFailure: null,
      trusted: true,
      hostnameMatch: true,
      certificate: { subject: { dn: "", commonName: null, organization: null } },
    });
    expect(status(data, "ssl.cert.hostname-mismatch")).toBe("pass");
  });
});
