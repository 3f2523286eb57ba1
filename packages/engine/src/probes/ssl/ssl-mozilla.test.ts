import type tls from "node:tls";
import { createCertificate, daysFromNow, tlsProfiles } from "@domain-intel/test-kit";
import { findingOf, useSslHarness } from "@domain-intel/test-kit/ssl-harness";
import { describe, expect, it } from "vitest";
import { mozillaProfilesOf } from "./mozilla/mozilla-profiles.js";
import { sslFindingIds } from "./ssl-findings.js";

// Servers on loopback configured as Mozilla's generator configures them (guidelines 6.0, and
// 5.8 for old), each judged against the three profiles; and ones that miss them.

const harness = useSslHarness(
  { "secure.test": [{ type: "A", name: "secure.test", ttl: 60, data: "127.0.0.1" }] },
  sslFindingIds,
);

const mozillaCurves = "X25519:prime256v1:secp384r1";
const intermediateSuites =
  "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";

/** A TLS server for secure.test with an RSA leaf the ECDSA intermediate signs. */
async function rsaServer(options: tls.TlsOptions) {
  const leaf = await harness.pki.issueLeaf({
    commonName: "secure.test",
    subjectAltNames: ["secure.test"],
    keyType: "rsa",
  });
  return harness.startTlsServer({ key: leaf.keyPem, cert: leaf.chainPem, ...options });
}

async function judge(server: { port: number }) {
  const data = await harness.probe(
    { port: server.port, ca: harness.pki.root.certPem },
    "secure.test",
    harness.context({ timeoutMs: 15_000 }),
  );
  const mozilla = data.profiles?.mozilla;
  if (!mozilla) throw new Error("no profiles");
  const problems = (name: string) => mozilla.profiles.find((each) => each.name === name)?.problems;
  return { data, mozilla, problems };
}

