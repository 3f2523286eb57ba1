import { findingSchema } from "../../contract/finding.js";
import type { JsonSchema } from "../../contract/json-schema.js";
import { tlsaSchema } from "../../protocols/dane/tlsa-schema.js";

// Objects stay open (no additionalProperties: false) so fields can be added without breaking
// clients that validate; the tests check the other direction, that every field is described.

const nullableString = { type: ["string", "null"] } as const;
const nullableBoolean = { type: ["boolean", "null"] } as const;

const nameSchema = {
  type: "object",
  description: "A distinguished name; `dn` as OpenSSL prints it, attributes joined by ', '.",
  required: ["dn", "commonName", "organization"],
  properties: {
    dn: { type: "string" },
    commonName: nullableString,
    organization: nullableString,
  },
} as const;

const chainCertificateRequired = [
  "subject",
  "issuer",
  "serialNumber",
  "notBefore",
  "notAfter",
  "fingerprint256",
  "keyType",
  "keySize",
  "keyCurve",
  "signatureAlgorithm",
  "signatureHash",
  "ca",
  "selfSigned",
] as const;

const chainCertificateProperties = {
  subject: nameSchema,
  issuer: nameSchema,
  serialNumber: { type: "string", pattern: "^[0-9A-F]+$" },
  notBefore: { type: "string", format: "date-time" },
  notAfter: { type: "string", format: "date-time" },
  fingerprint256: { type: "string", pattern: "^[0-9A-F]{2}(:[0-9A-F]{2}){31}$" },
  keyType: { ...nullableString, examples: ["rsa", "ec", "ed25519"] },
  keySize: { type: ["integer", "null"], minimum: 1 },
  keyCurve: { ...nullableString, examples: ["P-256"] },
  signatureAlgorithm: {
    ...nullableString,
    description: "OpenSSL's name of the signature algorithm, or its dotted OID when unknown.",
    examples: ["sha256WithRSAEncryption", "ecdsa-with-SHA384"],
  },
  signatureHash: { ...nullableString, examples: ["SHA-256", "SHA-1"] },
  ca: { type: "boolean", description: "basicConstraints cA: may issue certificates." },
  selfSigned: { type: "boolean" },
} as const;

const chainCertificateSchema = {
  type: "object",
  description: "A certificate exactly as the server sent it.",
  required: [...chainCertificateRequired],
  properties: chainCertificateProperties,
} as const;

const urlList = { type: "array", items: { type: "string" } } as const;

const certificateSchema = {
  type: "object",
  description: "The leaf certificate the server presented.",
  required: [
    ...chainCertificateRequired,
    "daysRemaining",
    "validityDays",
    "subjectAltNames",
    "ocspUrls",
    "caIssuerUrls",
    "crlUrls",
    "policies",
    "validationType",
    "mustStaple",
    "scts",
  ],
  properties: {
    ...chainCertificateProperties,
    daysRemaining: {
      type: "integer",
      description: "Whole days until notAfter; negative once expired.",
    },
    validityDays: {
      type: "integer",
      minimum: 0,
      description: "Whole days from notBefore to notAfter, both included, rounded up.",
    },
    subjectAltNames: {
      type: "array",
      description: "DNS names and IP addresses from the subjectAltName extension.",
      items: { type: "string" },
    },
    ocspUrls: { ...urlList, description: "OCSP responders (Authority Information Access)." },
    caIssuerUrls: {
      ...urlList,
      description: "Where the issuer's certificate can be fetched (Authority Information Access).",
    },
    crlUrls: { ...urlList, description: "CRL distribution points." },
    policies: {
      type: "array",
      description: "Certificate policy OIDs.",
      items: { type: "string", pattern: "^[0-9]+(\\.[0-9]+)+$" },
    },
    validationType: {
      enum: ["DV", "OV", "IV", "EV", null],
      description: "CA/Browser Forum validation level from the policies.",
    },
    mustStaple: {
      type: "boolean",
      description: "The TLS feature extension requires a stapled OCSP response (RFC 7633).",
    },
    scts: {
      type: "array",
      description: "Signed Certificate Timestamps embedded in the certificate (RFC 6962).",
      items: {
        type: "object",
        required: ["version", "logId", "timestamp"],
        properties: {
          version: { type: "integer", description: "1 for v1." },
          logId: { type: "string", description: "The log's id, base64." },
          timestamp: { type: "string", format: "date-time" },
        },
      },
    },
  },
} as const;

const cipherSchema = {
  type: "object",
  required: ["name", "standardName", "version"],
  properties: {
    name: { type: "string" },
    standardName: { type: "string" },
    version: { type: "string" },
  },
} as const;

