import type { JsonSchema } from "./json-schema.js";

/** One query parameter of a section's route, as the OpenAPI document shows it. */
export interface ProbeQueryParameter {
  readonly name: string;
  readonly description: string;
  /** The JSON Schema of one value; a parameter that may repeat says so with `repeated`. */
  readonly schema: JsonSchema;
  readonly repeated?: boolean;
  readonly example?: string;
}

/** What a section's route read from its query: the value for the run, and its cache key. */
export interface ParsedProbeQuery<TQuery> {
  readonly value: TQuery;
  /** The value in one canonical text: answers to different queries are cached apart. */
  readonly key: string;
}

/**
 * Query parameters a section's route takes besides `refresh` (the dns section's `ns` and `ds`
 * for undelegated tests). Read once, at the edge: a bad value is refused before anything is
 * probed, the value travels with the run (`ProbeContext.query`) and its key joins the cache
 * key.
 */
export interface ProbeQuery<TQuery> {
  readonly parameters: readonly ProbeQueryParameter[];
  /**
   * Reads every value given for the declared parameters (others are not passed); undefined when
   * none is given. Throws a TypeError naming the parameter when a value is malformed.
   */
  parse(values: Readonly<Record<string, readonly string[]>>): ParsedProbeQuery<TQuery> | undefined;
}

/** The values of `parameters` in a query string, each name with every value it was given. */
export function queryValues(
  search: string | URLSearchParams,
  parameters: readonly ProbeQueryParameter[],
): Record<string, string[]> {
  const query = typeof search === "string" ? new URLSearchParams(search) : search;
  const values: Record<string, string[]> = {};
  for (const { name } of parameters) {
    const given = query.getAll(name);
    if (given.length > 0) values[name] = given;
  }
  return values;
}
