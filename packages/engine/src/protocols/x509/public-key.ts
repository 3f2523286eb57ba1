import { childrenOf, DerError, derTag, expect, readRoot } from "./der/der-reader.js";
import { integerBytesOf, oidOf } from "./der/der-values.js";
import type { AlgorithmIdentifier } from "./parse-certificate.js";

export interface PublicKeyDescription {
  /** Node's names: "rsa", "rsa-pss", "ec", "ed25519", "ed448", "dsa"; null when unknown. */
  keyType: string | null;
  /** RSA/DSA modulus bits or EC field bits. */
  keySize: number | null;
  /** NIST's name when the curve has one ("P-256"), else OpenSSL's. */
  keyCurve: string | null;
}

const keyTypes: Record<string, string> = {
  "1.2.840.113549.1.1.1": "rsa",
  "1.2.840.113549.1.1.10": "rsa-pss",
  "1.2.840.10045.2.1": "ec",
  "1.2.840.10040.4.1": "dsa",
  "1.3.101.112": "ed25519",
  "1.3.101.113": "ed448",
};

/** Named curves by OID: name and field size. */
export const namedCurves: Record<string, { name: string; bits: number }> = {
  "1.2.840.10045.3.1.7": { name: "P-256", bits: 256 },
  "1.3.132.0.34": { name: "P-384", bits: 384 },
  "1.3.132.0.35": { name: "P-521", bits: 521 },
  "1.3.132.0.33": { name: "P-224", bits: 224 },
  "1.2.840.10045.3.1.1": { name: "P-192", bits: 192 },
  "1.3.132.0.10": { name: "secp256k1", bits: 256 },
  "1.3.36.3.3.2.8.1.1.7": { name: "brainpoolP256r1", bits: 256 },
  "1.3.36.3.3.2.8.1.1.11": { name: "brainpoolP384r1", bits: 384 },
  "1.3.36.3.3.2.8.1.1.13": { name: "brainpoolP512r1", bits: 512 },
};

/** The bits of a positive INTEGER's value. */
function bitLength(bytes: Buffer): number {
  const start = bytes.findIndex((byte) => byte !== 0);
  if (start < 0) return 0;
  return (bytes.length - start) * 8 - Math.clz32(bytes[start]!) + 24;
}

/** Type, size and curve of a SubjectPublicKeyInfo, from its DER; nulls for what is unknown. */
export function describePublicKey(
  algorithm: AlgorithmIdentifier,
  publicKey: Buffer,
): PublicKeyDescription {
  const keyType = keyTypes[algorithm.oid] ?? null;
  try {
    switch (keyType) {
      case "rsa":
      case "rsa-pss": {
        // RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }
        const [modulus] = childrenOf(expect(readRoot(publicKey), derTag.sequence, "RSAPublicKey"));
        return { keyType, keySize: bitLength(integerBytesOf(modulus, "modulus")), keyCurve: null };
      }
      case "ec": {
        const curve = algorithm.parameters ? namedCurves[oidOf(algorithm.parameters)] : undefined;
        return { keyType, keySize: curve?.bits ?? null, keyCurve: curve?.name ?? null };
      }
      case "dsa": {
        const parameters = algorithm.parameters;
        const [p] = parameters ? childrenOf(parameters) : [];
        return { keyType, keySize: p ? bitLength(integerBytesOf(p, "p")) : null, keyCurve: null };
      }
      default:
        return { keyType, keySize: null, keyCurve: null };
    }
  } catch (error) {
    if (error instanceof DerError) return { keyType, keySize: null, keyCurve: null };
    throw error;
  }
}