const reasons = [
  "no_address",
  "blocked_address",
  "refused",
  "unreachable",
  "timeout",
  "reset",
  "no_tls",
  "handshake_failed",
  "error",
] as const;

const versions = ["TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"] as const;
const grades = ["A+", "A", "A-", "B", "C", "D", "E", "F", "T"] as const;

const suiteSchema = {
  type: "object",
  required: ["name", "standardName", "forwardSecrecy", "aead", "weakness"],
  properties: {
    name: { type: "string", examples: ["ECDHE-RSA-AES128-GCM-SHA256"] },
    standardName: { type: "string", examples: ["TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"] },
    forwardSecrecy: { type: "boolean" },
    aead: { type: "boolean", description: "GCM, CCM or ChaCha20-Poly1305." },
    weakness: { enum: ["null", "anonymous", "export", "rc4", "des", "3des", null] },
  },
} as const;

const configurationSchema = {
  type: "object",
  description:
    "What the address accepts, one handshake per question, as far as Node's OpenSSL can ask (see the engine README).",
  required: [
    "address",
    "protocols",
    "ciphers",
    "serverOrder",
    "groups",
    "dhBits",
    "secureRenegotiation",
    "notDetermined",
    "handshakes",
    "failedHandshakes",
    "complete",
  ],
  properties: {
    address: { type: "string" },
    protocols: {
      type: "object",
      description:
        "Accepted or not; null when it could not be told. Every version is asked with a hand-written ClientHello, SSL 2 in its own record format.",
      required: ["SSLv2", "SSLv3", ...versions],
      properties: Object.fromEntries(
        ["SSLv2", "SSLv3", ...versions].map((v) => [v, nullableBoolean]),
      ),
    },
    ciphers: {
      type: "object",
      description: "Accepted suites per protocol version.",
      required: [...versions],
      properties: Object.fromEntries(
        versions.map((v) => [v, { type: "array", items: suiteSchema }]),
      ),
    },
    serverOrder: {
      ...nullableBoolean,
      description:
        "TLS 1.2: the server picks by its own preference; null with fewer than two suites.",
    },
    groups: { type: "array", items: { type: "string" }, examples: [["X25519", "prime256v1"]] },
    dhBits: { type: ["integer", "null"], minimum: 1 },
    secureRenegotiation: {
      ...nullableBoolean,
      description:
        "The ServerHello of the best version up to TLS 1.2 carries renegotiation_info (RFC 5746).",
    },
    notDetermined: {
      type: "object",
      description:
        "Why `protocols.SSLv2`, `protocols.SSLv3` or `secureRenegotiation` is null, by that name.",
      properties: {
        SSLv2: { type: "string" },
        SSLv3: { type: "string" },
        secureRenegotiation: { type: "string" },
      },
    },
    handshakes: { type: "integer", minimum: 0 },
    failedHandshakes: {
      type: "integer",
      minimum: 0,
      description: "Handshakes cut short by the network rather than refused by TLS.",
    },
    complete: {
      type: "boolean",
      description: "False when the server stopped answering or the budget ran out mid-scan.",
    },
  },
} as const;

const endpointSchema = {
  type: "object",
  description: "One address of the name and what its handshake showed.",
  required: [
    "address",
    "family",
    "range",
    "reachable",
    "reason",
    "errorCode",
    "protocol",
    "trusted",
    "trustError",
    "hostnameMatch",
    "ocspStapled",
    "fingerprint256",
    "configuration",
    "grade",
    "gradeReasons",
  ],
  properties: {
    address: {
      anyOf: [
        { type: "string", format: "ipv4" },
        { type: "string", format: "ipv6" },
      ],
    },
    family: { enum: [4, 6] },
    range: {
      type: "string",
      description: "The address's range by the network policy.",
      examples: ["unicast", "loopback", "private"],
    },
    reachable: { type: "boolean" },
    reason: {
      enum: [...reasons.filter((reason) => reason !== "no_address"), "not_probed", null],
      description:
        "Why no handshake completed: `blocked_address` (refused by the network policy) and `not_probed` (beyond maxAddresses, or no time was left in the budget) were not tried.",
    },
    errorCode: nullableString,
    protocol: nullableString,
    trusted: nullableBoolean,
    trustError: nullableString,
    hostnameMatch: nullableBoolean,
    ocspStapled: nullableBoolean,
    fingerprint256: {
      anyOf: [{ type: "string", pattern: "^[0-9A-F]{2}(:[0-9A-F]{2}){31}$" }, { type: "null" }],
    },
    configuration: {
      anyOf: [configurationSchema, { type: "null" }],
      description: "What this address accepts; null when it was not scanned.",
    },
    grade: {
      enum: [...grades, null],
      description: "This address's grade from its own certificate and scan; null without a scan.",
    },
    gradeReasons: { type: "array", items: { type: "string" } },
  },
} as const;

