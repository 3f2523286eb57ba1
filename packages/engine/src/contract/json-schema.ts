/** A JSON Schema (draft 2020-12) object, as embedded in OpenAPI 3.1. */
export type JsonSchema = { [keyword: string]: unknown };
