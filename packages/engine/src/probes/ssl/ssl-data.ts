import type { Finding } from "../../contract/finding.js";
import type { Tlsa } from "../dns/dane/tlsa.js";
import type { SslGrade } from "./scan/grade.js";
import type { SslConfiguration } from "./scan/scan-configuration.js";

export type { ScannedSuite, SuiteWeakness } from "./scan/cipher-suites.js";
export type { SslGrade } from "./scan/grade.js";
export type { SslConfiguration } from "./scan/scan-configuration.js";

/**
 * Why no certificate could be read. `no_address` and `blocked_address` mean no connection was
 * attempted; the others describe what the one connection attempt ran into.
 */
export type SslUnreachableReason =
  | "no_address" // the name has no A or AAAA record
  | "blocked_address" // every address is refused by the network policy (private, loopback...)
  | "refused" // nothing listening: TCP connection refused
  | "unreachable" // no route to the address
  | "timeout" // the TCP connect (ETIMEDOUT) or TLS handshake (ERR_TLS_HANDSHAKE_TIMEOUT) ran out of time
  | "reset" // the peer closed or reset the connection before the handshake completed
  | "no_tls" // the peer answered, but not with TLS (plain HTTP, garbage)
  | "handshake_failed" // the peer speaks TLS but the handshake failed (alert, no common protocol)
  | "error"; // anything else; `errorCode` says what

/** An address's outcome: an SslUnreachableReason, or `not_probed` (beyond `maxAddresses`, or out of time). */
export type SslEndpointReason = Exclude<SslUnreachableReason, "no_address"> | "not_probed";

/**
 * A distinguished name. `dn` is the whole name as OpenSSL prints it, attributes in certificate
 * order joined by ", " (RFC 2253 escaping); the most used attributes are also given on their own.
 */
export interface SslName {
  dn: string;
  commonName: string | null;
  organization: string | null;
}

/** A certificate as the server sent it, in the `chain` list. */
export interface SslChainCertificate {
  subject: SslName;
  issuer: SslName;
  /** Upper-case hex, as OpenSSL prints it. */
  serialNumber: string;
  /** ISO 8601. */
  notBefore: string;
  notAfter: string;
  /** SHA-256 of the DER, colon-separated upper-case hex. */
  fingerprint256: string;
  /** Node's key type: "rsa", "rsa-pss", "ec", "ed25519", "ed448", "dsa"... */
  keyType: string | null;
  /** RSA/DSA modulus bits or EC field bits. */
  keySize: number | null;
  /** EC curve, NIST name when it has one ("P-256"), else OpenSSL's. */
  keyCurve: string | null;
  /** OpenSSL's name ("sha256WithRSAEncryption", "ecdsa-with-SHA256"), else the dotted OID. */
  signatureAlgorithm: string | null;
  /** The hash inside the signature ("SHA-256", "SHA-1"); null for Ed25519/Ed448 or unknown. */
  signatureHash: string | null;
  /** basicConstraints cA: may issue certificates. */
  ca: boolean;
  /** Issued by itself and signed by its own key. */
  selfSigned: boolean;
}

/** A Signed Certificate Timestamp embedded in the certificate (RFC 6962). */
export interface SslSct {
  version: number;
  /** The log's id (SHA-256 of its key), base64. */
  logId: string;
  /** ISO 8601. */
  timestamp: string;
}

/** CA/Browser Forum validation level, read from the certificate policies. */
export type SslValidationType = "DV" | "OV" | "IV" | "EV";

/** The leaf certificate the server presented. */
export interface SslCertificate extends SslChainCertificate {
  /** Whole days until `notAfter`, rounded down; negative once expired. */
  daysRemaining: number;
  /** Whole days from `notBefore` to `notAfter`, both included. */
  validityDays: number;
  /** DNS names and IP addresses from the subjectAltName extension, in certificate order. */
  subjectAltNames: string[];
  /** Authority Information Access: OCSP responders. */
  ocspUrls: string[];
  /** Authority Information Access: where the issuer's certificate can be fetched. */
  caIssuerUrls: string[];
  /** CRL distribution points. */
  crlUrls: string[];
  /** Certificate policy OIDs. */
  policies: string[];
  validationType: SslValidationType | null;
  /** The TLS feature extension demands a stapled OCSP response (RFC 7633). */
  mustStaple: boolean;
  /** SCTs embedded in the certificate; SCTs sent in the handshake are not read. */
  scts: SslSct[];
}

