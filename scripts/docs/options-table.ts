import { EngineOptionsSchema } from "../../packages/engine/src/engine-options.js";
import { markdownTable } from "./generated-blocks.js";

/** A schema as TypeBox builds it: JSON Schema plus the engine's own `expect` and `check`. */
interface Schema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly Schema[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: unknown;
  readonly description?: string;
  readonly expect?: string;
}

const code = (value: unknown) => `\`${JSON.stringify(value)}\``;

/** What a value of the option looks like, in a few words. */
function accepts(schema: Schema): string {
  if (schema.expect) return schema.expect;
  if (schema.enum) return schema.enum.map(code).join(", ");
  if (schema.anyOf) return schema.anyOf.map(accepts).join(" or ");
  const type: string =
    typeof schema.type === "string" ? schema.type : (schema.type?.join(" or ") ?? "any");
  if (type === "array" && schema.items) return `array of ${accepts(schema.items)}`;
  if (schema.minimum !== undefined && schema.maximum !== undefined)
    return `${type} from ${schema.minimum} to ${schema.maximum}`;
  return type;
}

function fallback(schema: Schema, required: boolean): string {
  if (required) return "required";
  if (schema.default === undefined) return "";
  if (typeof schema.default === "object" && schema.default !== null) {
    const empty = Object.keys(schema.default).length === 0;
    if (empty && schema.type === "object") return "";
  }
  return code(schema.default);
}

const isOptionObject = (schema: Schema) =>
  schema.type === "object" && schema.properties !== undefined;

function rows(schema: Schema, prefix: string): string[][] {
  const found: string[][] = [];
  for (const [name, option] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    const required = schema.required?.includes(name) ?? false;
    if (isOptionObject(option)) {
      if (option.description) found.push([`\`${path}\``, "object", "", option.description]);
      found.push(...rows(option, `${path}.`));
      continue;
    }
    found.push([
      `\`${path}\``,
      accepts(option),
      fallback(option, required),
      option.description ?? "",
    ]);
    // `false or { ... }` (rateLimit, history) and `{ ... } or [{ ... }]` (webhooks): the object's own.
    const members = option.anyOf ?? [];
    const object =
      members.find(isOptionObject) ??
      members.map((member) => member.items).find((items) => items && isOptionObject(items));
    if (object) found.push(...rows(object, `${path}.`));
  }
  return found;
}

/** Every option `createEngine` (and so every adapter) takes, from the schema it checks them with. */
export function engineOptionsTable(): string {
  return markdownTable(
    ["option", "accepts", "default", "meaning"],
    rows(EngineOptionsSchema as unknown as Schema, ""),
  );
}
