import { constants, createPublicKey, verify } from "node:crypto";
import { pssParameters, rsassaPssOid, signatureAlgorithmOf } from "./der/signature-algorithms.js";
import { printName } from "./distinguished-name.js";
import type { AlgorithmIdentifier, ParsedCertificate, ParsedName } from "./parse-certificate.js";

const nodeHash: Record<string, string> = {
  MD5: "md5",
  "SHA-1": "sha1",
  "SHA-224": "sha224",
  "SHA-256": "sha256",
  "SHA-384": "sha384",
  "SHA-512": "sha512",
};

/**
 * Whether `signature` over `data` verifies with the key in `spki` under `algorithm` (RSA
 * PKCS#1 v1.5 and PSS, ECDSA, DSA, EdDSA). A key or algorithm Node cannot use proves nothing:
 * false, never a throw.
 */
export function verifySignature(options: {
  data: Buffer;
  algorithm: AlgorithmIdentifier;
  signature: Buffer;
  spki: Buffer;
}): boolean {
  const { algorithm } = options;
  try {
    const key = createPublicKey({ key: options.spki, format: "der", type: "spki" });
    if (algorithm.oid === rsassaPssOid) {
      const { hash, saltLength } = pssParameters(algorithm.parameters);
      const digest = hash ? nodeHash[hash] : undefined;
      if (!digest) return false;
      const padding = constants.RSA_PKCS1_PSS_PADDING;
      return verify(digest, options.data, { key, padding, saltLength }, options.signature);
    }
    const { name, hash } = signatureAlgorithmOf(algorithm.oid);
    if (name === "ED25519" || name === "ED448") {
      return verify(null, options.data, key, options.signature);
    }
    const digest = hash ? nodeHash[hash] : undefined;
    return digest ? verify(digest, options.data, key, options.signature) : false;
  } catch {
    return false;
  }
}

/**
 * A name compared as clients compare names, loosely: its printed form in lower case, so that
 * the same name encoded as another string type still matches (RFC 5280 7.1's spirit).
 */
export function nameKey(name: ParsedName): string {
  return printName(name).toLowerCase();
}

/** `issuer` names `certificate`'s issuer and its key verifies `certificate`'s signature. */
export function issuedBy(certificate: ParsedCertificate, issuer: ParsedCertificate): boolean {
  const named =
    certificate.issuer.der.equals(issuer.subject.der) ||
    nameKey(certificate.issuer) === nameKey(issuer.subject);
  return (
    named &&
    verifySignature({
      data: certificate.tbs,
      algorithm: certificate.signatureAlgorithm,
      signature: certificate.signature,
      spki: issuer.spki,
    })
  );
}

/** Issued by itself: issuer name equals subject name and its own key verifies the signature. */
export function isSelfSigned(certificate: ParsedCertificate): boolean {
  return issuedBy(certificate, certificate);
}
