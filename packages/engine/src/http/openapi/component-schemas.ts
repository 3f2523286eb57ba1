import { errorCodes } from "../../contract/error-codes.js";
import { findingSchema } from "../../contract/finding.js";
import type { JsonSchema } from "../../contract/json-schema.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const problemSchema: JsonSchema = {
  type: "object",
  description: "An RFC 9457 problem with a stable `code`.",
  required: ["type", "title", "status", "detail", "code"],
  properties: {
    type: { type: "string", format: "uri" },
    title: { type: "string" },
    status: { type: "integer", minimum: 400, maximum: 599 },
    detail: { type: "string" },
    code: { enum: errorCodes },
    instance: { type: "string" },
    section: ref("SectionError"),
  },
};

export { findingSchema };

const envelopeCore = {
  domain: { type: "string", description: "The normalised (ASCII, lower-case) domain." },
  fetchedAt: { type: "string", format: "date-time" },
  expiresAt: { type: "string", format: "date-time" },
  cache: { enum: ["hit", "miss", "stale"] },
  durationMs: { type: "integer", minimum: 0 },
  error: {
    type: "object",
    required: ["code", "message"],
    properties: {
      code: { enum: ["timeout", "upstream_error", "internal"] },
      message: { type: "string" },
    },
  },
} as const;

/** The section envelope (README: "API"), with `data` typed by the section's own schema. */
export function sectionEnvelopeSchema(section: string, dataSchemaName: string): JsonSchema {
  return {
    type: "object",
    required: ["domain", "section", "status", "fetchedAt", "expiresAt", "cache", "durationMs"],
    properties: {
      ...envelopeCore,
      section: { const: section },
      status: { enum: ["ok", "error"] },
      data: ref(dataSchemaName),
    },
    // oneOf rather than if/then: a `then` key would make the schema object a thenable.
    oneOf: [
      { properties: { status: { const: "ok" } }, required: ["data"] },
      { properties: { status: { const: "error" } }, required: ["error"] },
    ],
  };
}

/** A failed section as attached to a 502/504 problem. */
export const sectionErrorSchema: JsonSchema = {
  type: "object",
  required: ["domain", "section", "status", "error"],
  properties: { ...envelopeCore, section: { type: "string" }, status: { const: "error" } },
};

export function reportSchema(sectionSchemaNames: Record<string, string>): JsonSchema {
  const sections = Object.fromEntries(
    Object.entries(sectionSchemaNames).map(([section, name]) => [section, ref(name)]),
  );
  return {
    type: "object",
    required: ["domain", "generatedAt", "sections", "insights"],
    properties: {
      domain: { type: "string" },
      generatedAt: { type: "string", format: "date-time" },
      sections: {
        type: "object",
        required: Object.keys(sectionSchemaNames),
        properties: sections,
        additionalProperties: false,
      },
      insights: { type: "array", items: ref("Finding") },
    },
  };
}
