/**
 * The DNSSEC algorithm and DS digest numbers with their standing for zone operators (signing,
 * publishing DS) and for validators, as RFC 8624 tabled them (sections 3.1 and 3.3), since
 * kept by IANA in its registries (RFC 9904, which obsoletes RFC 8624 without changing a
 * status), and changed by RFC 9905 (RSASHA1 and RSASHA1-NSEC3-SHA1: MUST NOT sign) and
 * RFC 9906 (GOST R 34.10-2001 and R 34.11-94: MUST NOT, either side). Numbers registered since
 * (17 SM2SM3, RFC 9563; 23 ECC-GOST12 and digest 5, RFC 9558; digest 6 SM3, RFC 9563) are MAY.
 * `dns.dnssec.algorithm` fails a MUST NOT and warns for NOT RECOMMENDED; an algorithm the
 * validator here does not implement makes the zone insecure for it (RFC 4035 5.2), never bogus.
 */
export type AlgorithmStatus = "must" | "recommended" | "may" | "not-recommended" | "must-not";

export interface AlgorithmEntry {
  readonly name: string;
  /** For signing zones (DNSKEY, RRSIG) or publishing DS: what an operator may use. */
  readonly use: AlgorithmStatus;
  /** For validating. */
  readonly validation: AlgorithmStatus;
  /** Where the status comes from. */
  readonly source: string;
}

const entry = (
  name: string,
  use: AlgorithmStatus,
  validation: AlgorithmStatus,
  source: string,
): AlgorithmEntry => ({ name, use, validation, source });

/** DNSKEY and RRSIG algorithms (the IANA "DNS Security Algorithm Numbers" registry). */
export const signingAlgorithms: Readonly<Record<number, AlgorithmEntry>> = {
  0: entry("DELETE", "must-not", "must-not", "RFC 8078 (CDS and CDNSKEY delete only)"),
  1: entry("RSAMD5", "must-not", "must-not", "RFC 8624 3.1"),
  2: entry("DH", "must-not", "must-not", "RFC 2539 (key agreement, not zone signing)"),
  3: entry("DSA", "must-not", "must-not", "RFC 8624 3.1"),
  5: entry("RSASHA1", "must-not", "must", "RFC 9905 2"),
  6: entry("DSA-NSEC3-SHA1", "must-not", "must-not", "RFC 8624 3.1"),
  7: entry("RSASHA1-NSEC3-SHA1", "must-not", "must", "RFC 9905 2"),
  8: entry("RSASHA256", "must", "must", "RFC 8624 3.1"),
  10: entry("RSASHA512", "not-recommended", "must", "RFC 8624 3.1"),
  12: entry("ECC-GOST", "must-not", "must-not", "RFC 9906"),
  13: entry("ECDSAP256SHA256", "must", "must", "RFC 8624 3.1"),
  14: entry("ECDSAP384SHA384", "may", "recommended", "RFC 8624 3.1"),
  15: entry("ED25519", "recommended", "recommended", "RFC 8624 3.1"),
  16: entry("ED448", "may", "recommended", "RFC 8624 3.1"),
  17: entry("SM2SM3", "may", "may", "RFC 9563"),
  23: entry("ECC-GOST12", "may", "may", "RFC 9558"),
  252: entry("INDIRECT", "must-not", "must-not", "RFC 4034 A.1 (reserved for indirect keys)"),
};

/** DS digest types (the IANA "Delegation Signer (DS) Resource Record Type Digest Algorithms"). */
export const digestTypes: Readonly<Record<number, AlgorithmEntry>> = {
  0: entry("NULL", "must-not", "must-not", "RFC 8624 3.3 (CDS delete only)"),
  1: entry("SHA-1", "must-not", "must", "RFC 8624 3.3"),
  2: entry("SHA-256", "must", "must", "RFC 8624 3.3"),
  3: entry("GOST R 34.11-94", "must-not", "must-not", "RFC 9906"),
  4: entry("SHA-384", "may", "recommended", "RFC 8624 3.3"),
  5: entry("GOST R 34.11-2012", "may", "may", "RFC 9558"),
  6: entry("SM3", "may", "may", "RFC 9563"),
};

/** Private-use numbers: legal, but no public validator can check them (RFC 4034 A.1.1). */
const privateAlgorithms: ReadonlySet<number> = new Set([253, 254]);
const privateDigests: ReadonlySet<number> = new Set([253, 254]);

/** What a number stands for, when the registry holds no entry for it. */
export type Unlisted = "private" | "unassigned";

/** The registry's entry for a DNSKEY algorithm, or why there is none. */
export const signingAlgorithm = (algorithm: number): AlgorithmEntry | Unlisted =>
  signingAlgorithms[algorithm] ?? (privateAlgorithms.has(algorithm) ? "private" : "unassigned");

/** The registry's entry for a DS digest type, or why there is none. */
export const digestType = (digest: number): AlgorithmEntry | Unlisted =>
  digestTypes[digest] ?? (privateDigests.has(digest) ? "private" : "unassigned");

export const algorithmName = (algorithm: number): string =>
  signingAlgorithms[algorithm]?.name ?? `algorithm ${algorithm}`;

export const digestName = (digest: number): string =>
  digestTypes[digest]?.name ?? `digest type ${digest}`;

/** The RSA algorithms, whose key size matters (RFC 3110 key format). */
export const rsaAlgorithms: ReadonlySet<number> = new Set([1, 5, 7, 8, 10]);
