import { isDeepStrictEqual } from "node:util";
import { checkOption, engineOptionSchema, resolveOptions } from "@domain-intel/engine";
import { Kind, type TSchema } from "@sinclair/typebox";
import { type ServeSettings, ServeSettingsSchema } from "./serve-settings-schema.js";
import { type ReadValue, type ServeVariable, serveVariables } from "./serve-variables.js";
import { boolean, integer, list, type Reader, text } from "./variable-readers.js";

export type Env = Readonly<Record<string, string | undefined>>;

/** What the environment says, every variable checked. */
export interface ServeVariablesRead {
  /** Engine options, as `createEngine` takes them: only those set and not at the engine's default. */
  readonly engine: Record<string, unknown>;
  /** `serve`'s own settings, defaults filled. */
  readonly serve: ServeSettings;
  /** The start-up lines: each variable shown and its text, never a secret. */
  readonly lines: {
    readonly settings: Record<string, string>;
    readonly observability: Record<string, string>;
  };
}

/** The schema a variable's value is checked against: the engine's for its option, or serve's. */
export function schemaOf(variable: ServeVariable): TSchema {
  return "option" in variable.sets
    ? engineOptionSchema(variable.sets.option)
    : ServeSettingsSchema.properties[variable.sets.serve];
}

const readerByKind: Readonly<Record<string, Reader>> = {
  Boolean: boolean,
  Integer: integer,
  Array: list,
};

/** The text `help`, the README and the start-up line show for a variable left unset. */
export function unsetText(variable: ServeVariable): string {
  if (variable.unset !== undefined) return variable.unset;
  if (variable.fallback !== undefined) return variable.fallback;
  const fallback = (schemaOf(variable) as { default?: unknown }).default;
  if (typeof fallback === "boolean") return fallback ? "yes" : "no";
  if (typeof fallback === "number" || typeof fallback === "string") return String(fallback);
  return "(none)";
}

function defaultShow(value: ReadValue | undefined, unset: string): string {
  if (value === undefined) return unset;
  if (typeof value.settings === "boolean") return value.settings ? "yes" : "no";
  if (Array.isArray(value.input)) return value.input.join(",");
  return value.text;
}

/** Reads a variable's text and checks it against its schema; a problem names the variable. */
function readValue(variable: ServeVariable, given: string): ReadValue {
  const schema = schemaOf(variable);
  const where = "option" in variable.sets ? `${variable.sets.option}` : "";
  const secret = variable.secret === true;
  let source: string | undefined;
  const check = (value: unknown) => {
    const checked = checkOption(schema, value);
    if ("settings" in checked) return checked.settings;
    const { at, problem } = checked.problem;
    // A file's content or a secret is not repeated: the file's path, or nothing, is.
    const subject = source ?? (where === "" && !secret ? `"${given}"` : "");
    throw new Error(
      [subject && where ? `${subject}:` : subject, `${where}${at}`, problem]
        .filter(Boolean)
        .join(" "),
    );
  };
  try {
    const reader = variable.read ?? readerByKind[schema[Kind] as string] ?? text;
    const input = reader(given, {
      schema,
      secret,
      check,
      from: (path) => {
        source = path;
      },
    });
    return { text: given, input, settings: check(input) };
  } catch (error) {
    throw new TypeError(`${variable.name}: ${(error as Error).message}`);
  }
}

/** Whether a variable others go with is on: given and not false, or on by default. */
function isOn(variable: ServeVariable, value: ReadValue | undefined): boolean {
  const setting = value ? value.settings : (schemaOf(variable) as { default?: unknown }).default;
  return setting !== undefined && setting !== false;
}

function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  const last = keys.pop()!;
  let node = target;
  for (const key of keys) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[last] = value;
}

/**
 * Whether a variable counts: always, or only while the one it goes `with` is on. Given without
 * a variable it `required`, it stops the start, naming the one missing.
 */
function inEffect(variable: ServeVariable, given: ReadonlyMap<ServeVariable, ReadValue>): boolean {
  if (!variable.with) return true;
  const needed = serveVariables.find(({ name }) => name === variable.with!.name)!;
  if (isOn(needed, given.get(needed))) return true;
  if (variable.with.required && given.has(variable))
    throw new TypeError(`${needed.name}: required with ${variable.name}`);
  return false;
}

/**
 * An engine option goes to the engine only when it differs from the engine's default (or is
 * `stated`), so that the options handed over are the ones the environment changed.
 */
function handToEngine(
  engine: Record<string, unknown>,
  variable: ServeVariable,
  option: string,
  value: ReadValue | undefined,
): void {
  const schema = schemaOf(variable) as { default?: unknown };
  const atDefault =
    value === undefined || ("default" in schema && isDeepStrictEqual(value.input, schema.default));
  if (atDefault && !variable.stated) return;
  const handed =
    value === undefined
      ? schema.default
      : variable.hand === "settings"
        ? value.settings
        : value.input;
  setAt(engine, option, handed);
}

/**
 * The one reading of `serve`'s environment: every variable of the table, in its order, read and
 * checked (an engine option against the engine's own schema); then what needs another variable.
 * The first problem is a TypeError that starts with the variable's name.
 */
export function readServeVariables(env: Env): ServeVariablesRead {
  const given = new Map<ServeVariable, ReadValue>();
  for (const variable of serveVariables) {
    const text = env[variable.name]?.trim();
    if (text) given.set(variable, readValue(variable, text));
  }
  const engine: Record<string, unknown> = {};
  const serve: Record<string, unknown> = {};
  const lines = { settings: {}, observability: {} } as ServeVariablesRead["lines"];
  for (const variable of serveVariables) {
    if (!inEffect(variable, given)) continue;
    const value =
      given.get(variable) ??
      (variable.fallback === undefined ? undefined : readValue(variable, variable.fallback));
    const shown = (variable.show ?? defaultShow)(value, unsetText(variable));
    if (shown !== undefined) lines[variable.line ?? "settings"][variable.name] = shown;
    if ("option" in variable.sets) handToEngine(engine, variable, variable.sets.option, value);
    else if (value) serve[variable.sets.serve] = value.settings;
  }
  return { engine, serve: resolveOptions(ServeSettingsSchema, serve, "serve"), lines };
}
