import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import rfcGroups from "./rfc-dh-groups.json" with { type: "json" };

// The table against the RFCs themselves: the MODP and FFDHE primes are defined by a formula over
// pi or e with a published offset, so each row is computed here from its RFC's text; RFC 5114's
// primes are not formulaic, so their subgroups are checked and OpenSSL's built-in copies
// compared.

const guardBits = 64n;

/** floor(2^bits * arctan(1/x)), by its series. */
function arctanOfInverse(x: bigint, bits: bigint): bigint {
  let term = (1n << bits) / x;
  let sum = 0n;
  for (let k = 1n, sign = 1n; term !== 0n; k += 2n, sign = -sign) {
    sum += (sign * term) / k;
    term /= x * x;
  }
  return sum;
}

/** floor(2^bits * pi), Machin's formula, 64 guard bits. */
const piTimes2To = (bits: number) => {
  const scale = BigInt(bits) + guardBits;
  return (16n * arctanOfInverse(5n, scale) - 4n * arctanOfInverse(239n, scale)) >> guardBits;
};

/** floor(2^bits * e), the sum of 1/k!, 64 guard bits. */
const eTimes2To = (bits: number) => {
  let term = 1n << (BigInt(bits) + guardBits);
  let sum = 0n;
  for (let k = 1n; term !== 0n; k++) {
    sum += term;
    term /= k;
  }
  return sum >> guardBits;
};

/** RFC 2409 6 and RFC 3526: p = 2^n - 2^(n-64) - 1 + 2^64 * ([2^(n-130) pi] + offset). */
const modpPrime = (n: number, offset: number) =>
  (1n << BigInt(n)) -
  (1n << BigInt(n - 64)) -
  1n +
  (1n << 64n) * (piTimes2To(n - 130) + BigInt(offset));

/** RFC 7919 appendix A: p = 2^b - 2^(b-64) + ([2^(b-130) e] + X) * 2^64 - 1. */
const ffdhePrime = (b: number, offset: number) =>
  (1n << BigInt(b)) -
  (1n << BigInt(b - 64)) +
  (eTimes2To(b - 130) + BigInt(offset)) * (1n << 64n) -
  1n;

/** Each formula group's size and offset, as its RFC section states them. */
const formulas: Record<string, () => bigint> = {
  "RFC 2409 6.1": () => modpPrime(768, 149686),
  "RFC 2409 6.2": () => modpPrime(1024, 129093),
  "RFC 3526 2": () => modpPrime(1536, 741804),
  "RFC 3526 3": () => modpPrime(2048, 124476),
  "RFC 3526 4": () => modpPrime(3072, 1690314),
  "RFC 3526 5": () => modpPrime(4096, 240904),
  "RFC 3526 6": () => modpPrime(6144, 929484),
  "RFC 3526 7": () => modpPrime(8192, 4743158),
  "RFC 7919 Appendix A.1": () => ffdhePrime(2048, 560316),
  "RFC 7919 Appendix A.2": () => ffdhePrime(3072, 2625351),
  "RFC 7919 Appendix A.3": () => ffdhePrime(4096, 5736041),
  "RFC 7919 Appendix A.4": () => ffdhePrime(6144, 15705020),
  "RFC 7919 Appendix A.5": () => ffdhePrime(8192, 10965728),
};

const big = (hex: string) => BigInt(`0x${hex}`);

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  for (let b = base % modulus, e = exponent; e > 0n; e >>= 1n, b = (b * b) % modulus) {
    if (e & 1n) result = (result * b) % modulus;
  }
  return result;
}

/** The integers of `openssl asn1parse` of OpenSSL's built-in RFC 5114 group `n` (p, g, q). */
function opensslRfc5114(n: number): bigint[] {
  const pem = execFileSync("openssl", [
    "genpkey",
    "-genparam",
    "-algorithm",
    "DHX",
    "-pkeyopt",
    `dh_rfc5114:${n}`,
  ]);
  const parsed = execFileSync("openssl", ["asn1parse"], { input: pem }).toString();
  return [...parsed.matchAll(/INTEGER\s+:([0-9A-F]+)/g)].map((match) => big(match[1] ?? ""));
}

describe("the RFC DH groups table", () => {
  it("holds the 16 groups of RFC 2409, 3526, 5114 and 7919, each prime of its stated size", () => {
    expect(rfcGroups.map((group) => `${group.rfc} ${group.section}`)).toEqual([
      ...Object.keys(formulas).slice(0, 8),
      "RFC 5114 2.1",
      "RFC 5114 2.2",
      "RFC 5114 2.3",
      ...Object.keys(formulas).slice(8),
    ]);
    for (const group of rfcGroups) {
      expect(big(group.prime).toString(2).length, group.name).toBe(group.bits);
    }
  });

  it("computes every MODP and FFDHE prime from its RFC's formula (pi or e and the offset)", () => {
    for (const group of rfcGroups.filter((entry) => entry.rfc !== "RFC 5114")) {
      const formula = formulas[`${group.rfc} ${group.section}`];
      expect(formula, group.name).toBeDefined();
      expect(big(group.prime) === formula?.(), `${group.rfc} ${group.name}`).toBe(true);
      expect(group.generator).toBe("02");
    }
  });

  it("checks RFC 5114's groups: g generates a subgroup of prime order q, as OpenSSL has them", () => {
    const groups = rfcGroups.filter((entry) => entry.rfc === "RFC 5114");
    expect(groups.map((group) => big(group.subgroupOrder ?? "0").toString(2).length)).toEqual([
      160, 224, 256,
    ]);
    groups.forEach((group, index) => {
      const [p, g, q] = [big(group.prime), big(group.generator), big(group.subgroupOrder ?? "0")];
      expect((p - 1n) % q).toBe(0n);
      expect(modPow(g, q, p)).toBe(1n);
      expect(
        opensslRfc5114(index + 1),
        "openssl is needed (Debian: apt-get install openssl)",
      ).toEqual([p, g, q]);
    });
  });
});
