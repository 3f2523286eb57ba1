import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";
import { dsDigest } from "./ds-digest.js";
import { keyTag } from "./key-tag.js";
import { dnskeyPublicKey } from "./public-key.js";
import { serialTime, verifyRrsig } from "./verify-rrsig.js";

// Published examples, signed by others: RFC 5702 section 6 (RSA), RFC 6605 section 6 (ECDSA)
// and RFC 8080 section 6 as corrected by erratum 4935 (Ed25519, Ed448). Our code verifies them
// byte for byte, so the canonical form and the crypto agree with independent implementations.
const time = (text: string) =>
  Date.UTC(
    Number(text.slice(0, 4)),
    Number(text.slice(4, 6)) - 1,
    Number(text.slice(6, 8)),
    Number(text.slice(8, 10)),
    Number(text.slice(10, 12)),
    Number(text.slice(12, 14)),
  ) / 1000;

interface Vector {
  title: string;
  zone: string;
  key: { flags: number; algorithm: number; publicKey: string };
  tag: number;
  bits: number;
  rrset: packet.Answer[];
  rrsig: { labels: number; inception: number; expiration: number; signature: string };
  ds?: { digestType: number; digest: string };
}

const a = (name: string, address: string): packet.Answer => ({
  type: "A",
  name,
  ttl: 3600,
  class: "IN",
  data: address,
});
const mx: packet.Answer = {
  type: "MX",
  name: "example.com",
  ttl: 3600,
  class: "IN",
  data: { preference: 10, exchange: "mail.example.com" },
};

