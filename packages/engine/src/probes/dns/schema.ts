import { findingSchema } from "../../contract/finding.js";

/**
 * JSON Schema (2020-12) of `DnsData`, embedded in the OpenAPI document. Closed objects: the
 * tests validate real probe output against it, so a field added to the data must be added here.
 * No `format` keywords: validators without format support would reject the schema.
 */
const name = {
  type: "string",
  description: "Lower-case DNS name without the trailing dot; `.` is the root.",
} as const;
const ttl = {
  type: "integer",
  minimum: 0,
  maximum: 2147483647,
  description: "Time to live in seconds, as the resolver gave it.",
} as const;
const uint16 = { type: "integer", minimum: 0, maximum: 65535 } as const;
const uint32 = { type: "integer", minimum: 0, maximum: 4294967295 } as const;

const record = <P extends Record<string, unknown>>(properties: P) =>
  ({
    type: "object",
    required: Object.keys(properties),
    additionalProperties: false,
    properties,
  }) as const;

const addressRecord = (description: string) =>
  record({ address: { type: "string", description }, ttl });

const txtRecord = {
  type: "object",
  required: ["value", "ttl"],
  additionalProperties: false,
  properties: {
    value: {
      type: "string",
      description: "The record's character-strings joined without separator (UTF-8).",
    },
    chunks: {
      type: "array",
      minItems: 2,
      items: { type: "string" },
      description: "The character-strings one by one; present only when there are several.",
    },
    ttl,
  },
} as const;

const svcbRecord = record({
  priority: { ...uint16, description: "0 is AliasMode (RFC 9460 2.4.2), otherwise ServiceMode." },
  target: name,
  params: {
    type: "object",
    description:
      "SvcParams by name: alpn and mandatory lists, port, ipv4hint and ipv6hint lists, ech (base64), no-default-alpn and ohttp as true, dohpath; unknown keys as key<N> with a hex value.",
    properties: {
      mandatory: { type: "array", items: { type: "string" } },
      alpn: { type: "array", items: { type: "string" } },
      "no-default-alpn": { const: true },
      port: uint16,
      ipv4hint: { type: "array", items: { type: "string" } },
      ech: { type: "string" },
      ipv6hint: { type: "array", items: { type: "string" } },
      dohpath: { type: "string" },
      ohttp: { const: true },
    },
    patternProperties: { "^key[0-9]+$": { type: "string" } },
    additionalProperties: false,
  },
  ttl,
});

const healthSchema = {
  type: "object",
  description: "The health assessment of the domain's DNS, in the shared findings shape.",
  required: ["score", "grade", "zone", "checks"],
  additionalProperties: false,
  properties: {
    score: {
      oneOf: [{ type: "integer", minimum: 0, maximum: 100 }, { type: "null" }],
      description:
        "100 minus 45 per failed check and 5 per warning, never below 0, over the checks that ran (skipped ones cost nothing); null when every check was skipped.",
    },
    grade: {
      enum: ["A", "B", "C", "D", "F", null],
      description: "A >= 90, B >= 80, C >= 70, D >= 60; null when the score is.",
    },
    zone: {
      oneOf: [{ ...name }, { type: "null" }],
      description: "The zone assessed: the domain when it is a zone apex, else its enclosing zone.",
    },
    checks: { type: "array", items: findingSchema },
  },
} as const;

const dnssecSchema = {
  type: "object",
  description: "The chain of trust, validated by the probe itself from the trust anchor down.",
  required: ["anchor", "chain"],
  additionalProperties: false,
  properties: {
    anchor: {
      oneOf: [{ type: "string" }, { type: "null" }],
      description: "The trust anchor's zone; null when none covers the zone.",
    },
    chain: {
      type: "array",
      items: {
        type: "object",
        required: ["zone", "ds", "dnskeyTags", "algorithms", "status", "reason"],
        additionalProperties: false,
        properties: {
          zone: { type: "string" },
          ds: {
            type: "array",
            items: { type: "integer" },
            description: "Key tags of the DS (or anchor) records.",
          },
          dnskeyTags: { type: "array", items: { type: "integer" } },
          algorithms: { type: "array", items: { type: "string" } },
          status: { enum: ["secure", "insecure", "bogus", "indeterminate"] },
          reason: {
            oneOf: [{ type: "string" }, { type: "null" }],
            description: "Why the level is not secure, as an Extended DNS Error would say it.",
          },
        },
      },
    },
  },
} as const;

