import { generatePrimeSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { judgeDhPrime, maxTestedBits } from "./dh-prime.js";
import rfcGroups from "./rfc-dh-groups.json" with { type: "json" };

// The table's primes and primes made here, judged as a server's ServerKeyExchange sends them.

const bytesOf = (value: bigint) => Buffer.from(value.toString(16).padStart(2, "0"), "hex");
const knownPrime = (known: string) => {
  const group = rfcGroups.find((entry) => `${entry.rfc.replace(" ", "")}/${entry.name}` === known);
  if (!group) throw new Error(`no group ${known}`);
  return Buffer.from(group.prime, "hex");
};
const inTime = { timeoutMs: 30_000 };

describe("judgeDhPrime", () => {
  it("knows RFC 7919's ffdhe2048 as a safe prime with nothing wrong", async () => {
    expect(await judgeDhPrime(knownPrime("RFC7919/ffdhe2048"), inTime)).toEqual({
      bits: 2048,
      prime: true,
      safePrime: true,
      known: "RFC7919/ffdhe2048",
      weakness: null,
    });
  });

  it("flags a well-known 1024-bit group as precomputed (Logjam)", async () => {
    expect(await judgeDhPrime(knownPrime("RFC2409/Oakley Group 2"), inTime)).toMatchObject({
      bits: 1024,
      known: "RFC2409/Oakley Group 2",
      weakness: "precomputed",
    });
  });

  it("flags RFC 5114's groups, whose p is prime but not safe", async () => {
    const name = "RFC5114/2048-bit MODP Group with 256-bit Prime Order Subgroup";
    expect(await judgeDhPrime(knownPrime(name), inTime)).toMatchObject({
      bits: 2048,
      prime: true,
      safePrime: false,
      weakness: "not-safe",
    });
  });

  it("tests a prime no table knows, and finds a composite modulus", async () => {
    const p = generatePrimeSync(1024, { bigint: true });
    const q = generatePrimeSync(1024, { bigint: true });

    expect(await judgeDhPrime(bytesOf(p), inTime)).toMatchObject({
      bits: 1024,
      prime: true,
      known: null,
    });
    expect(await judgeDhPrime(bytesOf(p * q), inTime)).toMatchObject({
      bits: expect.any(Number),
      prime: false,
      safePrime: false,
      weakness: "composite",
    });
  });

  it("calls a prime under 1024 bits small", async () => {
    const p = generatePrimeSync(512, { bigint: true, safe: true });
    expect(await judgeDhPrime(bytesOf(p), inTime)).toMatchObject({
      bits: 512,
      prime: true,
      safePrime: true,
      weakness: "small",
    });
  });

  it("leaves untested a prime over maxTestedBits that no table knows, and one with no time", async () => {
    const large = (1n << BigInt(maxTestedBits + 64)) - 1n;
    const started = performance.now();
    expect(await judgeDhPrime(bytesOf(large), inTime)).toMatchObject({
      prime: null,
      safePrime: null,
      weakness: null,
    });
    expect(performance.now() - started).toBeLessThan(100);

    const fresh = generatePrimeSync(2048, { bigint: true });
    expect(await judgeDhPrime(bytesOf(fresh), { timeoutMs: 0 })).toMatchObject({
      prime: null,
      weakness: null,
    });
  });
});
