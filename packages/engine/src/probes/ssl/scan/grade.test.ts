import { describe, expect, it } from "vitest";
import { aPlusHstsSeconds, gradeOf, withHsts } from "./grade.js";
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
  const grade = (secureRenegotiation: boolean | null) =>
    gradeOf({
      trusted: true,
      hostnameMatch: true,
      certificate: null,
      configuration: configuration(secureRenegotiation),
    });

  it("caps at A- without secure renegotiation, and not when it is there or unknown", () => {
    expect(grade(false)).toEqual({
      grade: "A-",
      reasons: ["A-: no secure renegotiation (RFC 5746)"],
    });
    expect(grade(true)).toEqual({ grade: "A", reasons: [] });
    expect(grade(null)).toEqual({ grade: "A", reasons: [] });
  });
});
