import type { X509Certificate } from "node:crypto";
import type { Certificate as LegacyName } from "node:tls";
import ipaddr from "ipaddr.js";
import type { SslCertificate, SslChainCertificate, SslName } from "./certificate-types.js";
import { type CertificateDerFields, readCertificateDer } from "./der/certificate-fields.js";

const dayMs = 86_400_000;

/**
 * Describes a certificate of the chain. Node 20's X509Certificate gives names, dates, key and
 * fingerprint; the signature algorithm comes from the DER (readCertificateDer), parsed with
 * @peculiar/asn1-x509, which needs no global reflect-metadata polyfill in users' processes.
 */
export function describeChainCertificate(options: {
  certificate: X509Certificate;
  /** Already read from the same certificate, to parse it once. */
  fields?: CertificateDerFields;
}): SslChainCertificate {
  const { certificate } = options;
  const fields = options.fields ?? readCertificateDer({ der: certificate.raw });
  const legacy = certificate.toLegacyObject();
  const key = certificate.publicKey;
  const details = key.asymmetricKeyDetails;
  return {
    subject: describeName(certificate.subject, legacy.subject),
    issuer: describeName(certificate.issuer, legacy.issuer),
    serialNumber: certificate.serialNumber.toUpperCase(),
    notBefore: parseOpenSslDate(legacy.valid_from).toISOString(),
    notAfter: parseOpenSslDate(legacy.valid_to).toISOString(),
    fingerprint256: certificate.fingerprint256,
    keyType: key.asymmetricKeyType ?? null,
    keySize: legacy.bits ?? details?.modulusLength ?? null,
    keyCurve: legacy.nistCurve ?? legacy.asn1Curve ?? details?.namedCurve ?? null,
    signatureAlgorithm: fields.signatureAlgorithm,
    signatureHash: fields.signatureHash,
    ca: certificate.ca,
    selfSigned: isSelfSigned(certificate),
  };
}

/** Describes the leaf: the chain entry plus validity, names, URLs, policies and SCTs. */
export function describeCertificate(options: {
  certificate: X509Certificate;
  now: number;
}): SslCertificate {
  const { certificate, now } = options;
  const fields = readCertificateDer({ der: certificate.raw });
  const entry = describeChainCertificate({ certificate, fields });
  const notBefore = Date.parse(entry.notBefore);
  const notAfter = Date.parse(entry.notAfter);
  return {
    ...entry,
    daysRemaining: Math.floor((notAfter - now) / dayMs),
    // Both ends are part of the validity period (RFC 5280 4.1.2.5), hence the extra second.
    validityDays: Math.ceil((notAfter - notBefore + 1000) / dayMs),
    subjectAltNames: subjectAltNames(certificate.subjectAltName),
    ocspUrls: fields.ocspUrls,
    caIssuerUrls: fields.caIssuerUrls,
    crlUrls: fields.crlUrls,
    policies: fields.policies,
    validationType: fields.validationType,
    mustStaple: fields.mustStaple,
    scts: fields.scts,
  };
}

/**
 * Issued by itself: issuer name equals subject name and its own key verifies the signature.
 * Not `checkIssued`, which also demands keyCertSign, absent from most self-signed server
 * certificates (OpenSSL's own self-signed test ignores key usage too).
 */
export function isSelfSigned(certificate: X509Certificate): boolean {
  if (certificate.issuer !== certificate.subject) return false;
  try {
    return certificate.verify(certificate.publicKey);
  } catch {
    // An unsupported key or signature algorithm cannot be checked; do not claim self-signed.
    return false;
  }
}

/**
 * Matches the name the way browsers do (CA/Browser Forum rules): subjectAltName DNS names only,
 * no fallback to the subject CN, `*` only as a whole left-most label. `commonNameOnly` tells
 * that the name would match through the CN, which only legacy clients accept.
 */
export function matchHostname(options: { certificate: X509Certificate; hostname: string }): {
  match: boolean;
  commonNameOnly: boolean;
} {
  const { certificate, hostname } = options;
  const rules = { wildcards: true, partialWildcards: false, multiLabelWildcards: false } as const;
  const match = certificate.checkHost(hostname, { ...rules, subject: "never" }) !== undefined;
  const commonNameOnly =
    !match && certificate.checkHost(hostname, { ...rules, subject: "always" }) !== undefined;
  return { match, commonNameOnly };
}

function describeName(printed: string, parsed: LegacyName | undefined): SslName {
  return {
    // Node prints one attribute a line with RFC 2253 escaping, so a newline never occurs in a value.
    dn: printed.split("\n").filter(Boolean).join(", "),
    commonName: lastValue(parsed?.CN),
    organization: lastValue(parsed?.O),
  };
}

// The last value of a repeated attribute is the most specific one (OpenSSL's choice for CN).
function lastValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value.at(-1) ?? null) : value;
}

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Parses OpenSSL's ASN1_TIME print format ("Nov  2 07:10:59 2026 GMT"). Node 20 has no
 * `validToDate`, and Date.parse of this form is implementation-defined.
 */
export function parseOpenSslDate(text: string): Date {
  const match = /^([A-Z][a-z]{2}) +(\d{1,2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d+)? (\d{4}) GMT$/.exec(
    text,
  );
  const month = match ? months.indexOf(match[1]!) : -1;
  if (!match || month < 0) throw new Error(`unrecognised certificate date: ${text}`);
  const [, , day, hours, minutes, seconds, year] = match.map(Number);
  return new Date(Date.UTC(year!, month, day!, hours!, minutes!, seconds!));
}

// DNS names and IP addresses; Node prints IPv6 uncompressed ("0:0:0:0:0:0:0:1"), we compress it.
function subjectAltNames(text: string | undefined): string[] {
  const names: string[] = [];
  for (const { type, value } of parseSubjectAltNames(text)) {
    if (type === "DNS") names.push(value);
    else if (type === "IP Address")
      names.push(ipaddr.isValid(value) ? ipaddr.parse(value).toString() : value);
  }
  return names;
}

export interface AltName {
  /** Node's label: "DNS", "IP Address", "email", "URI", "DirName", "othername"... */
  type: string;
  value: string;
}

/**
 * Splits Node's subjectAltName string ("DNS:a.test, IP Address:127.0.0.1"). Since the fix for
 * CVE-2021-44532 a value holding a comma, quote or other unusual character is printed as a
 * JSON string, so quoted values are decoded rather than split on their commas.
 */
export function parseSubjectAltNames(text: string | undefined): AltName[] {
  if (!text) return [];
  const entry = /([^:,]+):("(?:[^"\\]|\\.)*"|[^,]*)(?:, |$)/y;
  const names: AltName[] = [];
  while (entry.lastIndex < text.length) {
    const start = entry.lastIndex;
    const match = entry.exec(text);
    if (!match || entry.lastIndex === start) break;
    const raw = match[2]!;
    let value = raw;
    if (raw.startsWith('"')) {
      try {
        value = JSON.parse(raw) as string;
      } catch {
        value = raw.slice(1, -1);
      }
    }
    names.push({ type: match[1]!, value });
  }
  return names;
}
