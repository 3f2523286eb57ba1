import type { JsonSchema } from "../../openapi/json-schema.js";
import { serverOutcomes } from "./whois-data.js";

const nullableString = { type: ["string", "null"] };
const nullableDateTime = { type: ["string", "null"], format: "date-time" };
const outcome = {
  enum: serverOutcomes,
  description: "What asking this server gave: `ok`, `not_found`, or why it failed.",
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
    "servers",
  ],
  properties: {
    queriedDomain: {
      type: "string",
      minLength: 1,
      description: "The registrable domain that was looked up.",
    },
    registered: { type: "boolean" },
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
      items: { type: "string", minLength: 1 },
      description: "EPP status codes, e.g. `clientTransferProhibited`.",
    },
    createdAt: nullableDateTime,
    updatedAt: nullableDateTime,
    expiresAt: nullableDateTime,
    expiresInDays: { type: ["integer", "null"] },
    nameservers: { type: "array", items: { type: "string", minLength: 1 } },
    dnssec: {
      type: "object",
      additionalProperties: false,
      required: ["delegationSigned"],
      properties: { delegationSigned: { type: ["boolean", "null"] } },
    },
    servers: {
      type: "array",
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
  },
};
