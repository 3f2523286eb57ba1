import { createCertificate, createTestPki, daysFromNow } from "@domain-intel/test-kit";
import { findingOf, status, useSslHarness } from "@domain-intel/test-kit/ssl-harness";
import { describe, expect, it } from "vitest";
import { sslFindingIds } from "./ssl-findings.js";

// The chain findings judge the certificates as the server sent them; each test serves a chain
// put together on purpose and checks that the probe saw exactly that list.

const harness = useSslHarness(
  {
    "secure.test": [{ type: "A", name: "secure.test", ttl: 60, data: "127.0.0.1" }],
  },
  sslFindingIds,
);
const { probe, startTlsServer } = harness;

async function issueLeaf() {
  return harness.pki.issueLeaf({ commonName: "secure.test", subjectAltNames: ["secure.test"] });
}

describe("sslProbe: the chain as sent", () => {
  it("fails a leaf sent without its intermediate, though the root is trusted", async () => {
    const leaf = await issueLeaf();
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.certPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data.chain.map((entry) => entry.subject.dn)).toEqual(["CN=secure.test"]);
    expect(data).toMatchObject({ trusted: false, trustError: "UNABLE_TO_VERIFY_LEAF_SIGNATURE" });
    expect(findingOf(data, "ssl.chain.incomplete")).toMatchObject({
      status: "fail",
      severity: "error",
      details: {
        sent: 1,
        end: "missing-issuer",
        endIssuer: "CN=Domain Intel Test Intermediate",
      },
    });
    expect(findingOf(data, "ssl.chain.incomplete").message).toMatch(
      /without the intermediate that issued it \(CN=Domain Intel Test Intermediate\)/,
    );
  });

  it("passes the same chain when the intermediate is sent", async () => {
    const leaf = await issueLeaf();
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(findingOf(data, "ssl.chain.incomplete")).toMatchObject({
      status: "pass",
      details: { end: "trusted-issuer", endIssuer: "CN=Domain Intel Test Root" },
    });
    for (const id of ["ssl.chain.order", "ssl.chain.unrelated", "ssl.chain.contains-anchor"]) {
      expect(status(data, id as "ssl.chain.order"), id).toBe("pass");
    }
  });

  it("cannot tell a missing intermediate from an untrusted root, and says so", async () => {
    const other = await createTestPki({ name: "Unknown CA" });
    const leaf = await other.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({ trusted: false, trustError: "UNABLE_TO_GET_ISSUER_CERT_LOCALLY" });
    expect(data.chain).toHaveLength(2);
    expect(findingOf(data, "ssl.chain.incomplete")).toMatchObject({
      status: "info",
      details: { end: "missing-issuer", endIssuer: "CN=Unknown CA Root" },
    });
    expect(status(data, "ssl.cert.untrusted")).toBe("fail");
  });

  it("passes a leaf issued directly by a trusted root, sent alone", async () => {
    const root = await createCertificate({ commonName: "Private Root", ca: true });
    const leaf = await createCertificate({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      issuer: root,
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.certPem });

    const data = await probe({ port: server.port, ca: root.certPem });

    expect(data.trusted).toBe(true);
    expect(findingOf(data, "ssl.chain.incomplete")).toMatchObject({
      status: "pass",
      details: { end: "trusted-issuer", endIssuer: "CN=Private Root" },
    });
  });

  it("notes a root sent along, which clients ignore", async () => {
    const leaf = await issueLeaf();
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem + harness.pki.root.certPem,
    });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data.chain.map((entry) => [entry.subject.dn, entry.ca, entry.selfSigned])).toEqual([
      ["CN=secure.test", false, false],
      ["CN=Domain Intel Test Intermediate", true, false],
      ["CN=Domain Intel Test Root", true, true],
    ]);
    expect(findingOf(data, "ssl.chain.contains-anchor")).toMatchObject({
      status: "info",
      details: { root: "CN=Domain Intel Test Root" },
    });
    expect(findingOf(data, "ssl.chain.incomplete")).toMatchObject({
      status: "pass",
      details: { end: "self-signed" },
    });
    expect(status(data, "ssl.chain.order")).toBe("pass");
  });

  it("warns about certificates sent out of issuing order, and keeps the order as sent", async () => {
    const leaf = await issueLeaf();
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.certPem + harness.pki.root.certPem + harness.pki.intermediate.certPem,
    });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    // Node's getPeerCertificate(true) would report leaf, intermediate, root here.
    expect(data.chain.map((entry) => entry.subject.commonName)).toEqual([
      "secure.test",
      "Domain Intel Test Root",
      "Domain Intel Test Intermediate",
    ]);
    expect(data.trusted).toBe(true);
    expect(findingOf(data, "ssl.chain.order")).toMatchObject({
      status: "warn",
      severity: "warning",
      details: {
        sent: ["CN=secure.test", "CN=Domain Intel Test Root", "CN=Domain Intel Test Intermediate"],
        path: ["CN=secure.test", "CN=Domain Intel Test Intermediate", "CN=Domain Intel Test Root"],
      },
    });
  });

  it("notes unrelated and duplicate certificates", async () => {
    const leaf = await issueLeaf();
    const stranger = await createCertificate({ commonName: "Stranger CA", ca: true });
    const server = await startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem + harness.pki.intermediate.certPem + stranger.certPem,
    });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data.chain).toHaveLength(4);
    expect(data.trusted).toBe(true);
    expect(findingOf(data, "ssl.chain.unrelated")).toMatchObject({
      status: "info",
      details: {
        unrelated: ["CN=Domain Intel Test Intermediate (duplicate)", "CN=Stranger CA"],
      },
    });
    expect(status(data, "ssl.chain.order")).toBe("pass");
  });

  it("warns about an expired intermediate the server sends", async () => {
    const stale = await createCertificate({
      commonName: "Stale Intermediate",
      ca: true,
      issuer: harness.pki.root,
      notBefore: daysFromNow(-400),
      notAfter: daysFromNow(-2),
    });
    const leaf = await createCertificate({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      issuer: stale,
    });
    const server = await startTlsServer({ key: leaf.keyPem, cert: leaf.certPem + stale.certPem });

    const data = await probe({ port: server.port, ca: harness.pki.root.certPem });

    expect(data).toMatchObject({ trusted: false, trustError: "CERT_HAS_EXPIRED" });
    // The leaf itself is valid: the expiry findings are about the leaf.
    expect(status(data, "ssl.cert.expired")).toBe("pass");
    expect(findingOf(data, "ssl.chain.expired")).toMatchObject({
      status: "warn",
      details: { invalid: [{ subject: "CN=Stale Intermediate" }] },
    });
    expect(findingOf(data, "ssl.chain.expired").message).toMatch(/Stale Intermediate expired on/);
  });

  it("skips the chain checks that do not apply to a self-signed certificate", async () => {
    const self = await createCertificate({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const server = await startTlsServer({ key: self.keyPem, cert: self.certPem });

    const data = await probe({ port: server.port });

    expect(data.chain).toMatchObject([{ selfSigned: true, ca: false }]);
    expect(status(data, "ssl.chain.incomplete")).toBe("skipped");
    expect(status(data, "ssl.chain.contains-anchor")).toBe("pass");
    expect(status(data, "ssl.cert.transparency")).toBe("skipped");
  });
});