/** JSON Schema (2020-12) of `SslData`. */
export const sslDataSchema: JsonSchema = {
  type: "object",
  title: "SslData",
  description:
    "One TLS handshake with each allowed address of the domain; the top-level fields describe the first that completed one. Trust, validity and host name are reported, not enforced.",
  required: [
    "reachable",
    "reason",
    "errorCode",
    "address",
    "port",
    "protocol",
    "cipher",
    "alpn",
    "ocspStapled",
    "trusted",
    "trustError",
    "hostnameMatch",
    "certificate",
    "chain",
    "endpoints",
    "configuration",
    "grade",
    "gradeReasons",
    "dane",
    "findings",
  ],
  properties: {
    reachable: { type: "boolean" },
    reason: {
      enum: [...reasons, null],
      description: "Why no handshake completed; null when reachable.",
    },
    errorCode: { ...nullableString, examples: ["ECONNREFUSED", "ERR_SSL_WRONG_VERSION_NUMBER"] },
    address: {
      anyOf: [
        { type: "string", format: "ipv4" },
        { type: "string", format: "ipv6" },
        { type: "null" },
      ],
      description: "The address connected to; null when no connection was attempted.",
    },
    port: { type: "integer", minimum: 1, maximum: 65535 },
    protocol: { ...nullableString, examples: ["TLSv1.3"] },
    cipher: { anyOf: [cipherSchema, { type: "null" }] },
    alpn: { ...nullableString, examples: ["h2", "http/1.1"] },
    ocspStapled: {
      ...nullableBoolean,
      description: "The server stapled an OCSP response to the handshake.",
    },
    trusted: {
      ...nullableBoolean,
      description: "The chain verifies to a trusted root; the host name is not part of it.",
    },
    trustError: {
      ...nullableString,
      examples: ["CERT_HAS_EXPIRED", "DEPTH_ZERO_SELF_SIGNED_CERT"],
    },
    hostnameMatch: nullableBoolean,
    certificate: { anyOf: [certificateSchema, { type: "null" }] },
    chain: {
      type: "array",
      description:
        "The certificates exactly as the server sent them, leaf first (not as a client rebuilt the chain); empty when unreachable.",
      items: chainCertificateSchema,
    },
    endpoints: {
      type: "array",
      description:
        "Every address of the name, IPv4 first, each with its own scan and grade; the top-level `configuration` and `grade` are the worst address's.",
      items: endpointSchema,
    },
    configuration: { anyOf: [configurationSchema, { type: "null" }] },
    grade: {
      enum: [...grades, null],
      description:
        "SSL Labs-style grade; T when the certificate is not trusted or not for the name; null without a scan. A+ only in the full report, from the http section's HSTS.",
    },
    gradeReasons: {
      type: "array",
      items: { type: "string" },
      description:
        "The caps that lowered the grade, or why it is T; in the full report, why it is A+.",
    },
    dane: {
      type: "object",
      description:
        "DANE for the web site: TLSA records at _<port>._tcp.<domain>, trusted only when the answer validates from the trust anchors.",
      required: ["owner", "tlsa", "secure", "reason", "match"],
      properties: {
        owner: { type: "string" },
        tlsa: { type: "array", items: tlsaSchema },
        secure: { type: ["boolean", "null"] },
        reason: { type: ["string", "null"] },
        match: { type: ["boolean", "null"] },
      },
    },
    findings: { type: "array", items: findingSchema },
  },
  // What a completed handshake always yields, and what an unreachable one never does. Written
  // as oneOf rather than if/then: a `then` key makes the object a thenable for `await`.
  oneOf: [
    {
      type: "object",
      properties: {
        reachable: { const: true },
        reason: { type: "null" },
        address: { type: "string" },
        protocol: { type: "string" },
        cipher: { type: "object" },
        ocspStapled: { type: "boolean" },
        trusted: { type: "boolean" },
      },
    },
    {
      type: "object",
      properties: {
        reachable: { const: false },
        reason: { enum: reasons },
        protocol: { type: "null" },
        cipher: { type: "null" },
        alpn: { type: "null" },
        ocspStapled: { type: "null" },
        trusted: { type: "null" },
        trustError: { type: "null" },
        hostnameMatch: { type: "null" },
        certificate: { type: "null" },
        chain: { type: "array", maxItems: 0 },
        configuration: { type: "null" },
        grade: { type: "null" },
      },
    },
  ],
};
