import { hash, timingSafeEqual } from "node:crypto";
import { resolveOptions } from "../contract/resolve-options.js";
import { type OptionsOf, Type } from "../contract/schema.js";
import type { KeyIdentity, KeyVerifier } from "./key-verifier.js";

const hashedForm = /^sha256:([0-9a-f]{64})$/i;

/**
 * Plain keys, or `sha256:<hex>` digests of keys so that the secrets need not be stored. A
 * problem is worded without the key, which is a secret.
 */
export const ApiKeysSchema = Type.Array(
  Type.String({
    expect: 'a non-empty key, or "sha256:" and 64 hex digits',
    check: (key: string) =>
      key.trim() === ""
        ? "must be a non-empty key"
        : key.toLowerCase().startsWith("sha256:") && !hashedForm.test(key)
          ? 'must be "sha256:" and 64 hex digits'
          : undefined,
  }),
  { minItems: 1, expect: "a non-empty array of keys" },
);

const StaticKeysOptionsSchema = Type.Object(
  { keys: ApiKeysSchema },
  { additionalProperties: false },
);

export type StaticKeysOptions = OptionsOf<typeof StaticKeysOptionsSchema>;

function sha256(value: string): Buffer {
  return hash("sha256", value, "buffer") as unknown as Buffer;
}

/**
 * A KeyVerifier over a fixed list. Every key is kept only as its SHA-256 digest and a
 * presented key is compared against all of them in constant time, so neither timing nor
 * position reveals which keys exist.
 */
export function staticKeys(options: StaticKeysOptions): KeyVerifier {
  const { keys } = resolveOptions(StaticKeysOptionsSchema, options, "staticKeys: options");
  const digests = keys.map((key) => {
    const hashed = hashedForm.exec(key);
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
