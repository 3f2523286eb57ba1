import { createHash } from "node:crypto";
import { contentOf, type DerNode, derTag, expect, expectChildren } from "../x509/der/der-reader.js";
import { integerBytesOf } from "../x509/der/der-values.js";
import { derNull, integerFromBytes, octetString, oid, sequence } from "../x509/der/der-writer.js";
import { hashByOid } from "../x509/der/signature-algorithms.js";
import { algorithmOf, type ParsedCertificate } from "../x509/parse-certificate.js";

const sha1Oid = "1.3.14.3.2.26";

const nodeHashes: Record<string, string> = {
  "SHA-1": "sha1",
  "SHA-256": "sha256",
  "SHA-384": "sha384",
  "SHA-512": "sha512",
};

/**
 * CertID (RFC 6960 4.1.1) of `certificate` issued by `issuer`, hashed with SHA-1 as RFC 5019
 * 2.1.1 asks of clients so that every responder understands it.
 */
export function encodeCertId(certificate: ParsedCertificate, issuer: ParsedCertificate): Buffer {
  const sha1 = (data: Buffer) => createHash("sha1").update(data).digest();
  return sequence(
    sequence(oid(sha1Oid), derNull),
    octetString(sha1(issuer.subject.der)),
    octetString(sha1(issuer.publicKey)),
    integerFromBytes(certificate.serialNumber),
  );
}

/**
 * Whether a CertID names `certificate` from `issuer`: same serial, and issuer name and key
 * hashes that match under the hash the CertID names. An unknown hash matches nothing.
 */
export function certIdMatches(
  node: DerNode | undefined,
  certificate: ParsedCertificate,
  issuer: ParsedCertificate,
): boolean {
  const [algorithm, nameHash, keyHash, serial] = expectChildren(node, derTag.sequence, "CertID");
  const hash = nodeHashes[hashByOid[algorithmOf(algorithm, "CertID hashAlgorithm").oid] ?? ""];
  if (!hash) return false;
  const digest = (data: Buffer) => createHash(hash).update(data).digest();
  const content = (value: DerNode | undefined, what: string) =>
    contentOf(expect(value, derTag.octetString, what));
  return (
    integerBytesOf(serial, "CertID serialNumber").equals(certificate.serialNumber) &&
    content(nameHash, "issuerNameHash").equals(digest(issuer.subject.der)) &&
    content(keyHash, "issuerKeyHash").equals(digest(issuer.publicKey))
  );
}
