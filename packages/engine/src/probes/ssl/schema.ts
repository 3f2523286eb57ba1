import type { JsonSchema } from "../../openapi/json-schema.js";
import { findingSchema } from "../findings.js";

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

const certificateSchema = {
  type: "object",
  description: "The leaf certificate the server presented.",
  required: [
    "subject",
    "issuer",
    "serialNumber",
    "notBefore",
    "notAfter",
    "daysRemaining",
    "subjectAltNames",
    "fingerprint256",
    "keyType",
    "keySize",
    "keyCurve",
    "selfSigned",
  ],
  properties: {
    subject: nameSchema,
    issuer: nameSchema,
    serialNumber: { type: "string", pattern: "^[0-9A-F]+$" },
    notBefore: { type: "string", format: "date-time" },
    notAfter: { type: "string", format: "date-time" },
    daysRemaining: {
      type: "integer",
      description: "Whole days until notAfter; negative once expired.",
    },
    subjectAltNames: {
      type: "array",
      description: "DNS names and IP addresses from the subjectAltName extension.",
      items: { type: "string" },
    },
    fingerprint256: { type: "string", pattern: "^[0-9A-F]{2}(:[0-9A-F]{2}){31}$" },
    keyType: { ...nullableString, examples: ["rsa", "ec", "ed25519"] },
    keySize: { type: ["integer", "null"], minimum: 1 },
    keyCurve: { ...nullableString, examples: ["P-256"] },
    selfSigned: { type: "boolean" },
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

/** JSON Schema (2020-12) of `SslData`. */
export const sslDataSchema: JsonSchema = {
  type: "object",
  title: "SslData",
  description:
    "One TLS handshake with the domain's first allowed address. Trust, validity and host name are reported, not enforced.",
  required: [
    "reachable",
    "reason",
    "errorCode",
    "address",
    "port",
    "protocol",
    "cipher",
    "alpn",
    "trusted",
    "trustError",
    "hostnameMatch",
    "certificate",
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
        trusted: { type: "null" },
        trustError: { type: "null" },
        hostnameMatch: { type: "null" },
        certificate: { type: "null" },
      },
    },
  ],
};
