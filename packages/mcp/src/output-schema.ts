import type { JsonSchema } from "@domain-intel/engine";
import type { OpenAPIObject } from "openapi3-ts/oas31";

const componentPrefix = "#/components/schemas/";

/**
 * The JSON Schema of what a route answers, made to stand alone: MCP clients (the SDK's own
 * validates `structuredContent` with Ajv) cannot follow `#/components/...` references out of
 * a tool's `outputSchema`, so the document's schemas travel along as `$defs`.
 */
export function routeOutputSchema(document: OpenAPIObject, path: string): JsonSchema {
  const content = document.paths?.[path]?.get?.responses?.["200"]?.content;
  const schema = content?.["application/json"]?.schema as JsonSchema | undefined;
  if (!schema) throw new TypeError(`The OpenAPI document has no 200 schema for GET ${path}`);
  const defs = rewriteRefs(document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const root = rewriteRefs(schema) as JsonSchema;
  // A `$ref` at the root would leave the root without `type: "object"`, which MCP requires.
  const target = typeof root.$ref === "string" ? defs[root.$ref.slice("#/$defs/".length)] : root;
  return { ...target, $defs: defs };
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (typeof value !== "object" || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[key] =
      key === "$ref" && typeof inner === "string" && inner.startsWith(componentPrefix)
        ? `#/$defs/${inner.slice(componentPrefix.length)}`
        : rewriteRefs(inner);
  }
  return copy;
}
