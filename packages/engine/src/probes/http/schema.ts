import { findingSchema } from "../../contract/finding.js";
import type { JsonSchema } from "../../contract/json-schema.js";

// Objects stay open (no additionalProperties: false) so fields can be added without breaking
// clients that validate; the tests close them to check that every field is described.

const nullableString = { type: ["string", "null"] } as const;
const strings = { type: "array", items: { type: "string" } } as const;

const hopSchema = {
  type: "object",
  description: "One request of a chain.",
  required: ["url", "status", "location"],
  properties: {
    url: { type: "string" },
    status: { type: ["integer", "null"], description: "Null when no answer came." },
    location: nullableString,
  },
} as const;

const fetchSchema = {
  type: "object",
  description: "A URL fetched with its redirects followed by hand (at most 10).",
  required: [
    "requestedUrl",
    "reachable",
    "reason",
    "errorCode",
    "hops",
    "finalUrl",
    "finalStatus",
    "protocol",
    "responseTimeMs",
    "bodyBytes",
    "bodyTruncated",
    "downgrade",
  ],
  properties: {
    requestedUrl: { type: "string" },
    reachable: { type: "boolean", description: "The first request got an HTTP answer." },
    reason: {
      type: ["string", "null"],
      description: "Why the chain ended without a final answer; null when it has one.",
      enum: [
        null,
        "no_address",
        "address_not_allowed",
        "connection_refused",
        "tls_error",
        "timeout",
        "protocol_error",
        "redirect_loop",
        "too_many_redirects",
        "unsupported_redirect",
        "network_error",
      ],
    },
    errorCode: nullableString,
    hops: { type: "array", items: hopSchema },
    finalUrl: nullableString,
    finalStatus: { type: ["integer", "null"] },
    protocol: { ...nullableString, examples: ["h2", "http/1.1"] },
    responseTimeMs: { type: ["integer", "null"], minimum: 0 },
    bodyBytes: { type: ["integer", "null"], minimum: 0 },
    bodyTruncated: { type: "boolean" },
    downgrade: { type: "boolean", description: "A redirect went from https to http." },
  },
} as const;

const hstsSchema = {
  type: ["object", "null"],
  description: "Strict-Transport-Security of the domain's own HTTPS answer (RFC 6797).",
  required: ["header", "valid", "maxAge", "includeSubDomains", "preload", "errors"],
  properties: {
    header: { type: "string" },
    valid: { type: "boolean" },
    maxAge: { type: ["integer", "null"], minimum: 0 },
    includeSubDomains: { type: "boolean" },
    preload: { type: "boolean" },
    errors: strings,
  },
} as const;

const headersSchema = {
  type: ["object", "null"],
  description: "Security headers of the final HTTPS answer, as sent.",
  required: [
    "contentSecurityPolicy",
    "xFrameOptions",
    "xContentTypeOptions",
    "referrerPolicy",
    "permissionsPolicy",
    "permissionsPolicyFeatures",
    "crossOriginOpenerPolicy",
  ],
  properties: {
    contentSecurityPolicy: {
      type: ["object", "null"],
      required: ["header", "directives"],
      properties: {
        header: { type: "string" },
        directives: { type: "object", additionalProperties: strings },
      },
    },
    xFrameOptions: nullableString,
    xContentTypeOptions: nullableString,
    referrerPolicy: nullableString,
    permissionsPolicy: nullableString,
    permissionsPolicyFeatures: { type: ["array", "null"], items: { type: "string" } },
    crossOriginOpenerPolicy: nullableString,
  },
} as const;

const cookieSchema = {
  type: "object",
  description: "A cookie set over HTTPS; its value is never kept.",
  required: ["name", "url", "secure", "httpOnly", "sameSite"],
  properties: {
    name: { type: "string" },
    url: { type: "string" },
    secure: { type: "boolean" },
    httpOnly: { type: "boolean" },
    sameSite: nullableString,
  },
} as const;

const securityTxtSchema = {
  type: "object",
  description:
    "/.well-known/security.txt parsed per RFC 9116 (a signature is noted, not verified).",
  required: ["url", "found", "status", "signed", "fields", "expired", "errors"],
  properties: {
    url: { type: "string" },
    found: { type: "boolean", description: "A text/plain 200 answer." },
    status: { type: ["integer", "null"] },
    signed: { type: "boolean" },
    fields: {
      type: ["object", "null"],
      required: [
        "contact",
        "expires",
        "encryption",
        "acknowledgments",
        "canonical",
        "policy",
        "hiring",
        "preferredLanguages",
      ],
      properties: {
        contact: strings,
        expires: nullableString,
        encryption: strings,
        acknowledgments: strings,
        canonical: strings,
        policy: strings,
        hiring: strings,
        preferredLanguages: strings,
      },
    },
    expired: { type: ["boolean", "null"] },
    errors: strings,
  },
} as const;

export const httpDataSchema: JsonSchema = {
  type: "object",
  required: [
    "https",
    "http",
    "hsts",
    "preload",
    "headers",
    "server",
    "altSvc",
    "http3Advertised",
    "cookies",
    "securityTxt",
    "findings",
  ],
  properties: {
    https: fetchSchema,
    http: fetchSchema,
    hsts: hstsSchema,
    preload: {
      type: "object",
      description: "Whether the HSTS policy meets the preload list's rules, and which it misses.",
      required: ["ready", "unmet"],
      properties: { ready: { type: "boolean" }, unmet: strings },
    },
    headers: headersSchema,
    server: nullableString,
    altSvc: nullableString,
    http3Advertised: { type: "boolean", description: "Alt-Svc offers h3." },
    cookies: { type: "array", items: cookieSchema },
    securityTxt: securityTxtSchema,
    findings: { type: "array", items: findingSchema },
  },
};
