import { findingSchema } from "../../contract/finding.js";
import type { JsonSchema } from "../../contract/json-schema.js";
import { tlsaSchema } from "../dns/dane/tlsa-schema.js";

// Objects stay open so fields can be added; the tests close them to check every field is described.

const nullableString = { type: ["string", "null"] } as const;
const nullableBoolean = { type: ["boolean", "null"] } as const;
const nullableInteger = { type: ["integer", "null"] } as const;
const strings = { type: "array", items: { type: "string" } } as const;

const certificateSchema = {
  type: ["object", "null"],
  required: [
    "subject",
    "issuer",
    "notBefore",
    "notAfter",
    "daysRemaining",
    "subjectAltNames",
    "keyType",
    "keySize",
    "fingerprint256",
    "selfSigned",
  ],
  properties: {
    subject: { type: "string" },
    issuer: { type: "string" },
    notBefore: { type: "string", format: "date-time" },
    notAfter: { type: "string", format: "date-time" },
    daysRemaining: { type: "integer" },
    subjectAltNames: strings,
    keyType: nullableString,
    keySize: nullableInteger,
    fingerprint256: { type: "string" },
    selfSigned: { type: "boolean" },
  },
} as const;

const tlsSchema = {
  type: ["object", "null"],
  description: "The TLS session after STARTTLS; trust is reported, not enforced.",
  required: [
    "protocol",
    "cipher",
    "trusted",
    "trustError",
    "hostnameMatch",
    "certificate",
    "chainLength",
  ],
  properties: {
    protocol: nullableString,
    cipher: {
      type: "object",
      required: ["name", "standardName", "version"],
      properties: {
        name: { type: "string" },
        standardName: { type: "string" },
        version: { type: "string" },
      },
    },
    trusted: { type: "boolean" },
    trustError: nullableString,
    hostnameMatch: nullableBoolean,
    certificate: certificateSchema,
    chainLength: { type: "integer", minimum: 0 },
  },
} as const;

const endpointSchema = {
  type: "object",
  description: "One SMTP conversation: banner, EHLO, STARTTLS, handshake, QUIT (never MAIL FROM).",
  required: [
    "address",
    "banner",
    "extensions",
    "starttls",
    "tls",
    "error",
    "tlsaMatch",
    "durationMs",
  ],
  properties: {
    address: { type: "string" },
    banner: nullableString,
    extensions: { type: ["array", "null"], items: { type: "string" } },
    starttls: nullableBoolean,
    tls: tlsSchema,
    error: {
      type: ["object", "null"],
      required: ["step", "reason", "code", "message"],
      properties: {
        step: { enum: ["connect", "banner", "ehlo", "starttls", "handshake"] },
        reason: {
          enum: [
            "timeout",
            "refused",
            "reset",
            "closed",
            "blocked_address",
            "bad_reply",
            "reply_too_large",
            "rejected",
            "handshake_failed",
            "error",
          ],
        },
        code: { type: "string" },
        message: { type: "string" },
      },
    },
    tlsaMatch: nullableBoolean,
    durationMs: { type: "integer", minimum: 0 },
  },
} as const;

const hostSchema = {
  type: "object",
  required: [
    "host",
    "preference",
    "addresses",
    "refusedAddresses",
    "resolveError",
    "tlsa",
    "tlsaDnssec",
    "endpoints",
  ],
  properties: {
    host: { type: "string" },
    preference: { type: "integer" },
    addresses: strings,
    refusedAddresses: strings,
    resolveError: nullableString,
    tlsa: { type: "array", items: tlsaSchema },
    tlsaDnssec: {
      type: ["object", "null"],
      required: ["secure", "reason"],
      properties: { secure: { type: "boolean" }, reason: nullableString },
    },
    endpoints: { type: "array", items: endpointSchema },
  },
} as const;

const policySchema = {
  type: ["object", "null"],
  required: ["version", "mode", "mx", "maxAge", "problems"],
  properties: {
    version: nullableString,
    mode: { enum: ["enforce", "testing", "none", null] },
    mx: strings,
    maxAge: nullableInteger,
    problems: strings,
  },
} as const;

/** JSON Schema (2020-12) of the `mail` section's `data`. */
export const mailDataSchema: JsonSchema = {
  type: "object",
  required: ["mx", "smtp", "hosts", "mtaSts", "tlsRpt", "dkim", "bimi", "findings"],
  properties: {
    mx: {
      type: "object",
      required: ["records", "nullMx"],
      properties: {
        records: {
          type: "array",
          items: {
            type: "object",
            required: ["preference", "exchange"],
            properties: { preference: { type: "integer" }, exchange: { type: "string" } },
          },
        },
        nullMx: { type: "boolean", description: "A single MX of `.` (RFC 7505): no mail taken." },
      },
    },
    smtp: {
      type: "object",
      required: ["enabled", "port"],
      properties: { enabled: { type: "boolean" }, port: { type: "integer" } },
    },
    hosts: { type: "array", items: hostSchema },
    mtaSts: {
      type: "object",
      required: ["record", "id", "policyUrl", "policy", "problem"],
      properties: {
        record: nullableString,
        id: nullableString,
        policyUrl: nullableString,
        policy: policySchema,
        problem: nullableString,
      },
    },
    tlsRpt: {
      type: ["object", "null"],
      required: ["record", "valid", "rua", "problem"],
      properties: {
        record: { type: "string" },
        valid: { type: "boolean" },
        rua: strings,
        problem: nullableString,
      },
    },
    dkim: {
      type: "object",
      required: ["selectors", "keys"],
      properties: {
        selectors: strings,
        keys: {
          type: "array",
          items: {
            type: "object",
            required: ["selector", "record", "keyType", "keyBits", "testing", "revoked"],
            properties: {
              selector: { type: "string" },
              record: { type: "string" },
              keyType: { type: "string" },
              keyBits: nullableInteger,
              testing: { type: "boolean" },
              revoked: { type: "boolean" },
            },
          },
        },
      },
    },
    bimi: {
      type: ["object", "null"],
      required: ["record", "location", "authority"],
      properties: {
        record: { type: "string" },
        location: nullableString,
        authority: nullableString,
      },
    },
    findings: { type: "array", items: findingSchema },
  },
};
