import type { Static, TObject, TSchema } from "@sinclair/typebox";

/**
 * Everything a built-in section says about itself, written once in its folder's
 * `declaration.ts`: its options and its data as schemas. From them come the TypeScript types
 * (`Static<>`), the validation and defaults of the probe factory's options and of the engine's
 * options for the section, the OpenAPI document (`data` schema, route summary, example), and
 * the reference pages.
 */
export interface SectionDeclaration<
  TOptions extends TObject = TObject,
  TData extends TSchema = TSchema,
> {
  /** The route `{basePath}/{name}/{domain}` and the key in the full report. */
  readonly name: string;
  /** One sentence: what the section answers (the route's summary). */
  readonly summary: string;
  /** The options of the section's probe factory: a closed object, defaults included. */
  readonly options: TOptions;
  /**
   * The options `createEngine` takes for this section: where (`rdap` for whois, else the
   * section's name) and which of `options`. The others (ports, per-step timeouts) are the probe
   * factory's alone.
   */
  readonly engineOptions: {
    readonly key: string;
    readonly pick: readonly (keyof TOptions["properties"] & string)[];
  };
  /** The section's `data`: published in the OpenAPI document. */
  readonly data: TData;
  /** An example `data`, checked against `data` by the tests, published with the route. */
  readonly example: Static<TData>;
  /** How long data stays fresh when the probe's `ttlMs` gives no usable answer. */
  readonly defaultTtlMs: number;
}