describe("sslProbe: Mozilla's Server Side TLS profiles", () => {
  it("meets modern: TLS 1.3 alone, Mozilla's curves, an ECDSA P-256 leaf valid 60 days", async () => {
    const leaf = await harness.pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      keyType: "ec",
      notBefore: daysFromNow(-1),
      notAfter: daysFromNow(59),
    });
    const server = await harness.startTlsServer({
      key: leaf.keyPem,
      cert: leaf.chainPem,
      ...tlsProfiles.tls13Only,
      ecdhCurve: mozillaCurves,
    });
    const { data, mozilla, problems } = await judge(server);

    expect(mozilla.meets).toEqual(["modern", "intermediate"]);
    expect(mozilla.closest).toBeNull();
    // Old (5.8) wants an RSA certificate signed with sha256WithRSAEncryption.
    expect(problems("old")).toEqual([
      "The certificate's key is ecdsa; the profile asks for rsa.",
      "The certificate is signed with ecdsa-with-SHA256; the profile asks for sha256WithRSAEncryption.",
    ]);
    expect(findingOf(data, "ssl.profile.mozilla")).toMatchObject({
      status: "pass",
      message: "Meets Mozilla's modern profile.",
    });
  });

  it("meets intermediate with an RSA leaf and TLS 1.2; says what stops modern", async () => {
    const server = await rsaServer({
      minVersion: "TLSv1.2",
      ciphers: intermediateSuites,
      ecdhCurve: mozillaCurves,
    });
    const { data, mozilla, problems } = await judge(server);

    expect(mozilla.meets).toEqual(["intermediate"]);
    expect(mozilla.closest).toBe("modern");
    expect(problems("modern")).toEqual([
      "Accepts TLS 1.2.",
      "Accepts suites beyond the profile's: TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384, TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256.",
      "The certificate's key is rsa; the profile asks for ecdsa.",
      "The certificate is valid for 92 days; the profile allows 90.",
    ]);
    const found = findingOf(data, "ssl.profile.mozilla");
    expect(found.status).toBe("pass");
    expect(found.message).toMatch(
      /^Meets Mozilla's intermediate profile\. What stops modern: Accepts TLS 1\.2\./,
    );
    expect(found.details).toMatchObject({ meets: ["intermediate"], closest: "modern" });
  });

  it("meets only old with TLS 1.0 and CBC suites and an RSA leaf the RSA root signs: warn", async () => {
    const leaf = await createCertificate({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
      keyType: "rsa",
      issuer: harness.pki.root,
    });
    const server = await harness.startTlsServer({
      key: leaf.keyPem,
      cert: leaf.certPem,
      minVersion: "TLSv1",
      ciphers: `${intermediateSuites}:ECDHE-RSA-AES128-SHA:ECDHE-RSA-AES256-SHA:AES128-SHA:@SECLEVEL=0`,
      ecdhCurve: mozillaCurves,
    });
    const { data, mozilla, problems } = await judge(server);

    expect(mozilla.meets).toEqual(["old"]);
    expect(mozilla.closest).toBe("intermediate");
    expect(problems("intermediate")).toEqual([
      "Accepts TLS 1.0, TLS 1.1.",
      expect.stringMatching(/^Accepts suites beyond the profile's: .*TLS_RSA_WITH_AES_128_CBC_SHA/),
    ]);
    const found = findingOf(data, "ssl.profile.mozilla");
    expect(found.status).toBe("warn");
    expect(found.message).toMatch(
      /^Meets only Mozilla's old profile, for clients back to IE 8 and Java 6\. What stops intermediate: Accepts TLS 1\.0, TLS 1\.1\./,
    );
  });

  it("meets none with OpenSSL's defaults at TLS 1.0 to 1.2 and every group: warn", async () => {
    const server = await rsaServer({
      ...tlsProfiles.legacyOnly,
    });
    const { data, mozilla, problems } = await judge(server);

    expect(mozilla.meets).toEqual([]);
    expect(problems("old")).toContainEqual(
      expect.stringMatching(/^Accepts groups beyond the profile's curves: .*X448/),
    );
    expect(findingOf(data, "ssl.profile.mozilla")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(/^Meets none of Mozilla's profiles\. What stops /),
    });
  });

  it("judges DH size and never counts a post-quantum hybrid group against a profile", () => {
    const suite = (name: string, standardName: string) => ({
      name,
      standardName,
      forwardSecrecy: true,
      aead: false,
      weakness: null,
    });
    const facts = (tls12: ReturnType<typeof suite>, dhBits: number | null) => ({
      configuration: {
        protocols: {
          SSLv2: false,
          SSLv3: false,
          TLSv1: false,
          "TLSv1.1": false,
          "TLSv1.2": true,
          "TLSv1.3": false,
        },
        ciphers: { TLSv1: [], "TLSv1.1": [], "TLSv1.2": [tls12], "TLSv1.3": [] },
        dhBits,
      },
      // SecP256r1MLKEM768 is in no profile's list; a hybrid only adds protection.
      groups: ["X25519", "SecP256r1MLKEM768"],
      certificate: null,
    });
    const cbc = mozillaProfilesOf(
      facts(suite("ECDHE-RSA-AES128-SHA", "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA"), null),
    );
    expect(cbc.mozilla.meets).toEqual(["old"]);
    expect(cbc.mozilla.certificateChecked).toBe(false);
    const dhe = mozillaProfilesOf(
      facts(suite("DHE-RSA-AES128-GCM-SHA256", "TLS_DHE_RSA_WITH_AES_128_GCM_SHA256"), 1024),
    );
    expect(dhe.mozilla.profiles.find((each) => each.name === "intermediate")?.problems).toEqual([
      "Accepts suites beyond the profile's: TLS_DHE_RSA_WITH_AES_128_GCM_SHA256.",
      "Uses a 1024-bit DH group; the profile asks for 2048 bits.",
    ]);
    expect(dhe.mozilla.meets).toEqual([]);
  });
});
