/*
 * Checks of what callers pass: every public function takes one options object, and a bad or
 * unknown option is a TypeError naming its path, thrown before any request is made.
 */

export type Check = (value: unknown) => string | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Throws for an options object that is not one, or has an unknown or badly typed option. */
export function checkOptions(
  where: string,
  options: unknown,
  checks: Readonly<Record<string, { readonly required?: boolean; readonly check: Check }>>,
): asserts options is Record<string, unknown> {
  if (!isRecord(options)) throw new TypeError(`${where}: options must be an object`);
  for (const name of Object.keys(options)) {
    if (!Object.hasOwn(checks, name)) {
      throw new TypeError(
        `${where}: options.${name} is not an option; expected ${Object.keys(checks).join(", ")}`,
      );
    }
  }
  for (const [name, { required, check }] of Object.entries(checks)) {
    const value = options[name];
    if (value === undefined) {
      if (required) throw new TypeError(`${where}: options.${name} is required`);
      continue;
    }
    const problem = check(value);
    if (problem) throw new TypeError(`${where}: options.${name} ${problem}`);
  }
}

export const nonEmptyString: Check = (value) =>
  typeof value === "string" && value.trim() !== "" ? undefined : "must be a non-empty string";

export const boolean: Check = (value) =>
  typeof value === "boolean" ? undefined : "must be true or false";

export const abortSignal: Check = (value) =>
  value instanceof AbortSignal ? undefined : "must be an AbortSignal";

export const positiveInteger: Check = (value) =>
  Number.isInteger(value) && (value as number) > 0 ? undefined : "must be a positive integer";

export const func: Check = (value) =>
  typeof value === "function" ? undefined : "must be a function";

/** A date-time as a Date or an ISO 8601 string. */
export const dateLike: Check = (value) =>
  (value instanceof Date && !Number.isNaN(value.getTime())) ||
  (typeof value === "string" && !Number.isNaN(Date.parse(value)))
    ? undefined
    : "must be a Date or an ISO 8601 date or date-time";

export const stringList: Check = (value) =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((item) => nonEmptyString(item) === undefined)
    ? undefined
    : "must be a non-empty array of non-empty strings";

/** An API key as a header carries it: visible ASCII, no spaces. */
export const apiKey: Check = (value) =>
  typeof value === "string" && /^[\x21-\x7e]+$/.test(value)
    ? undefined
    : "must be an API key: printable ASCII without spaces";

/** An absolute http(s) URL, or a path on this origin (`/api/v1`, in a browser). */
export const baseUrl: Check = (value) => {
  if (typeof value !== "string") return "must be a URL string";
  if (value.startsWith("/") && !value.startsWith("//")) return undefined;
  if (!URL.canParse(value))
    return 'must be an absolute URL ("https://api.example/api/v1") or a path';
  const url = new URL(value);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return `must be an http or https URL, not ${url.protocol}`;
  if (url.username || url.password) return "must not carry credentials: pass options.key";
  if (url.search || url.hash) return "must not have a query or a fragment";
  return undefined;
};
