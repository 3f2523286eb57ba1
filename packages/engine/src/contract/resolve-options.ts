import { Kind, type StaticDecode, type TObject, type TSchema } from "@sinclair/typebox";
import {
  TransformDecodeError,
  Value,
  type ValueError,
  ValueErrorType,
} from "@sinclair/typebox/value";
import type { SettingsOf } from "./schema.js";

/**
 * Annotations an option schema may carry besides JSON Schema's:
 * - `expect`: what a valid value is, in words ("an integer from 1 to 65535"), for the message;
 * - `check(value)`: a rule the schema cannot say (a PEM that must parse, names that must not
 *   overlap); returns what is wrong (`Problem`), or undefined. It runs after the schema has
 *   passed, innermost values first.
 * A decode function (TypeBox `Transform`) may throw an Error whose message says what is wrong
 * ("cannot be read: line 2 ..."); the message is shown after the option's path.
 */
export interface OptionAnnotations {
  readonly expect?: string;
  readonly check?: (value: never) => Problem | undefined;
}

/** What is wrong: in words, or in words at a path below the checked value (`.extra.summary`). */
export type Problem = string | { readonly at: string; readonly problem: string };

type Annotated = TSchema & OptionAnnotations;

/**
 * Options in, settings out, for every public function that takes an options object: unknown
 * keys refused at every level, values checked against the schema, defaults filled, transforms
 * applied (a PEM bundle parsed once, trust anchors read once), and the result frozen. A bad
 * option is a TypeError that names its path: `createEngine: options.network.timeotMs is not an
 * option; did you mean timeoutMs?`. `where` is the prefix, `"createEngine: options"`.
 */
export function resolveOptions<T extends TObject>(
  schema: T,
  value: unknown,
  where: string,
): SettingsOf<T> {
  const checked = checkOption(schema, value === undefined ? {} : value);
  if ("problem" in checked) {
    const { at, problem, cause } = checked.problem;
    throw new TypeError(`${where}${at} ${problem}`, cause === undefined ? {} : { cause });
  }
  return checked.settings as SettingsOf<T>;
}

/** What is wrong with a value: where below it (`.network.timeotMs`, `[1]`, or ""), and in words. */
export interface OptionProblem {
  readonly at: string;
  readonly problem: string;
  /** The error a decode function threw, when that is what went wrong. */
  readonly cause?: unknown;
}

/**
 * One value against its option schema, by the same convention as `resolveOptions` (schema,
 * then `check` rules, then defaults and decoding), answering the settings or the first problem
 * instead of throwing: for callers that word the message themselves, as `serve` does for an
 * environment variable.
 */
export function checkOption<T extends TSchema>(
  schema: T,
  value: unknown,
): { readonly settings: StaticDecode<T> } | { readonly problem: OptionProblem } {
  const candidate = withDefaults(schema, value);
  const error = firstError(schema, candidate);
  if (error) {
    const { at, problem } = problemOf(error);
    return { problem: { at: `${dotted(error.path)}${at}`, problem } };
  }
  const ruleBroken = brokenRule(schema, candidate, "");
  if (ruleBroken)
    return {
      problem: { at: `${dotted(ruleBroken.path)}${ruleBroken.at}`, problem: ruleBroken.problem },
    };
  try {
    return { settings: freezeSettings(schema, Value.Decode(schema, candidate)) };
  } catch (error) {
    if (error instanceof TransformDecodeError)
      return {
        problem: { at: dotted(error.path), problem: error.message, cause: error.error },
      };
    throw error;
  }
}

/** `/network/resolvers/0` -> `.network.resolvers[0]`; `/a/Example CA` -> `.a["Example CA"]`. */
function dotted(pointer: string): string {
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((part) =>
      /^\d+$/.test(part)
        ? `[${part}]`
        : /^[\w$.-]+$/.test(part)
          ? `.${part}`
          : `[${JSON.stringify(part)}]`,
    )
    .join("");
}

/** The most precise error: inside a union, the one of the branch the value was meant for. */
function firstError(schema: TSchema, value: unknown): ValueError | undefined {
  let error = Value.Errors(schema, value).First();
  while (error?.type === ValueErrorType.Union) {
    const branches = (error.schema as unknown as { anyOf: TSchema[] }).anyOf;
    const meant = branches.findIndex((branch) => sameShape(branch, error!.value));
    const inner = meant === -1 ? undefined : error.errors[meant]?.First();
    if (!inner) break;
    error = inner;
  }
  return error;
}

/** Whether a value is of the JSON type a schema wants (an object for an object schema...). */
function sameShape(schema: TSchema, value: unknown): boolean {
  const kind = schema[Kind];
  if (kind === "Object" || kind === "Record") return isPlainObject(value);
  if (kind === "Array") return Array.isArray(value);
  return false;
}

function problemOf(error: ValueError): { at: string; problem: string } {
  if (error.type === ValueErrorType.ObjectAdditionalProperties) {
    const key = error.path.split("/").pop()!;
    const known = Object.keys((error.schema as { properties?: object }).properties ?? {});
    const near = known.find((name) => editDistance(name, key) <= Math.max(1, key.length / 4));
    const problem = near
      ? `is not an option; did you mean ${near}?`
      : `is not an option (${known.join(", ")})`;
    return { at: "", problem };
  }
  if (error.type === ValueErrorType.ObjectRequiredProperty)
    return { at: "", problem: "is required" };
  const schema = error.schema as Annotated & { methods?: readonly string[] };
  // An object meant to implement an interface: name the method it lacks.
  const value = error.value as Record<string, unknown> | null;
  if (schema.methods && typeof value === "object" && value !== null && !Array.isArray(value)) {
    const missing = schema.methods.find((name) => typeof value[name] !== "function");
    if (missing)
      return { at: `.${missing}`, problem: `must be a function (${expectationOf(schema)})` };
  }
  return { at: "", problem: `must be ${expectationOf(schema)}` };
}

