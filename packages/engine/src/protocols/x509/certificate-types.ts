// What a certificate says, as every section that reads one reports it (ssl, mail).
import { Nullable, type Static, StringEnum, Type } from "../../contract/schema.js";

/**
 * A distinguished name. `dn` is the whole name as OpenSSL prints it, attributes in certificate
 * order joined by ", " (RFC 2253 escaping); the most used attributes are also given on their own.
 */
export const SslNameSchema = Type.Object(
  {
    dn: Type.String(),
    commonName: Nullable(Type.String()),
    organization: Nullable(Type.String()),
  },
  { description: "A distinguished name; `dn` as OpenSSL prints it, attributes joined by ', '." },
);
export type SslName = Static<typeof SslNameSchema>;

const fingerprintPattern = "^[0-9A-F]{2}(:[0-9A-F]{2}){31}$";

/** A certificate as the server sent it, in the `chain` list. */
const chainCertificateProperties = {
  subject: SslNameSchema,
  issuer: SslNameSchema,
  /** Upper-case hex, as OpenSSL prints it. */
  serialNumber: Type.String({ pattern: "^[0-9A-F]+$" }),
  /** ISO 8601. */
  notBefore: Type.String({ format: "date-time" }),
  notAfter: Type.String({ format: "date-time" }),
  /** SHA-256 of the DER, colon-separated upper-case hex. */
  fingerprint256: Type.String({ pattern: fingerprintPattern }),
  /** Node's key type: "rsa", "rsa-pss", "ec", "ed25519", "ed448", "dsa"... */
  keyType: Nullable(Type.String(), { examples: ["rsa", "ec", "ed25519"] }),
  /** RSA/DSA modulus bits or EC field bits. */
  keySize: Nullable(Type.Integer({ minimum: 1 })),
  /** EC curve, NIST name when it has one ("P-256"), else OpenSSL's. */
  keyCurve: Nullable(Type.String(), { examples: ["P-256"] }),
  signatureAlgorithm: Nullable(Type.String(), {
    description: "OpenSSL's name of the signature algorithm, or its dotted OID when unknown.",
    examples: ["sha256WithRSAEncryption", "ecdsa-with-SHA384"],
  }),
  /** The hash inside the signature ("SHA-256", "SHA-1"); null for Ed25519/Ed448 or unknown. */
  signatureHash: Nullable(Type.String(), { examples: ["SHA-256", "SHA-1"] }),
  ca: Type.Boolean({ description: "basicConstraints cA: may issue certificates." }),
  /** Issued by itself and signed by its own key. */
  selfSigned: Type.Boolean(),
};

export const SslChainCertificateSchema = Type.Object(chainCertificateProperties, {
  description: "A certificate exactly as the server sent it.",
});
export type SslChainCertificate = Static<typeof SslChainCertificateSchema>;

/** A Signed Certificate Timestamp (RFC 6962). */
export const SslSctSchema = Type.Object({
  version: Type.Integer({ description: "1 for v1." }),
  logId: Type.String({ description: "The log's id, base64." }),
  timestamp: Type.String({ format: "date-time" }),
});
export type SslSct = Static<typeof SslSctSchema>;

/** CA/Browser Forum validation level, read from the certificate policies. */
export const validationTypes = ["DV", "OV", "IV", "EV"] as const;
export type SslValidationType = (typeof validationTypes)[number];

const urlList = (description: string) => Type.Array(Type.String(), { description });

/** The leaf certificate the server presented. */
export const SslCertificateSchema = Type.Object(
  {
    ...chainCertificateProperties,
    daysRemaining: Type.Integer({
      description: "Whole days until notAfter; negative once expired.",
    }),
    validityDays: Type.Integer({
      minimum: 0,
      description: "Whole days from notBefore to notAfter, both included, rounded up.",
    }),
    subjectAltNames: Type.Array(Type.String(), {
      description:
        "DNS names and IP addresses from the subjectAltName extension, the first 1,000 of them.",
    }),
    subjectAltNameCount: Type.Integer({
      minimum: 0,
      description: "How many DNS names and IP addresses the subjectAltName extension holds.",
    }),
    ocspUrls: urlList("OCSP responders (Authority Information Access)."),
    caIssuerUrls: urlList(
      "Where the issuer's certificate can be fetched (Authority Information Access).",
    ),
    crlUrls: urlList("CRL distribution points."),
    policies: Type.Array(Type.String({ pattern: "^[0-9]+(\\.[0-9]+)+$" }), {
      description: "Certificate policy OIDs.",
    }),
    validationType: Nullable(StringEnum(validationTypes), {
      description: "CA/Browser Forum validation level from the policies.",
    }),
    mustStaple: Type.Boolean({
      description: "The TLS feature extension requires a stapled OCSP response (RFC 7633).",
    }),
    scts: Type.Array(SslSctSchema, {
      description: "Signed Certificate Timestamps embedded in the certificate (RFC 6962).",
    }),
  },
  { description: "The leaf certificate the server presented." },
);
export type SslCertificate = Static<typeof SslCertificateSchema>;
