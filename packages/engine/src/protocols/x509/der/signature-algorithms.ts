import { childrenOf, contextTag, DerError, type DerNode } from "./der-reader.js";
import { oidOf, smallIntegerOf } from "./der-values.js";

/** OpenSSL's long names (what Node 24's X509Certificate#signatureAlgorithm prints) and hashes. */
const byOid: Record<string, { name: string; hash: string | null }> = {
  "1.2.840.113549.1.1.2": { name: "md2WithRSAEncryption", hash: "MD2" },
  "1.2.840.113549.1.1.3": { name: "md4WithRSAEncryption", hash: "MD4" },
  "1.2.840.113549.1.1.4": { name: "md5WithRSAEncryption", hash: "MD5" },
  "1.2.840.113549.1.1.5": { name: "sha1WithRSAEncryption", hash: "SHA-1" },
  "1.3.14.3.2.29": { name: "sha1WithRSA", hash: "SHA-1" },
  "1.2.840.113549.1.1.14": { name: "sha224WithRSAEncryption", hash: "SHA-224" },
  "1.2.840.113549.1.1.11": { name: "sha256WithRSAEncryption", hash: "SHA-256" },
  "1.2.840.113549.1.1.12": { name: "sha384WithRSAEncryption", hash: "SHA-384" },
  "1.2.840.113549.1.1.13": { name: "sha512WithRSAEncryption", hash: "SHA-512" },
  // The hash of RSASSA-PSS is in its parameters; see pssHash.
  "1.2.840.113549.1.1.10": { name: "RSASSA-PSS", hash: null },
  "1.2.840.10045.4.1": { name: "ecdsa-with-SHA1", hash: "SHA-1" },
  "1.2.840.10045.4.3.1": { name: "ecdsa-with-SHA224", hash: "SHA-224" },
  "1.2.840.10045.4.3.2": { name: "ecdsa-with-SHA256", hash: "SHA-256" },
  "1.2.840.10045.4.3.3": { name: "ecdsa-with-SHA384", hash: "SHA-384" },
  "1.2.840.10045.4.3.4": { name: "ecdsa-with-SHA512", hash: "SHA-512" },
  "1.2.840.10040.4.3": { name: "dsaWithSHA1", hash: "SHA-1" },
  "2.16.840.1.101.3.4.3.1": { name: "dsa_with_SHA224", hash: "SHA-224" },
  "2.16.840.1.101.3.4.3.2": { name: "dsa_with_SHA256", hash: "SHA-256" },
  "1.3.101.112": { name: "ED25519", hash: null },
  "1.3.101.113": { name: "ED448", hash: null },
};

export const rsassaPssOid = "1.2.840.113549.1.1.10";

/** Hash algorithm OIDs, as found in RSASSA-PSS parameters. */
export const hashByOid: Record<string, string> = {
  "1.2.840.113549.2.2": "MD2",
  "1.2.840.113549.2.5": "MD5",
  "1.3.14.3.2.26": "SHA-1",
  "2.16.840.1.101.3.4.2.4": "SHA-224",
  "2.16.840.1.101.3.4.2.1": "SHA-256",
  "2.16.840.1.101.3.4.2.2": "SHA-384",
  "2.16.840.1.101.3.4.2.3": "SHA-512",
};

/** Hashes whose collisions can be computed: a signature over them proves nothing. */
export const weakHashes: ReadonlySet<string> = new Set(["MD2", "MD4", "MD5", "SHA-1"]);

export function signatureAlgorithmOf(oid: string): { name: string; hash: string | null } {
  return byOid[oid] ?? { name: oid, hash: null };
}

/**
 * RSASSA-PSS-params (RFC 4055 3.1): the hash, and the salt length. Absent parameters or an
 * absent hashAlgorithm mean SHA-1, an absent saltLength 20. Hash null: unknown or malformed.
 */
export function pssParameters(parameters: DerNode | null): {
  hash: string | null;
  saltLength: number;
} {
  if (!parameters) return { hash: "SHA-1", saltLength: 20 };
  try {
    let hash: string | null = "SHA-1";
    let saltLength = 20;
    for (const field of childrenOf(parameters)) {
      const [inner] = childrenOf(field);
      if (field.tag === contextTag(0, true)) {
        const [algorithm] = inner ? childrenOf(inner) : [];
        hash = hashByOid[oidOf(algorithm)] ?? null;
      } else if (field.tag === contextTag(2, true)) {
        saltLength = smallIntegerOf(inner, "saltLength");
      }
    }
    return { hash, saltLength };
  } catch (error) {
    if (error instanceof DerError) return { hash: null, saltLength: 20 };
    throw error;
  }
}
