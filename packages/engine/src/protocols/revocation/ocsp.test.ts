import { execFile } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  createOcspResponse,
  createTestPki,
  requireOpensslCli,
  type TestPki,
} from "@domain-intel/test-kit";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCertificate } from "../x509/parse-certificate.js";
import { encodeOcspRequest, maxOcspResponseBytes, readOcspResponse } from "./ocsp.js";

// Responses made by Debian's `openssl ocsp`, an encoder independent of this reader.

const der = (pem: string) => parseCertificate(new X509Certificate(pem).raw);
let pki: TestPki;

beforeAll(async () => {
  await requireOpensslCli();
  pki = await createTestPki({ name: "OCSP Test" });
});

async function leafAndIssuer() {
  const leaf = await pki.issueLeaf({ commonName: "ocsp.test", subjectAltNames: ["ocsp.test"] });
  return { leaf, certificate: der(leaf.certPem), issuer: der(pki.intermediate.certPem) };
}

describe("readOcspResponse", () => {
  it("reads a good answer signed by the issuer", async () => {
    const { leaf, certificate, issuer } = await leafAndIssuer();
    const response = await createOcspResponse({ issuer: pki.intermediate, certificate: leaf });

    const answer = readOcspResponse({ der: response, certificate, issuer, now: Date.now() });

    expect(answer).toMatchObject({ status: "good", revokedAt: null, reason: null });
    if (answer.status === "invalid") throw new Error(answer.problem);
    expect(answer.nextUpdate!.getTime()).toBeGreaterThan(Date.now());
  });

  it("reads a revoked answer with its time and reason", async () => {
    const { leaf, certificate, issuer } = await leafAndIssuer();
    const revokedAt = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    const response = await createOcspResponse({
      issuer: pki.intermediate,
      certificate: leaf,
      revoked: { revokedAt, reason: "keyCompromise" },
    });

    const answer = readOcspResponse({ der: response, certificate, issuer, now: Date.now() });

    expect(answer).toMatchObject({ status: "revoked", revokedAt, reason: "keyCompromise" });
  });

  it("refuses an answer signed by a key the issuer never delegated", async () => {
    const { leaf, certificate, issuer } = await leafAndIssuer();
    const response = await createOcspResponse({
      issuer: pki.intermediate,
      certificate: leaf,
      signer: pki.root,
      revoked: { revokedAt: new Date() },
    });

    const answer = readOcspResponse({ der: response, certificate, issuer, now: Date.now() });

    expect(answer).toMatchObject({
      status: "invalid",
      problem: expect.stringMatching(/signature/),
    });
  });

  it("takes an answer from a responder the issuer delegated with id-kp-OCSPSigning, and no other", async () => {
    const { leaf, certificate, issuer } = await leafAndIssuer();
    const delegated = await pki.issueLeaf({ commonName: "OCSP Responder", ocspSigning: true });
    const plainLeaf = await pki.issueLeaf({ commonName: "not-a-responder.test" });
    const answerSignedBy = async (signer: typeof delegated) =>
      readOcspResponse({
        der: await createOcspResponse({ issuer: pki.intermediate, certificate: leaf, signer }),
        certificate,
        issuer,
        now: Date.now(),
      });

    expect(await answerSignedBy(delegated)).toMatchObject({ status: "good" });
    expect(await answerSignedBy(plainLeaf)).toMatchObject({
      status: "invalid",
      problem: expect.stringMatching(/signature verifies neither/),
    });
  });

  it("refuses an answer about another certificate", async () => {
    const { leaf, issuer } = await leafAndIssuer();
    const other = await leafAndIssuer();
    const response = await createOcspResponse({ issuer: pki.intermediate, certificate: leaf });

    const answer = readOcspResponse({
      der: response,
      certificate: other.certificate,
      issuer,
      now: Date.now(),
    });

    expect(answer).toEqual({ status: "invalid", problem: "it answers for another certificate" });
  });

  it("refuses a stale answer (past nextUpdate) and one dated in the future", async () => {
    const { leaf, certificate, issuer } = await leafAndIssuer();
    const response = await createOcspResponse({ issuer: pki.intermediate, certificate: leaf });
    const day = 86_400_000;

    const later = readOcspResponse({
      der: response,
      certificate,
      issuer,
      now: Date.now() + 2 * day,
    });
    const earlier = readOcspResponse({ der: response, certificate, issuer, now: Date.now() - day });

    expect(later).toMatchObject({ status: "invalid", problem: expect.stringMatching(/stale/) });
    expect(earlier).toMatchObject({ status: "invalid", problem: expect.stringMatching(/future/) });
  });

  it("says what a non-successful status, garbage and an oversized response are", async () => {
    const { certificate, issuer } = await leafAndIssuer();
    const now = Date.now();
    const tryLater = Buffer.from([0x30, 0x03, 0x0a, 0x01, 0x03]);

    expect(readOcspResponse({ der: tryLater, certificate, issuer, now })).toEqual({
      status: "invalid",
      problem: "the responder answered tryLater",
    });
    expect(
      readOcspResponse({ der: Buffer.from("<html>no</html>"), certificate, issuer, now }),
    ).toMatchObject({ status: "invalid", problem: expect.stringMatching(/does not parse/) });
    expect(
      readOcspResponse({ der: Buffer.alloc(maxOcspResponseBytes + 1), certificate, issuer, now }),
    ).toMatchObject({ status: "invalid", problem: expect.stringMatching(/larger than/) });
  });

  it("never throws on truncated or flipped bytes of a real response", async () => {
    const { leaf, certificate, issuer } = await leafAndIssuer();
    const response = await createOcspResponse({ issuer: pki.intermediate, certificate: leaf });
    for (let cut = 0; cut < response.length; cut += 7) {
      const truncated = response.subarray(0, cut);
      expect(
        readOcspResponse({ der: truncated, certificate, issuer, now: Date.now() }).status,
      ).toBe("invalid");
      const flipped = Buffer.from(response);
      flipped[cut] = flipped[cut]! ^ 0xff;
      // A flipped byte may land in an unsigned part and still read as good; it never throws.
      expect(() =>
        readOcspResponse({ der: flipped, certificate, issuer, now: Date.now() }),
      ).not.toThrow();
    }
  });
});

describe("encodeOcspRequest", () => {
  it("is a request openssl reads, for the certificate's serial", async () => {
    const { leaf, certificate, issuer } = await leafAndIssuer();
    const dir = await mkdtemp(join(tmpdir(), "di-ocsp-req-"));
    try {
      const path = join(dir, "request.der");
      await writeFile(path, encodeOcspRequest(certificate, issuer));
      const { stdout } = await promisify(execFile)("openssl", [
        "ocsp",
        "-reqin",
        path,
        "-req_text",
      ]);
      const serial = new X509Certificate(leaf.certPem).serialNumber;
      expect(stdout).toMatch(/Hash Algorithm: sha1/);
      expect(stdout.replace(/\s/g, "").toUpperCase()).toContain(`SERIALNUMBER:${serial}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
