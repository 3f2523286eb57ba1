// What a certificate says, as every section that reads one reports it (ssl, mail).

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
