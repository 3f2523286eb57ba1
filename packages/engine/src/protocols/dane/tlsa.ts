import { createHash } from "node:crypto";
import type * as packet from "dns-packet";

/** A TLSA record as the data shows it (RFC 6698 2.1), the association in hex. */
export interface Tlsa {
  usage: number;
  selector: number;
  matchingType: number;
  data: string;
}

export function tlsaOf(record: packet.TlsaData): Tlsa {
  return {
    usage: record.usage,
    selector: record.selector,
    matchingType: record.matchingType,
    data: Buffer.from(record.certificate).toString("hex"),
  };
}

const digestOf: Record<number, string | null> = { 0: null, 1: "sha256", 2: "sha512" };

/**
 * Whether `record` matches the chain a server sent (leaf first), as RFC 7672 3.1 has SMTP use
 * TLSA and RFC 7671 5 advises for every protocol: DANE-EE (3) against the leaf, DANE-TA (2)
 * against any certificate sent after it; selector 0 the whole certificate, 1 its
 * SubjectPublicKeyInfo; matching type 0 exact, 1 SHA-256, 2 SHA-512. PKIX usages (0, 1) need
 * the public CAs' trust besides, which DANE alone cannot vouch for: they match nothing here.
 * `sent` holds each certificate's DER and SubjectPublicKeyInfo (parseCertificate's).
 */
export function tlsaMatches(
  record: Tlsa,
  sent: readonly { readonly der: Buffer; readonly spki: Buffer }[],
): boolean {
  const candidates =
    record.usage === 3 ? sent.slice(0, 1) : record.usage === 2 ? sent.slice(1) : [];
  if (!(record.matchingType in digestOf) || (record.selector !== 0 && record.selector !== 1)) {
    return false;
  }
  const digest = digestOf[record.matchingType];
  return candidates.some((certificate) => {
    const selected = record.selector === 0 ? certificate.der : certificate.spki;
    const association = digest ? createHash(digest).update(selected).digest() : selected;
    return association.toString("hex") === record.data.toLowerCase();
  });
}
