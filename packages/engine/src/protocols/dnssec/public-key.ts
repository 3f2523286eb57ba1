import { createPublicKey, type KeyObject } from "node:crypto";
import { rsaAlgorithms } from "./algorithms.js";

export interface DnskeyPublicKey {
  readonly key: KeyObject;
  /** Modulus size for RSA, curve size for ECDSA and EdDSA. */
  readonly bits: number;
}

const curves: Record<number, { crv: string; kty: "EC" | "OKP"; bytes: number; bits: number }> = {
  13: { kty: "EC", crv: "P-256", bytes: 64, bits: 256 },
  14: { kty: "EC", crv: "P-384", bytes: 96, bits: 384 },
  15: { kty: "OKP", crv: "Ed25519", bytes: 32, bits: 256 },
  16: { kty: "OKP", crv: "Ed448", bytes: 57, bits: 456 },
};

const base64url = (bytes: Buffer) => bytes.toString("base64url");

/**
 * The public key inside a DNSKEY as a node:crypto key: RSA per RFC 3110 (exponent length,
 * exponent, modulus), ECDSA per RFC 6605 (x | y), EdDSA per RFC 8080. Undefined for another
 * algorithm or a key that does not parse.
 */
export function dnskeyPublicKey(options: {
  algorithm: number;
  publicKey: Buffer;
}): DnskeyPublicKey | undefined {
  const memoKey = `${options.algorithm}/${options.publicKey.toString("base64")}`;
  if (parsedKeys.has(memoKey)) return parsedKeys.get(memoKey);
  const parsed = parse(options);
  if (parsedKeys.size >= parsedKeysLimit) parsedKeys.delete(parsedKeys.keys().next().value!);
  parsedKeys.set(memoKey, parsed);
  return parsed;
}

/**
 * Keys already made into node:crypto keys: a zone's few DNSKEYs verify every RRSIG of a run
 * (and of the next run), and making a key from its JWK cost about as much as the verification.
 * Bounded, oldest out first; a KeyObject is immutable, so sharing one is safe.
 */
const parsedKeys = new Map<string, DnskeyPublicKey | undefined>();
const parsedKeysLimit = 512;

function parse(options: { algorithm: number; publicKey: Buffer }): DnskeyPublicKey | undefined {
  const { algorithm, publicKey } = options;
  try {
    if (rsaAlgorithms.has(algorithm)) return rsaKey(publicKey);
    const curve = curves[algorithm];
    if (!curve || publicKey.length !== curve.bytes) return undefined;
    const jwk =
      curve.kty === "EC"
        ? {
            kty: "EC",
            crv: curve.crv,
            x: base64url(publicKey.subarray(0, curve.bytes / 2)),
            y: base64url(publicKey.subarray(curve.bytes / 2)),
          }
        : { kty: "OKP", crv: curve.crv, x: base64url(publicKey) };
    return { key: createPublicKey({ key: jwk, format: "jwk" }), bits: curve.bits };
  } catch {
    return undefined;
  }
}

function rsaKey(bytes: Buffer): DnskeyPublicKey | undefined {
  if (bytes.length < 3) return undefined;
  const long = bytes[0] === 0;
  const exponentLength = long ? bytes.readUInt16BE(1) : bytes[0]!;
  const start = long ? 3 : 1;
  const exponent = bytes.subarray(start, start + exponentLength);
  let modulus = bytes.subarray(start + exponentLength);
  if (exponent.length !== exponentLength || modulus.length === 0) return undefined;
  while (modulus.length > 1 && modulus[0] === 0) modulus = modulus.subarray(1);
  const bits = (modulus.length - 1) * 8 + (32 - Math.clz32(modulus[0]!));
  const key = createPublicKey({
    key: { kty: "RSA", n: base64url(modulus), e: base64url(exponent) },
    format: "jwk",
  });
  return { key, bits };
}
