import { checkPrime } from "node:crypto";
import QuickLRU from "quick-lru";
import knownGroups from "./known-dh-groups.json" with { type: "json" };

/**
 * Well-known finite-field groups by prime: the RFC 2409, 3526, 5114 and 7919 groups and the
 * defaults of common servers that the Logjam paper ("Imperfect Forward Secrecy", 2015) and
 * nmap's ssl-dh-params list, as testssl.sh's etc/common-primes.txt collects them (its licence
 * beside the table). Names only: a known prime is tested like any other (Socat's 1024-bit
 * "prime" is not one, CVE-2016-2217; RFC 5114's are not safe).
 */
const byPrime = new Map(knownGroups.map((group) => [group.prime, group]));

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
  /** The well-known group it is, when it is one. */
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
 * group. Weak: composite; under 1024 bits; a well-known group of 1024 bits or less, which a
 * state-level attacker can precompute against (Logjam, section 4); not a safe prime (small
 * subgroups, RFC 7919 section 1).
 */
export async function judgeDhPrime(
  primeBytes: Buffer,
  options: { timeoutMs: number },
): Promise<DhPrimeVerdict> {
  const hex = primeBytes.toString("hex").replace(/^0+/, "");
  const p = BigInt(`0x${hex || "0"}`);
  const bits = p === 0n ? 0 : p.toString(2).length;
  const known = byPrime.get(hex)?.name ?? null;
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