const vectors: Vector[] = [
  {
    title: "RFC 5702 RSASHA256",
    zone: "example.net",
    key: {
      flags: 256,
      algorithm: 8,
      publicKey:
        "AwEAAcFcGsaxxdgiuuGmCkVImy4h99CqT7jwY3pexPGcnUFtR2Fh36BponcwtkZ4cAgtvd4Qs8PkxUdp6p/DlUmObdk=",
    },
    tag: 9033,
    bits: 512,
    rrset: [a("www.example.net", "192.0.2.91")],
    rrsig: {
      labels: 3,
      inception: time("20000101000000"),
      expiration: time("20300101000000"),
      signature:
        "kRCOH6u7l0QGy9qpC9l1sLncJcOKFLJ7GhiUOibu4teYp5VE9RncriShZNz85mwlMgNEacFYK/lPtPiVYP4bwg==",
    },
  },
  {
    title: "RFC 5702 RSASHA512",
    zone: "example.net",
    key: {
      flags: 256,
      algorithm: 10,
      publicKey:
        "AwEAAdHoNTOW+et86KuJOWRDp1pndvwb6Y83nSVXXyLA3DLroROUkN6X0O6pnWnjJQujX/AyhqFDxj13tOnD9u/1kTg7cV6rklMrZDtJCQ5PCl/D7QNPsgVsMu1J2Q8gpMpztNFLpPBz1bWXjDtaR7ZQBlZ3PFY12ZTSncorffcGmhOL",
    },
    tag: 3740,
    bits: 1024,
    rrset: [a("www.example.net", "192.0.2.91")],
    rrsig: {
      labels: 3,
      inception: time("20000101000000"),
      expiration: time("20300101000000"),
      signature:
        "tsb4wnjRUDnB1BUi+t6TMTXThjVnG+eCkWqjvvjhzQL1d0YRoOe0CbxrVDYd0xDtsuJRaeUw1ep94PzEWzr0iGYgZBWm/zpq+9fOuagYJRfDqfReKBzMweOLDiNa8iP5g9vMhpuv6OPlvpXwm9Sa9ZXIbNl1MBGk0fthPgxdDLw=",
    },
  },
  {
    title: "RFC 6605 ECDSAP256SHA256",
    zone: "example.net",
    key: {
      flags: 257,
      algorithm: 13,
      publicKey:
        "GojIhhXUN/u4v54ZQqGSnyhWJwaubCvTmeexv7bR6edbkrSqQpF64cYbcB7wNcP+e+MAnLr+Wi9xMWyQLc8NAA==",
    },
    tag: 55648,
    bits: 256,
    rrset: [a("www.example.net", "192.0.2.1")],
    rrsig: {
      labels: 3,
      inception: time("20100812100439"),
      expiration: time("20100909100439"),
      signature:
        "qx6wLYqmh+l9oCKTN6qIc+bw6ya+KJ8oMz0YP107epXAyGmt+3SNruPFKG7tZoLBLlUzGGus7ZwmwWep666VCw==",
    },
    ds: {
      digestType: 2,
      digest: "b4c8c1fe2e7477127b27115656ad6256f424625bf5c1e2770ce6d6e37df61d17",
    },
  },
  {
    title: "RFC 6605 ECDSAP384SHA384",
    zone: "example.net",
    key: {
      flags: 257,
      algorithm: 14,
      publicKey:
        "xKYaNhWdGOfJ+nPrL8/arkwf2EY3MDJ+SErKivBVSum1w/egsXvSADtNJhyem5RCOpgQ6K8X1DRSEkrbYQ+OB+v8/uX45NBwY8rp65F6Glur8I/mlVNgF6W/qTI37m40",
    },
    tag: 10771,
    bits: 384,
    rrset: [a("www.example.net", "192.0.2.1")],
    rrsig: {
      labels: 3,
      inception: time("20100812102025"),
      expiration: time("20100909102025"),
      signature:
        "/L5hDKIvGDyI1fcARX3z65qrmPsVz73QD1Mr5CEqOiLP95hxQouuroGCeZOvzFaxsT8Glr74hbavRKayJNuydCuzWTSSPdz7wnqXL5bdcJzusdnI0RSMROxxwGipWcJm",
    },
    ds: {
      digestType: 4,
      digest:
        "72d7b62976ce06438e9c0bf319013cf801f09ecc84b8d7e9495f27e305c6a9b0563a9b5f4d288405c3008a946df983d6",
    },
  },
  {
    title: "RFC 8080 ED25519",
    zone: "example.com",
    key: { flags: 257, algorithm: 15, publicKey: "l02Woi0iS8Aa25FQkUd9RMzZHJpBoRQwAQEX1SxZJA4=" },
    tag: 3613,
    bits: 256,
    rrset: [mx],
    rrsig: {
      labels: 2,
      inception: 1438207200,
      expiration: 1440021600,
      signature:
        "oL9krJun7xfBOIWcGHi7mag5/hdZrKWw15jPGrHpjQeRAvTdszaPD+QLs3fx8A4M3e23mRZ9VrbpMngwcrqNAg==",
    },
    ds: {
      digestType: 2,
      digest: "3aa5ab37efce57f737fc1627013fee07bdf241bd10f3b1964ab55c78e79a304b",
    },
  },
  {
    title: "RFC 8080 ED448",
    zone: "example.com",
    key: {
      flags: 257,
      algorithm: 16,
      publicKey: "3kgROaDjrh0H2iuixWBrc8g2EpBBLCdGzHmn+G2MpTPhpj/OiBVHHSfPodx1FYYUcJKm1MDpJtIA",
    },
    tag: 9713,
    bits: 456,
    rrset: [mx],
    rrsig: {
      labels: 2,
      inception: 1438207200,
      expiration: 1440021600,
      signature:
        "3cPAHkmlnxcDHMyg7vFC34l0blBhuG1qpwLmjInI8w1CMB29FkEAIJUA0amxWndkmnBZ6SKiwZSAxGILn/NBtOXft0+Gj7FSvOKxE/07+4RQvE581N3Aj/JtIyaiYVdnYtyMWbSNyGEY2213WKsJlwEA",
    },
    ds: {
      digestType: 2,
      digest: "6ccf18d5bc5d7fc2fceb1d59d17321402f2aa8d368048db93dd811f5cb2b19c7",
    },
  },
];

function parts(vector: Vector) {
  const key: packet.DnskeyData = {
    flags: vector.key.flags,
    algorithm: vector.key.algorithm,
    key: Buffer.from(vector.key.publicKey, "base64"),
  };
  const rrsig: packet.RrsigData = {
    typeCovered: vector.rrset[0]!.type,
    algorithm: vector.key.algorithm,
    labels: vector.rrsig.labels,
    originalTTL: 3600,
    expiration: vector.rrsig.expiration,
    inception: vector.rrsig.inception,
    keyTag: vector.tag,
    signersName: `${vector.zone}.`,
    signature: Buffer.from(vector.rrsig.signature, "base64"),
  };
  const inside = Math.round((vector.rrsig.inception + vector.rrsig.expiration) / 2);
  return { key, rrsig, inside };
}

