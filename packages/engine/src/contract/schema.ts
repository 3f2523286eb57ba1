import {
  Kind,
  type SchemaOptions,
  type Static,
  type StaticDecode,
  type TObject,
  type TOptional,
  type TSchema,
  type TUnsafe,
  Type,
  TypeRegistry,
} from "@sinclair/typebox";

/**
 * Schemas are written once, with TypeBox: the TypeScript type (`Static<>`), the validation of
 * options, their defaults and the OpenAPI document all come from the same declaration.
 */
export {
  type Static,
  type StaticDecode,
  type TObject,
  type TSchema,
  Type,
} from "@sinclair/typebox";

/**
 * `schema` or null. A schema of one JSON type is written `type: [t, "null"]`, as JSON Schema
 * readers expect it, else `anyOf`. Data schemas only: option schemas are checked by TypeBox,
 * which does not check this form.
 */
export function Nullable<T extends TSchema>(
  schema: T,
  options: SchemaOptions = {},
): TUnsafe<Static<T> | null> {
  const { [Kind]: _kind, ...json } = schema as TSchema & { type?: unknown; enum?: unknown[] };
  if (Array.isArray(json.enum)) return Type.Unsafe({ ...options, enum: [...json.enum, null] });
  if (typeof json.type === "string")
    return Type.Unsafe<Static<T> | null>({ ...json, ...options, type: [json.type, "null"] });
  return Type.Unsafe<Static<T> | null>({ ...options, anyOf: [json, { type: "null" }] });
}

/**
 * Exactly one of `schemas`, written `oneOf`: the states of a datum told apart by a property
 * (`reachable: true | false`), each complete, so that TypeScript narrows on that property as
 * the schema does. Data schemas only, like `Nullable`.
 */
export function OneOf<T extends TSchema[]>(
  schemas: [...T],
  options: SchemaOptions = {},
): TUnsafe<Static<T[number]>> {
  return Type.Unsafe<Static<T[number]>>({ ...options, oneOf: schemas });
}

const stringEnumKind = "DomainIntelStringEnum";
TypeRegistry.Set<{ enum: readonly string[] }>(stringEnumKind, (schema, value) =>
  schema.enum.includes(value as string),
);

/**
 * One of the given strings, written `enum` (TypeBox's union of literals would be `anyOf`), and
 * checked by TypeBox too.
 */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: SchemaOptions = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({
    ...options,
    [Kind]: stringEnumKind,
    type: "string",
    enum: [...values],
  });
}

declare const defaultedMark: unique symbol;

/** An option that may be left out and then takes its `default`: optional in, present out. */
export type TDefaulted<T extends TSchema> = TOptional<T> & { readonly [defaultedMark]?: true };

/** Marks an option schema carrying a `default`: callers may leave it out, settings have it. */
export function Defaulted<T extends TSchema>(schema: T): TDefaulted<T> {
  if (!("default" in schema)) throw new TypeError("Defaulted: the schema has no default");
  return Type.Optional(schema) as TDefaulted<T>;
}

/** One setting: an object of options resolved as `SettingsOf`, anything else decoded. */
type Setting<S> = S extends TObject ? SettingsOf<S> : S extends TSchema ? StaticDecode<S> : never;

/**
 * The settings an options object resolves to: required and defaulted options present (in nested
 * option objects too), optional ones possibly undefined, every value decoded (PEM split, anchors
 * read).
 */
export type SettingsOf<T extends TObject> = {
  readonly [K in keyof T["properties"]]-?: T["properties"][K] extends {
    readonly [defaultedMark]?: true;
  }
    ? Setting<T["properties"][K]>
    : T["properties"][K] extends TOptional<TSchema>
      ? Setting<T["properties"][K]> | undefined
      : Setting<T["properties"][K]>;
};

const methodsKind = "DomainIntelMethods";
TypeRegistry.Set<{ methods: readonly string[] }>(
  methodsKind,
  (schema, value) =>
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    schema.methods.every((name) => typeof (value as Record<string, unknown>)[name] === "function"),
);

/**
 * An object the caller implements (a store, a logger, a verifier): checked for its methods and
 * passed on as it is, never copied or frozen. `T` is its TypeScript interface.
 */
export function Methods<T>(
  methods: readonly string[],
  options: SchemaOptions & { expect: string },
): TUnsafe<T> {
  return Type.Unsafe<T>({ ...options, [Kind]: methodsKind, methods: [...methods] });
}

/**
 * An options type as callers write it: arrays may be readonly (a caller's `as const` list is
 * taken), everything else as the schema says.
 */
export type InputOf<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer E)[]
    ? readonly InputOf<E>[]
    : T extends object
      ? { [K in keyof T]: InputOf<T[K]> }
      : T;

/** The options a schema takes, as callers write them. */
export type OptionsOf<T extends TSchema> = InputOf<Static<T>>;
