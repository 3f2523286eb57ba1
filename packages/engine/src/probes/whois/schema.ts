import { findingSchema } from "../../contract/finding.js";
import type { JsonSchema } from "../../contract/json-schema.js";
import { serverOutcomes, whoisRedactedFields } from "./whois-data.js";

const nullableString = { type: ["string", "null"] };
const nullableInteger = { type: ["integer", "null"] };
const nullableDateTime = { type: ["string", "null"], format: "date-time" };
const outcome = {
  enum: serverOutcomes,
  description:
    "What asking this server gave: `ok`, `partial` (a WHOIS server that answered but never closed the connection, read until the time limit), `not_found`, or why it failed.",
};

/** JSON Schema (2020-12) of `WhoisData`. */
export const whoisDataSchema: JsonSchema = {
  title: "WhoisData",
  description: "Registration data of the registrable domain, from RDAP or WHOIS.",
  type: "object",
  additionalProperties: false,
  required: [
    "queriedDomain",
    "registered",
    "source",
    "registrar",
    "statuses",
    "createdAt",
    "updatedAt",
    "expiresAt",
    "expiresInDays",
    "nameservers",
    "dnssec",
    "transferLock",
    "registrant",
    "privacy",
    "redacted",
    "raw",
    "servers",
    "findings",
  ],
  properties: {
    queriedDomain: {
      type: "string",
      minLength: 1,
      description: "The registrable domain that was looked up.",
    },
    registered: {
      type: ["boolean", "null"],
      description:
        "False when the registry says the name does not exist; null when its WHOIS answer says neither, or says the name cannot be registered (reserved, restricted, invalid): the skipped findings give the reason.",
    },
    registrant: {
      description:
        "The holder's organization and country where the registry publishes them (never a person's name, e-mail, phone or street); a withheld value is null.",
      oneOf: [
        { type: "null" },
        {
          type: "object",
          additionalProperties: false,
          required: ["organization", "country"],
          properties: { organization: nullableString, country: nullableString },
        },
      ],
    },
    redacted: {
      type: "array",
      uniqueItems: true,
      items: { enum: whoisRedactedFields },
      description:
        "Fields of this data that are null because the registry withholds them (placeholder text such as `REDACTED FOR PRIVACY`, `Not Disclosed` or a GDPR notice, or an RFC 9537 `redacted` member), as dotted paths.",
    },
    raw: {
      type: ["string", "null"],
      maxLength: 16384,
      description:
        "The registry's WHOIS text (capped at 16 KiB) when some of registrar, created, expires and name servers could not be read from it; null otherwise.",
    },
    source: { enum: ["rdap", "whois"] },
    registrar: {
      oneOf: [
        { type: "null" },
        {
          type: "object",
          additionalProperties: false,
          required: ["name", "ianaId", "url", "abuseEmail", "abusePhone"],
          properties: {
            name: nullableString,
            ianaId: nullableString,
            url: nullableString,
            abuseEmail: nullableString,
            abusePhone: nullableString,
          },
        },
      ],
    },
    statuses: {
      type: "array",
      description:
        "Status codes with what they mean. RDAP values are given as the EPP codes they stand for (RFC 8056), e.g. `client transfer prohibited` as `clientTransferProhibited`; a value with no EPP code (`locked`) is kept as given.",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["code", "meaning"],
        properties: {
          code: { type: "string", minLength: 1 },
          meaning: {
            type: ["string", "null"],
            description: "What the status means; null for a registry-specific code.",
          },
        },
      },
    },
    createdAt: nullableDateTime,
    updatedAt: nullableDateTime,
    expiresAt: nullableDateTime,
    expiresInDays: {
      type: ["integer", "null"],
      description: "Whole days until `expiresAt` when the lookup ran; negative once expired.",
    },
    nameservers: { type: "array", items: { type: "string", minLength: 1 } },
    dnssec: {
      type: "object",
      additionalProperties: false,
      required: ["delegationSigned", "dsData"],
      properties: {
        delegationSigned: {
          type: ["boolean", "null"],
          description: "The registry publishes DS records for the name; null when it does not say.",
        },
        dsData: {
          type: "array",
          description: "The DS records the registry publishes (RDAP `secureDNS.dsData`).",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["keyTag", "algorithm", "digestType", "digest"],
            properties: {
              keyTag: nullableInteger,
              algorithm: nullableInteger,
              digestType: nullableInteger,
              digest: { type: ["string", "null"], description: "Upper-case hex." },
            },
          },
        },
      },
    },
    transferLock: {
      type: ["boolean", "null"],
      description: "A transfer-prohibited status is set; null when the registry gave no statuses.",
    },
    privacy: {
      description: "Whether the registrant is hidden; null for an unregistered name.",
      oneOf: [
        { type: "null" },
        {
          type: "object",
          additionalProperties: false,
          required: ["redacted", "proxied", "proxyService", "redactedFields", "redactions"],
          properties: {
            redacted: {
              type: "boolean",
              description:
                "Registrant data is withheld: RFC 9537 `redacted` members naming the registrant, or placeholder text where its data would be.",
            },
            proxied: {
              type: "boolean",
              description: "The registrant shown is a privacy or proxy service.",
            },
            proxyService: nullableString,
            redactedFields: {
              type: "array",
              items: { type: "string" },
              description: "Registrant fields withheld: `name`, `organization`, `email`...",
            },
            redactions: {
              type: "array",
              description: "RFC 9537 `redacted` members as the registry gave them (RDAP only).",
              items: {
                type: "object",
                additionalProperties: false,
                required: ["name", "method", "reason"],
                properties: {
                  name: { type: "string" },
                  method: nullableString,
                  reason: nullableString,
                },
              },
            },
          },
        },
      ],
    },
    servers: {
      type: "array",
      description:
        "Every server asked, in order: RDAP registries and registrar links, the registry's WHOIS and the registrar's WHOIS it referred to.",
      items: {
        oneOf: [
          {
            type: "object",
            additionalProperties: false,
            required: ["kind", "url", "outcome"],
            properties: { kind: { const: "rdap" }, url: { type: "string" }, outcome },
          },
          {
            type: "object",
            additionalProperties: false,
            required: ["kind", "host", "outcome"],
            properties: { kind: { const: "whois" }, host: { type: "string" }, outcome },
          },
        ],
      },
    },
    findings: {
      type: "array",
      items: findingSchema,
      description:
        "`whois.domain.not-registered`, `.expired`, `.expiring-soon` (30 days warn, 7 days fail), `.pending-delete` and `.transfer-unlocked`, every one every time; `whois.parse.incomplete` (warn) when a WHOIS answer lacks some of registrar, created, expires and name servers (`details.missing`); `whois.lookup.partial` (skipped) only when a step ran out of time after the registry answered, naming what timed out.",
    },
  },
};