describe.each(vectors)("$title", (vector) => {
  const { key, rrsig, inside } = parts(vector);

  it("computes the key tag and key size", () => {
    expect(keyTag(key)).toBe(vector.tag);
    expect(dnskeyPublicKey({ algorithm: key.algorithm, publicKey: key.key })?.bits).toBe(
      vector.bits,
    );
  });

  it("reads a key once: the same key again, and the same bytes under another algorithm, apart", () => {
    const first = dnskeyPublicKey({ algorithm: key.algorithm, publicKey: key.key });
    const again = dnskeyPublicKey({ algorithm: key.algorithm, publicKey: Buffer.from(key.key) });
    expect(again).toBe(first);
    // Another algorithm's reading of the same bytes is its own entry, not the memo's.
    const other = key.algorithm === 8 ? 13 : 8;
    expect(dnskeyPublicKey({ algorithm: other, publicKey: key.key })).not.toBe(first);
  });

  it("verifies the published signature inside its window", () => {
    const verdict = verifyRrsig({
      rrsig,
      rrset: vector.rrset,
      dnskeys: [key],
      zone: vector.zone,
      nowSeconds: inside,
    });
    expect(verdict).toMatchObject({ status: "valid", keyTag: vector.tag, signer: vector.zone });
  });

  it("verifies whatever the case and TTL the server used, and sorts the set itself", () => {
    const shouted = vector.rrset.map((record) => ({
      ...record,
      name: record.name.toUpperCase(),
      ttl: 17,
    }));
    const verdict = verifyRrsig({
      rrsig,
      rrset: shouted,
      dnskeys: [key],
      zone: vector.zone.toUpperCase(),
      nowSeconds: inside,
    });
    expect(verdict.status).toBe("valid");
  });

  it("rejects changed data, a missing key and an expired window", () => {
    const changed = vector.rrset.map((record) =>
      record.type === "A"
        ? { ...record, data: "192.0.2.254" }
        : { ...record, data: { preference: 20, exchange: "mail.example.com" } },
    ) as packet.Answer[];
    const base = { rrsig, dnskeys: [key], zone: vector.zone, nowSeconds: inside };
    // Run after the valid verification above: outcomes are remembered per data and signature.
    expect(verifyRrsig({ ...base, rrset: changed }).status).toBe("bogus");
    const flipped = Buffer.from(rrsig.signature);
    flipped[flipped.length - 1]! ^= 1;
    expect(
      verifyRrsig({ ...base, rrsig: { ...rrsig, signature: flipped }, rrset: vector.rrset }).status,
    ).toBe("bogus");
    expect(verifyRrsig({ ...base, rrset: vector.rrset, dnskeys: [] }).status).toBe("no-key");
    // A key that is not a zone key (flag bit 7 clear) may not sign.
    expect(
      verifyRrsig({ ...base, rrset: vector.rrset, dnskeys: [{ ...key, flags: 0 }] }).status,
    ).toBe("no-key");
    expect(
      verifyRrsig({ ...base, rrset: vector.rrset, nowSeconds: vector.rrsig.expiration + 1 }),
    ).toMatchObject({ status: "expired", remainingSeconds: -1 });
    expect(
      verifyRrsig({ ...base, rrset: vector.rrset, nowSeconds: vector.rrsig.inception - 1 }).status,
    ).toBe("not-yet-valid");
    expect(verifyRrsig({ ...base, rrset: vector.rrset, zone: "other.example" }).status).toBe(
      "bogus",
    );
  });
});

describe.each(vectors.filter((vector) => vector.ds))("$title DS record", (vector) => {
  it("computes the published DS digest", () => {
    const { key } = parts(vector);
    const digest = dsDigest({ owner: vector.zone, key, digestType: vector.ds!.digestType });
    expect(digest?.toString("hex")).toBe(vector.ds!.digest);
  });
});

describe("serialTime", () => {
  it("reads RRSIG times as serial numbers around now", () => {
    const now = 2 ** 32 + 1000; // February 2106, after the 32-bit wrap
    expect(serialTime({ value: 500, nowSeconds: now })).toBe(2 ** 32 + 500);
    expect(serialTime({ value: 2 ** 32 - 10, nowSeconds: now })).toBe(2 ** 32 - 10);
    expect(serialTime({ value: 1_700_000_000, nowSeconds: 1_700_000_100 })).toBe(1_700_000_000);
  });
});
