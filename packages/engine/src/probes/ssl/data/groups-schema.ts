import { Nullable, type Static, StringEnum, Type } from "../../../contract/schema.js";

export const dhWeaknesses = ["composite", "small", "precomputed", "not-safe"] as const;

/** One finite-field DH prime the server sent in a DHE ServerKeyExchange, judged. */
export const DhPrimeSchema = Type.Object({
  bits: Type.Integer({ minimum: 0 }),
  prime: Nullable(Type.Boolean(), {
    description:
      "p passes Miller-Rabin; false: composite, no security at all; null: not tested (over 3072 bits and in no table, or no time left).",
  }),
  safePrime: Nullable(Type.Boolean(), {
    description: "(p - 1) / 2 is prime too: no small subgroups; null: not tested.",
  }),
  known: Nullable(Type.String(), {
    description:
      "The RFC group it is (RFC 2409, 3526, 5114, 7919); null: a prime no RFC publishes.",
    examples: ["RFC7919/ffdhe2048", "RFC2409/Oakley Group 2"],
  }),
  weakness: Nullable(StringEnum(dhWeaknesses), {
    description:
      "composite; small (under 1024 bits); precomputed (an RFC group of 1024 bits or less, shared by many servers: Logjam); not-safe (not a safe prime).",
  }),
});
export type DhPrime = Static<typeof DhPrimeSchema>;

/** `groups`: the key exchange groups of an address. */
export const SslGroupsSchema = Type.Object(
  {
    accepted: Type.Array(Type.String(), {
      description:
        "Every group accepted at the best version, classical and post-quantum, in the order asked.",
      examples: [["X25519", "prime256v1", "X25519MLKEM768"]],
    }),
    postQuantum: Type.Array(Type.String(), {
      description:
        "Post-quantum hybrid groups the server picks at TLS 1.3 (X25519MLKEM768, 0x11EC, and the drafts before it), read from HelloRetryRequests.",
    }),
    dhPrimes: Type.Array(DhPrimeSchema, {
      description: "Each finite-field DH prime seen in a DHE exchange, judged.",
    }),
  },
  { description: "Key exchange groups, post-quantum ones apart, and the DHE primes served." },
);
export type SslGroups = Static<typeof SslGroupsSchema>;
