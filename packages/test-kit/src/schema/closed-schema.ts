import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

// Published schemas stay open; here every object that lists its fields is closed, so a field
// the probe returns but the schema does not describe fails the test.
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== "object" || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = closed(value);
  if ("properties" in copy && "required" in copy) copy.additionalProperties = false;
  return copy;
}

const ajv = new Ajv2020.default({ strict: true, allErrors: true });
addFormats.default(ajv);

/** Validates against `schema` closed: the errors, empty when valid. */
export function closedSchemaValidator(schema: object): (data: unknown) => unknown[] {
  const validate = ajv.compile(closed(schema) as object);
  return (data) => (validate(data) ? [] : [...(validate.errors ?? [])]);
}
