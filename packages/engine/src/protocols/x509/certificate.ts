import { createHash } from "node:crypto";
import type { SslCertificate, SslChainCertificate } from "./certificate-types.js";
import { type CertificateFields, certificateFields } from "./der/certificate-fields.js";
import { commonNameOf, describeName } from "./distinguished-name.js";
import type { ParsedCertificate } from "./parse-certificate.js";
import { describePublicKey } from "./public-key.js";
import { isSelfSigned } from "./verify-signature.js";

const dayMs = 86_400_000;

/** More names than this are counted, not listed: a stranger's certificate may hold 10,000. */
export const maxListedAltNames = 1000;

/** SHA-256 of the DER, colon-separated upper-case hex, as OpenSSL prints fingerprints. */
export function fingerprint256(der: Buffer): string {
  const hex = createHash("sha256").update(der).digest("hex").toUpperCase();
  return hex.match(/../g)!.join(":");
}

/** The serial number as OpenSSL prints it: upper-case hex, leading zero bytes dropped. */
function serialText(bytes: Buffer): string {
  const start = bytes.findIndex((byte) => byte !== 0);
  return start < 0 ? "0" : bytes.subarray(start).toString("hex").toUpperCase();
}

/**
 * Describes a certificate of the chain from its DER alone (parseCertificate), so that a
 * certificate OpenSSL would refuse or Node cannot print (no subject, 10,000 names) is still
 * described rather than taken for a failure of the probe.
 */
export function describeChainCertificate(options: {
  certificate: ParsedCertificate;
  /** Already read from the same certificate, to read it once. */
  fields?: CertificateFields;
}): SslChainCertificate {
  const { certificate } = options;
  const fields = options.fields ?? certificateFields(certificate);
  return {
    subject: describeName(certificate.subject),
    issuer: describeName(certificate.issuer),
    serialNumber: serialText(certificate.serialNumber),
    notBefore: certificate.notBefore.toISOString(),
    notAfter: certificate.notAfter.toISOString(),
    fingerprint256: fingerprint256(certificate.der),
    ...describePublicKey(certificate.keyAlgorithm, certificate.publicKey),
    signatureAlgorithm: fields.signatureAlgorithm,
    signatureHash: fields.signatureHash,
    ca: fields.ca,
    selfSigned: isSelfSigned(certificate),
  };
}

/** Describes the leaf: the chain entry plus validity, names, URLs, policies and SCTs. */
export function describeCertificate(options: {
  certificate: ParsedCertificate;
  now: number;
}): SslCertificate {
  const { certificate, now } = options;
  const fields = certificateFields(certificate);
  const entry = describeChainCertificate({ certificate, fields });
  const notBefore = certificate.notBefore.getTime();
  const notAfter = certificate.notAfter.getTime();
  return {
    ...entry,
    daysRemaining: Math.floor((notAfter - now) / dayMs),
    // Both ends are part of the validity period (RFC 5280 4.1.2.5), hence the extra second.
    validityDays: Math.ceil((notAfter - notBefore + 1000) / dayMs),
    subjectAltNames: fields.subjectAltNames.slice(0, maxListedAltNames),
    subjectAltNameCount: fields.subjectAltNames.length,
    ocspUrls: fields.ocspUrls,
    caIssuerUrls: fields.caIssuerUrls,
    crlUrls: fields.crlUrls,
    policies: fields.policies,
    validationType: fields.validationType,
    mustStaple: fields.mustStaple,
    scts: fields.scts,
  };
}

/** A DNS name or pattern in one form: lower case, no trailing dot. */
const normal = (name: string) => name.toLowerCase().replace(/\.$/, "");

/**
 * `pattern` (a SAN or CN) names `hostname` as browsers and OpenSSL's X509_check_host read it
 * (CA/Browser Forum rules): case-insensitive, `*` only as the whole left-most label of a
 * pattern with at least three labels, standing for exactly one non-empty label.
 */
function namesHost(pattern: string, hostname: string): boolean {
  const wanted = normal(pattern);
  const host = normal(hostname);
  if (!wanted.startsWith("*.")) return wanted === host;
  const rest = wanted.slice(1);
  if (rest.includes("*") || rest.split(".").length < 3) return false;
  const dot = host.indexOf(".");
  return dot > 0 && host.slice(dot) === rest;
}

/**
 * Matches the name the way browsers do: subjectAltName DNS names only, no fallback to the
 * subject CN. `commonNameOnly` tells that the name would match through the CN, which only
 * legacy clients accept.
 */
export function matchHostname(options: { certificate: ParsedCertificate; hostname: string }): {
  match: boolean;
  commonNameOnly: boolean;
} {
  const { certificate, hostname } = options;
  const names = certificateFields(certificate).subjectAltNames;
  const match = names.some((name) => namesHost(name, hostname));
  const commonName = commonNameOf(certificate.subject);
  return {
    match,
    commonNameOnly: !match && commonName !== null && namesHost(commonName, hostname),
  };
}
