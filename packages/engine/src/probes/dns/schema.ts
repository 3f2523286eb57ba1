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

export const dnsDataSchema = {
  type: "object",
  description: "DNS records of the domain as answered by a recursive resolver.",
  required: ["resolver", "exists", "records"],
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
      required: ["A", "AAAA", "CNAME", "MX", "NS", "SOA", "TXT", "CAA"],
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
        TXT: {
          type: "array",
          items: {
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
                description:
                  "The character-strings one by one; present only when there are several.",
              },
              ttl,
            },
          },
        },
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
      },
    },
  },
} as const;