export interface SslCipher {
  /** OpenSSL name, e.g. "TLS_AES_256_GCM_SHA384" or "ECDHE-RSA-AES128-GCM-SHA256". */
  name: string;
  /** IANA name, e.g. "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256". */
  standardName: string;
  /** Lowest protocol version the suite belongs to, e.g. "TLSv1.2". */
  version: string;
}

/** One address of the name and what its handshake showed. */
export interface SslEndpoint {
  address: string;
  family: 4 | 6;
  /** The address's range by the network policy ("unicast", "loopback", "private"...). */
  range: string;
  reachable: boolean;
  /** Null when reachable. */
  reason: SslEndpointReason | null;
  errorCode: string | null;
  protocol: string | null;
  trusted: boolean | null;
  trustError: string | null;
  hostnameMatch: boolean | null;
  ocspStapled: boolean | null;
  /** The leaf's SHA-256 fingerprint. */
  fingerprint256: string | null;
  /** What this address accepts; null when it was not scanned (unreachable, scan off). */
  configuration: SslConfiguration | null;
  /** This address's grade from its own certificate and scan; null without a scan. */
  grade: SslGrade | null;
  gradeReasons: string[];
}

/**
 * The `data` of the `ssl` section. Every key is always present; what could not be observed
 * is null (everything about the handshake when `reachable` is false). The top-level fields
 * describe one address: the first that completed a handshake, else the first tried.
 */
export interface SslData {
  reachable: boolean;
  /** Null when reachable. */
  reason: SslUnreachableReason | null;
  /** The system or OpenSSL code behind `reason` ("ECONNREFUSED", "ERR_SSL_WRONG_VERSION_NUMBER"). */
  errorCode: string | null;
  /** The address connected to; null when no connection was attempted. */
  address: string | null;
  port: number;
  /** Negotiated protocol, e.g. "TLSv1.3". */
  protocol: string | null;
  cipher: SslCipher | null;
  /** Negotiated ALPN protocol ("h2", "http/1.1"), null when the server chose none. */
  alpn: string | null;
  /** The server stapled an OCSP response to the handshake. */
  ocspStapled: boolean | null;
  /** The chain verifies to a trusted root (Node's bundled roots plus configured ones). Host name not included. */
  trusted: boolean | null;
  /** OpenSSL's verification code when not trusted, e.g. "CERT_HAS_EXPIRED". */
  trustError: string | null;
  /** The certificate is valid for the domain, checked apart from the chain. */
  hostnameMatch: boolean | null;
  certificate: SslCertificate | null;
  /** The certificates exactly as the server sent them, leaf first; empty when unreachable. */
  chain: SslChainCertificate[];
  /** Every address of the name, IPv4 first; the top-level fields describe the first reachable. */
  endpoints: SslEndpoint[];
  /**
   * What the worst-graded reachable address accepts (each address's is in `endpoints`); null
   * when unreachable or the scan is off.
   */
  configuration: SslConfiguration | null;
  /** SSL Labs-style grade: the worst address's, from its certificate and scan; null without a scan. */
  grade: SslGrade | null;
  /** The caps that lowered the grade ("B: accepts TLS 1.0 or 1.1"), or why it is T. */
  gradeReasons: string[];
  /** DANE for the web site: the TLSA records at `_<port>._tcp.<domain>` (RFC 6698, 7671). */
  dane: SslDane;
  findings: Finding[];
}

export interface SslDane {
  /** Where the records were looked up: `_443._tcp.<domain>`. */
  owner: string;
  tlsa: Tlsa[];
  /** The answer validated from the trust anchors by the dns section's own code; null without records. */
  secure: boolean | null;
  /** Why the answer is not secure (the first break in the chain of trust). */
  reason: string | null;
  /** Whether a record matches the chain the first reachable address sent; null without one. */
  match: boolean | null;
}