export const dnsDataSchema = {
  type: "object",
  description: "DNS records of the domain as answered by a recursive resolver.",
  required: ["resolver", "exists", "records", "health", "dnssec"],
  additionalProperties: false,
  properties: {
    resolver: {
      type: "string",
      description: "The recursive resolver that answered, as `host:port` or `[IPv6]:port`.",
    },
    exists: {
      type: "boolean",
      description:
        "False when the name does not exist (NXDOMAIN); every record list is then empty.",
    },
    records: {
      type: "object",
      required: [
        "A",
        "AAAA",
        "CNAME",
        "MX",
        "NS",
        "SOA",
        "TXT",
        "CAA",
        "DS",
        "DNSKEY",
        "HTTPS",
        "SVCB",
        "SRV",
        "mailPolicies",
      ],
      additionalProperties: false,
      properties: {
        A: { type: "array", items: addressRecord("IPv4 address, dotted quad.") },
        AAAA: { type: "array", items: addressRecord("IPv6 address, lower case, compressed.") },
        CNAME: {
          type: "array",
          description: "The alias chain from the domain, in order: a → b → c gives [b, c].",
          items: record({ target: name, ttl }),
        },
        MX: {
          type: "array",
          items: record({
            preference: uint16,
            exchange: {
              ...name,
              description: `${name.description} A null MX (RFC 7505) is \`.\`.`,
            },
            ttl,
          }),
        },
        NS: { type: "array", items: record({ host: name, ttl }) },
        SOA: {
          description: "The zone's SOA when the domain is a zone apex; null otherwise.",
          oneOf: [
            record({
              mname: name,
              rname: { ...name, description: "Mailbox of the zone's contact, in DNS form." },
              serial: uint32,
              refresh: uint32,
              retry: uint32,
              expire: uint32,
              minimum: uint32,
              ttl,
            }),
            { type: "null" },
          ],
        },
        TXT: { type: "array", items: txtRecord },
        CAA: {
          type: "array",
          items: record({
            flags: { type: "integer", minimum: 0, maximum: 255 },
            critical: { type: "boolean", description: "The issuer-critical flag (flags & 128)." },
            tag: { type: "string", description: "Property tag: issue, issuewild, iodef..." },
            value: { type: "string" },
            ttl,
          }),
        },
        DS: {
          type: "array",
          items: record({
            keyTag: uint16,
            algorithm: { type: "integer", minimum: 0, maximum: 255 },
            digestType: { type: "integer", minimum: 0, maximum: 255 },
            digest: { type: "string", description: "Upper-case hex." },
            ttl,
          }),
        },
        DNSKEY: {
          type: "array",
          items: record({
            flags: uint16,
            protocol: { type: "integer", minimum: 0, maximum: 255 },
            algorithm: { type: "integer", minimum: 0, maximum: 255 },
            keyTag: { ...uint16, description: "RFC 4034 appendix B." },
            publicKey: { type: "string", description: "Base64." },
            ttl,
          }),
        },
        HTTPS: { type: "array", items: svcbRecord },
        SVCB: { type: "array", items: svcbRecord },
        SRV: {
          type: "array",
          description: "SRV records of `_submission._tcp` and `_imaps._tcp` (RFC 6186).",
          items: record({
            service: { enum: ["_submission._tcp", "_imaps._tcp"] },
            priority: uint16,
            weight: uint16,
            port: uint16,
            target: { ...name, description: "`.` means the service is not offered." },
            ttl,
          }),
        },
        mailPolicies: {
          type: "object",
          description: "TXT records at `_dmarc.`, `_mta-sts.` and `_smtp._tls.` under the domain.",
          required: ["dmarc", "mtaSts", "tlsRpt"],
          additionalProperties: false,
          properties: {
            dmarc: { type: "array", items: txtRecord },
            mtaSts: { type: "array", items: txtRecord },
            tlsRpt: { type: "array", items: txtRecord },
          },
        },
      },
    },
    health: healthSchema,
    dnssec: dnssecSchema,
  },
} as const;
