import { X509Certificate } from "node:crypto";
import { createCrl, createTestPki, type TestPki } from "@domain-intel/test-kit";
import { beforeAll, describe, expect, it } from "vitest";
import { DerError } from "../x509/der/der-reader.js";
import { parseCertificate } from "../x509/parse-certificate.js";
import { crlAnswer, parseCrl } from "./crl.js";
import { createCrlCache } from "./crl-cache.js";

// CRLs made by @peculiar/x509, an encoder independent of this reader.

const der = (pem: string) => parseCertificate(new X509Certificate(pem).raw);
const day = 86_400_000;
let pki: TestPki;

beforeAll(async () => {
  pki = await createTestPki({ name: "CRL Test" });
});

describe("parseCrl and crlAnswer", () => {
  it("finds a listed serial with its date and reason, and passes one not listed", async () => {
    const listed = await pki.issueLeaf({ commonName: "a.test" });
    const unlisted = await pki.issueLeaf({ commonName: "b.test" });
    const revokedAt = new Date(Date.UTC(2026, 0, 1));
    const crl = parseCrl(
      await createCrl({
        issuer: pki.intermediate,
        revoked: [{ certificate: listed, revokedAt, reason: "keyCompromise" }],
      }),
    );
    const issuer = der(pki.intermediate.certPem);
    const now = Date.now();

    expect(crlAnswer({ crl, certificate: der(listed.certPem), issuer, now })).toMatchObject({
      status: "revoked",
      revokedAt,
      reason: "keyCompromise",
    });
    expect(crlAnswer({ crl, certificate: der(unlisted.certPem), issuer, now })).toMatchObject({
      status: "good",
    });
  });

  it("refuses a CRL past its nextUpdate, or from another issuer", async () => {
    const leaf = await pki.issueLeaf({ commonName: "a.test" });
    const crl = parseCrl(await createCrl({ issuer: pki.intermediate, revoked: [] }));
    const certificate = der(leaf.certPem);

    expect(
      crlAnswer({
        crl,
        certificate,
        issuer: der(pki.intermediate.certPem),
        now: Date.now() + 30 * day,
      }),
    ).toMatchObject({ status: "invalid", problem: expect.stringMatching(/stale/) });
    expect(
      crlAnswer({ crl, certificate, issuer: der(pki.root.certPem), now: Date.now() }),
    ).toMatchObject({ status: "invalid", problem: expect.stringMatching(/another name/) });
  });

  it("throws only DerError on truncated bytes", async () => {
    const bytes = await createCrl({ issuer: pki.intermediate, revoked: [] });
    for (let cut = 0; cut < bytes.length; cut += 5) {
      expect(() => parseCrl(bytes.subarray(0, cut))).toThrow(DerError);
    }
  });
});

describe("createCrlCache", () => {
  it("keeps a CRL until its nextUpdate, and no more entries than allowed", async () => {
    const cache = createCrlCache({ maxEntries: 2, maxBytes: 1024 * 1024 });
    const crl = parseCrl(
      await createCrl({
        issuer: pki.intermediate,
        revoked: [],
        nextUpdate: new Date(Date.now() + day),
      }),
    );
    const now = Date.now();

    cache.set("http://a/", crl, now);
    cache.set("http://b/", crl, now);
    cache.set("http://c/", crl, now);

    expect(cache.get("http://a/", now)).toBeUndefined();
    expect(cache.get("http://c/", now)).toBe(crl);
    expect(cache.get("http://c/", now + 2 * day)).toBeUndefined();
  });
});
