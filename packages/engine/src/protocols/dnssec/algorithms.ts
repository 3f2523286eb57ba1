/**
 * DNSSEC algorithm and DS digest numbers with their standing under RFC 8624 (section 3.1 for
 * signing, 3.3 for DS digests): `must-not` is prohibited, `not-recommended` is deprecated,
 * `recommended` is fine.
 */
export type AlgorithmStanding = "must-not" | "not-recommended" | "recommended";

interface Described {
  readonly name: string;
  readonly standing: AlgorithmStanding;
}

export const signingAlgorithms: Readonly<Record<number, Described>> = {
  1: { name: "RSAMD5", standing: "must-not" },
  3: { name: "DSA", standing: "must-not" },
  5: { name: "RSASHA1", standing: "not-recommended" },
  6: { name: "DSA-NSEC3-SHA1", standing: "must-not" },
  7: { name: "RSASHA1-NSEC3-SHA1", standing: "not-recommended" },
  8: { name: "RSASHA256", standing: "recommended" },
  10: { name: "RSASHA512", standing: "not-recommended" },
  12: { name: "ECC-GOST", standing: "must-not" },
  13: { name: "ECDSAP256SHA256", standing: "recommended" },
  14: { name: "ECDSAP384SHA384", standing: "recommended" },
  15: { name: "ED25519", standing: "recommended" },
  16: { name: "ED448", standing: "recommended" },
};

export const digestTypes: Readonly<Record<number, Described>> = {
  1: { name: "SHA-1", standing: "not-recommended" },
  2: { name: "SHA-256", standing: "recommended" },
  3: { name: "GOST R 34.11-94", standing: "must-not" },
  4: { name: "SHA-384", standing: "recommended" },
};

export const algorithmName = (algorithm: number): string =>
  signingAlgorithms[algorithm]?.name ?? `algorithm ${algorithm}`;

export const digestName = (digestType: number): string =>
  digestTypes[digestType]?.name ?? `digest type ${digestType}`;

/** The RSA algorithms, whose key size matters (RFC 3110 key format). */
export const rsaAlgorithms: ReadonlySet<number> = new Set([1, 5, 7, 8, 10]);
