import { checkPrime } from "node:crypto";
import QuickLRU from "quick-lru";
import rfcGroups from "./rfc-dh-groups.json" with { type: "json" };

/**
 * The groups the RFCs publish, by prime (RFC 2409 6.1-6.2, RFC 3526 2-7, RFC 5114 2.1-2.3,
 * RFC 7919 appendix A), named "RFC7919/ffdhe2048". Names only: a known prime is tested like any
 * other (RFC 5114's are not safe primes).
 */
const byPrime = new Map(
  rfcGroups.map((group) => [group.prime, `${group.rfc.replace(" ", "")}/${group.name}`]),
);

/** A DHE group the server used, and what is wrong with it. */
export interface DhPrimeVerdict {
  bits: number;
  /**
   * Probably prime (Miller-Rabin); false: composite, a group with no security at all; null: not
   * tested (over `maxTestedBits`, or not done in the time given).
   */
  prime: boolean | null;
  /** (p - 1) / 2 is prime too: no small subgroup to confine a key to; null: not tested. */
  safePrime: boolean | null;
  /** The published group it is (RFC 2409, 3526, 5114, 7919), when it is one. */
  known: string | null;
  /** Why it is weak, worst first; null when nothing is. */
  weakness: "composite" | "small" | "precomputed" | "not-safe" | null;
}

/**
 * Miller-Rabin rounds for a prime no table knows: an error below 2^-16 even for a number chosen
 * to fool the test, and far below for the misconfigurations met in practice (a random composite
 * fails the first round).
 */
const rounds = 8;

/**
 * Larger primes no table knows are not tested: Miller-Rabin's cost grows with the cube of the
 * size, and 8 rounds over 4096 bits take seconds of a CPU (over 3072, about one).
 */
export const maxTestedBits = 3072;

const isPrime = (candidate: bigint) =>
  new Promise<boolean>((resolve, reject) =>
    checkPrime(candidate, { checks: rounds }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

/** Servers keep their primes: each is tested once a process (bounded). */
type Tested = { prime: boolean | null; safePrime: boolean | null };
const tested = new QuickLRU<string, Tested>({ maxSize: 256 });
const untested: Tested = { prime: null, safePrime: null };

async function testPrime(hex: string, p: bigint, bits: number): Promise<Tested> {
  const cached = tested.get(hex);
  if (cached) return cached;
  if (bits > maxTestedBits) return untested;
  // Miller-Rabin by OpenSSL through node:crypto, off the event loop: in JavaScript BigInts one
  // round over 2048 bits holds the thread for a tenth of a second or more.
  const prime = await isPrime(p);
  const result = { prime, safePrime: prime && p > 5n && (await isPrime((p - 1n) / 2n)) };
  tested.set(hex, result);
  return result;
}

/**
 * Judges a served DH prime: primality of p and of (p - 1) / 2, and whether it is a well-known
 * published group. Weak: composite; under 1024 bits; a published group of 1024 bits or less, one
 * prime shared by many servers that a state-level attacker can precompute against once (Logjam,
 * section 4); not a safe prime (small subgroups, RFC 7919 section 1).
 */
export async function judgeDhPrime(
  primeBytes: Buffer,
  options: { timeoutMs: number },
): Promise<DhPrimeVerdict> {
  const hex = primeBytes.toString("hex").replace(/^0+/, "");
  const p = BigInt(`0x${hex || "0"}`);
  const bits = p === 0n ? 0 : p.toString(2).length;
  const known = byPrime.get(hex) ?? null;
  // The test goes on in the thread pool when time is up (it cannot be stopped), and is cached.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Tested>((resolve) => {
    timer = setTimeout(() => resolve(untested), Math.max(0, options.timeoutMs));
  });
  const { prime, safePrime } = await Promise.race([
    testPrime(hex, p, bits).catch(() => untested),
    late,
  ]).finally(() => clearTimeout(timer));
  const weakness =
    prime === false
      ? "composite"
      : bits < 1024
        ? "small"
        : known && bits <= 1024
          ? "precomputed"
          : safePrime === false
            ? "not-safe"
            : null;
  return { bits, prime, safePrime, known, weakness };
}
