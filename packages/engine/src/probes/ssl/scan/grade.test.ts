import { describe, expect, it } from "vitest";
import type { DhPrime } from "../data/groups-schema.js";
import type { SslVulnerabilities } from "../data/vulnerabilities-schema.js";
import { aPlusHstsSeconds, type GradeFacts, gradeOf, withHsts } from "./grade.js";
import type { SslConfiguration } from "./scan-configuration.js";

describe("withHsts", () => {
  it("raises A to A+ with HSTS of six months or more, and nothing else", () => {
    expect(withHsts("A", aPlusHstsSeconds)).toBe("A+");
    expect(withHsts("A", 31_536_000)).toBe("A+");
    expect(withHsts("A", aPlusHstsSeconds - 1)).toBe("A");
    expect(withHsts("A", null)).toBe("A");
    expect(withHsts("A-", 31_536_000)).toBe("A-");
    expect(withHsts("T", 31_536_000)).toBe("T");
  });

  it("gives no A+ when a cap at A applied, as no TLS_FALLBACK_SCSV is", () => {
    expect(withHsts("A", 31_536_000, ["A: answers a fallback hello ...: no A+"])).toBe("A");
    expect(withHsts("A", 31_536_000, [])).toBe("A+");
  });
});

describe("gradeOf", () => {
  const suite = {
    name: "TLS_AES_128_GCM_SHA256",
    standardName: "TLS_AES_128_GCM_SHA256",
    forwardSecrecy: true,
    aead: true,
    weakness: null,
  };
  const configuration = (secureRenegotiation: boolean | null): SslConfiguration => ({
    address: "192.0.2.1",
    protocols: {
      SSLv2: false,
      SSLv3: false,
      TLSv1: false,
      "TLSv1.1": false,
      "TLSv1.2": true,
      "TLSv1.3": true,
    },
    ciphers: { TLSv1: [], "TLSv1.1": [], "TLSv1.2": [], "TLSv1.3": [suite] },
    serverOrder: null,
    groups: ["X25519"],
    dhBits: null,
    secureRenegotiation,
    notDetermined: {},
    handshakes: 10,
    failedHandshakes: 0,
    complete: true,
  });
  const facts = (more: Partial<GradeFacts> = {}): GradeFacts => ({
    trusted: true,
    hostnameMatch: true,
    certificate: null,
    weakSignatures: [],
    configuration: configuration(true),
    dhPrimes: [],
    ...more,
  });
  const grade = (secureRenegotiation: boolean | null) =>
    gradeOf(facts({ configuration: configuration(secureRenegotiation) }));
  const dhPrime = (weakness: DhPrime["weakness"]): DhPrime => ({
    bits: 2048,
    prime: weakness !== "composite",
    safePrime: weakness === null,
    known: null,
    weakness,
  });

  it("grades T a chain signed over SHA-1, whatever else", () => {
    expect(gradeOf(facts({ weakSignatures: ["CN=Old CA"] }))).toEqual({
      grade: "T",
      reasons: ["CN=Old CA is signed with SHA-1 or MD5, which every browser refuses"],
    });
  });

  it("grades F a composite DH modulus and caps a prime that is not safe at C", () => {
    expect(gradeOf(facts({ dhPrimes: [dhPrime("composite")] }))).toEqual({
      grade: "F",
      reasons: ["F: the DH modulus it sends is not a prime: the key exchange has no security"],
    });
    expect(gradeOf(facts({ dhPrimes: [dhPrime("not-safe")] })).grade).toBe("C");
    expect(gradeOf(facts({ dhPrimes: [dhPrime(null)] }))).toEqual({ grade: "A", reasons: [] });
  });

  it("lists every cap it applies, the grade the lowest", () => {
    const weak = { ...suite, name: "DES-CBC3-SHA", forwardSecrecy: false, aead: false };
    const { grade: lowest, reasons } = gradeOf(
      facts({
        configuration: {
          ...configuration(false),
          ciphers: {
            TLSv1: [],
            "TLSv1.1": [],
            "TLSv1.2": [{ ...weak, weakness: "3des" }],
            "TLSv1.3": [],
          },
          protocols: { ...configuration(false).protocols, "TLSv1.3": false },
        },
      }),
    );
    expect(lowest).toBe("C");
    expect(reasons).toEqual([
      "C: accepts 3DES (DES-CBC3-SHA)",
      "B: no suite with forward secrecy",
      "A-: no AEAD suite",
      "A-: no TLS 1.3",
      "A-: no secure renegotiation (RFC 5746)",
    ]);
  });

  it("caps at A- without secure renegotiation, and not when it is there or unknown", () => {
    expect(grade(false)).toEqual({
      grade: "A-",
      reasons: ["A-: no secure renegotiation (RFC 5746)"],
    });
    expect(grade(true)).toEqual({ grade: "A", reasons: [] });
    expect(grade(null)).toEqual({ grade: "A", reasons: [] });
  });

  it("grades F Heartbleed and the CCS injection, caps CRIME at C, and nothing when not asked", () => {
    const vulnerabilities = (more: Partial<SslVulnerabilities>): SslVulnerabilities => ({
      fallbackScsv: "honoured",
      compression: false,
      heartbeat: false,
      heartbleed: false,
      ccsInjection: false,
      clientRenegotiation: false,
      resumption: null,
      ...more,
    });
    expect(gradeOf(facts({ vulnerabilities: vulnerabilities({ heartbleed: true }) }))).toEqual({
      grade: "F",
      reasons: ["F: leaks memory to a heartbeat request (Heartbleed)"],
    });
    expect(gradeOf(facts({ vulnerabilities: vulnerabilities({ ccsInjection: true }) }))).toEqual({
      grade: "F",
      reasons: ["F: takes a ChangeCipherSpec before the key exchange (CCS injection)"],
    });
    expect(gradeOf(facts({ vulnerabilities: vulnerabilities({ compression: true }) }))).toEqual({
      grade: "C",
      reasons: ["C: compresses TLS records (CRIME)"],
    });
    // A server answering a fallback hello keeps A but loses A+; honoured, not applicable or
    // unknown changes nothing.
    expect(
      gradeOf(facts({ vulnerabilities: vulnerabilities({ fallbackScsv: "ignored" }) })),
    ).toEqual({
      grade: "A",
      reasons: ["A: answers a fallback hello carrying TLS_FALLBACK_SCSV (RFC 7507): no A+"],
    });
    for (const fallbackScsv of ["not-applicable", null] as const) {
      expect(gradeOf(facts({ vulnerabilities: vulnerabilities({ fallbackScsv }) }))).toEqual({
        grade: "A",
        reasons: [],
      });
    }
    // Unknown (null) is no cap, nor is a scan that asked nothing.
    const unknown = vulnerabilities({ heartbleed: null, ccsInjection: null, compression: null });
    expect(gradeOf(facts({ vulnerabilities: unknown })).grade).toBe("A");
    expect(gradeOf(facts({ vulnerabilities: null })).grade).toBe("A");
    expect(gradeOf(facts({ vulnerabilities: vulnerabilities({}) })).grade).toBe("A");
  });
});