/** What a schema wants, in words, from its `expect` annotation or its JSON Schema keywords. */
export function expectationOf(schema: Annotated): string {
  if (schema.expect) return schema.expect;
  const s = schema as Annotated & Record<string, unknown>;
  switch (schema[Kind]) {
    case "Boolean":
      return "a boolean";
    case "Integer":
    case "Number": {
      const what = schema[Kind] === "Integer" ? "an integer" : "a number";
      if (s.minimum !== undefined && s.maximum !== undefined)
        return `${what} from ${s.minimum} to ${s.maximum}`;
      if (s.minimum !== undefined) return `${what} of at least ${s.minimum}`;
      return what;
    }
    case "String":
      return "a string";
    case "Array":
      return "an array";
    case "Object":
    case "Record":
      return "an object";
    case "Function":
      return "a function";
    case "Literal":
      return JSON.stringify(s.const);
    default:
      return Array.isArray(s.enum)
        ? `one of ${(s.enum as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`
        : "valid";
  }
}

/** The first `check` annotation the value breaks, depth first. */
function brokenRule(
  schema: TSchema,
  value: unknown,
  path: string,
): { path: string; at: string; problem: string } | undefined {
  const annotated = schema as Annotated & {
    properties?: Record<string, TSchema>;
    items?: TSchema;
    anyOf?: TSchema[];
    patternProperties?: Record<string, TSchema>;
  };
  if (annotated.properties && isPlainObject(value)) {
    for (const [key, property] of Object.entries(annotated.properties)) {
      if (value[key] === undefined) continue;
      const broken = brokenRule(property, value[key], `${path}/${key}`);
      if (broken) return broken;
    }
  } else if (annotated.patternProperties && isPlainObject(value)) {
    const [, property] = Object.entries(annotated.patternProperties)[0]!;
    for (const [key, item] of Object.entries(value)) {
      const broken = brokenRule(property, item, `${path}/${key}`);
      if (broken) return broken;
    }
  } else if (annotated.items && Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const broken = brokenRule(annotated.items, item, `${path}/${index}`);
      if (broken) return broken;
    }
  } else if (annotated.anyOf) {
    const branch = annotated.anyOf.find((option) => Value.Check(option, value));
    const broken = branch && brokenRule(branch, value, path);
    if (broken) return broken;
  }
  const problem = annotated.check?.(value as never);
  if (problem === undefined) return undefined;
  return typeof problem === "string"
    ? { path, at: "", problem }
    : { path, at: problem.at, problem: problem.problem };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The branch of a union written for a value's JSON type, if any. */
function branchFor(schema: TSchema, value: unknown): TSchema | undefined {
  const anyOf = (schema as { anyOf?: TSchema[] }).anyOf;
  return anyOf?.find((branch) => sameShape(branch, value));
}

/**
 * A copy of the option objects and arrays the schema declares, with the defaults of options
 * left out filled in, so that the caller's object never changes. What the caller implements (a
 * store, a logger, a probe and its example) is kept as it is, by reference: TypeBox's own
 * defaulting clones union members, which a class instance does not survive.
 */
function withDefaults(schema: TSchema, value: unknown): unknown {
  const kind = schema[Kind];
  const shaped = schema as TSchema & {
    properties?: Record<string, TSchema>;
    patternProperties?: Record<string, TSchema>;
    items?: TSchema;
  };
  if (value === undefined && "default" in schema)
    return withDefaults(schema, structuredClone(schema.default));
  if (kind === "Union") {
    const branch = branchFor(schema, value);
    return branch ? withDefaults(branch, value) : value;
  }
  if (kind === "Array" && Array.isArray(value))
    return value.map((item) => withDefaults(shaped.items!, item));
  if (kind === "Record" && isPlainObject(value)) {
    const items = Object.values(shaped.patternProperties ?? {})[0]!;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withDefaults(items, item)]),
    );
  }
  if (kind === "Object" && isPlainObject(value)) {
    const copy: Record<string, unknown> = { ...value };
    for (const [key, property] of Object.entries(shaped.properties ?? {})) {
      const filled = withDefaults(property, copy[key]);
      if (filled !== undefined) copy[key] = filled;
    }
    return copy;
  }
  return value;
}

/** Freezes the settings' own objects and arrays, never what the caller implements. */
function freezeSettings<T>(schema: TSchema, value: T): T {
  const kind = schema[Kind];
  const shaped = schema as TSchema & {
    properties?: Record<string, TSchema>;
    patternProperties?: Record<string, TSchema>;
    items?: TSchema;
  };
  if (kind === "Union") {
    const branch = branchFor(schema, value);
    if (branch) freezeSettings(branch, value);
  } else if (kind === "Array" && Array.isArray(value)) {
    for (const item of value) freezeSettings(shaped.items!, item);
    Object.freeze(value);
  } else if ((kind === "Object" || kind === "Record") && isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const inner = shaped.properties?.[key] ?? Object.values(shaped.patternProperties ?? {})[0];
      if (inner) freezeSettings(inner, item);
    }
    Object.freeze(value);
  }
  return value;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}
