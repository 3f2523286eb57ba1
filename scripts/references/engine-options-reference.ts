import { expectationOf } from "../../packages/engine/src/contract/resolve-options.js";
import { EngineOptionsSchema } from "../../packages/engine/src/engine-options.js";
import { code, markdownTable } from "./markdown.js";

type Described = {
  expect?: string;
  description?: string;
  default?: unknown;
  properties?: Record<string, Described>;
  required?: string[];
  anyOf?: Described[];
};

interface OptionRow {
  readonly path: string;
  readonly schema: Described;
  readonly required: boolean;
}

/** The object a schema describes, or the object branch of a union (`webhooks`: one or several). */
function objectOf(schema: Described): Described | undefined {
  return schema.properties ? schema : schema.anyOf?.find((option) => option.properties);
}

/** Every option, depth first, in declaration order: an object's row, then its options'. */
function optionRows(schema: Described, prefix: string): OptionRow[] {
  const object = objectOf(schema);
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).flatMap(([key, property]) => {
    const path = `${prefix}${key}`;
    const row = { path, schema: property, required: required.has(key) };
    return [row, ...optionRows(property, `${path}.`)];
  });
}

/** What an option takes, in words; a union without its own words says each branch's. */
function takes(schema: Described): string {
  const words = (one: Described) => expectationOf(one as Parameters<typeof expectationOf>[0]);
  if (schema.expect === undefined && schema.anyOf)
    return [...new Set(schema.anyOf.map(words))].join(" or ");
  return words(schema);
}

/** A default short enough for a cell; a long one (the root's trust anchors) is described. */
function defaultText(row: OptionRow): string {
  if (row.required) return "required";
  if (!("default" in row.schema)) return "";
  const json = JSON.stringify(row.schema.default);
  if (json === "{}" && objectOf(row.schema)) return "";
  return json.length <= 40 ? code(json) : "(see meaning)";
}

/**
 * The reference of `createEngine`'s options, from `EngineOptionsSchema` and each section's
 * declaration: every option's path, what it takes (bounds included), its default and meaning.
 */
export function engineOptionsReference(): string {
  const rows = optionRows(EngineOptionsSchema as Described, "");
  return markdownTable(
    ["option", "takes", "default", "meaning"],
    rows.map((row) => [
      code(row.path),
      takes(row.schema),
      defaultText(row),
      row.schema.description ?? "",
    ]),
  );
}
