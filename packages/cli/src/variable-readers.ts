import { accessSync, constants, readFileSync } from "node:fs";
import { loadIpData, loadMmdbData } from "@domain-intel/ip-data";
import type { TSchema } from "@sinclair/typebox";

/**
 * How an environment variable's text becomes the value its schema checks: the syntax of the
 * variable (a comma list, `30s`, a file to read), never the rules of the value, which are the
 * schema's. A reader throws an Error saying what is wrong with the text; the message is shown
 * after the variable's name. `secret`: the text must not appear in the message.
 */
export type Reader = (text: string, context: ReaderContext) => unknown;

export interface ReaderContext {
  /** The schema the value is checked against: readers take bounds from it, never their own. */
  readonly schema: TSchema;
  readonly secret: boolean;
  /** Checks a value against the schema now, throwing what is wrong, and answers it decoded. */
  check(value: unknown): unknown;
  /** Says the value comes from this file: a problem with it then names the file. */
  from(path: string): void;
}

const quoted = (text: string, { secret }: ReaderContext) => (secret ? "the value" : `"${text}"`);

const words: Readonly<Record<string, boolean>> = {
  "1": true,
  true: true,
  yes: true,
  "0": false,
  false: false,
  no: false,
};

/** `1`/`0`, `true`/`false`, `yes`/`no`, in any letter case. */
export const boolean: Reader = (text, context) => {
  const value = words[text.toLowerCase()];
  if (value === undefined)
    throw new Error(`${quoted(text, context)} is not a boolean; use 1, 0, true, false, yes or no`);
  return value;
};

function bounds(schema: TSchema): { minimum: number; maximum: number } {
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  return { minimum: minimum ?? 0, maximum: maximum ?? Number.MAX_SAFE_INTEGER };
}

/** Decimal digits, within the schema's bounds: `0x10` and `1e3` are refused, not read as 16 and 1000. */
export const integer: Reader = (text, context) => {
  const { minimum, maximum } = bounds(context.schema);
  const value = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= minimum && value <= maximum))
    throw new Error(
      `${quoted(text, context)} is not a decimal integer from ${minimum} to ${maximum}`,
    );
  return value;
};

/** Comma-separated items, trimmed, empty ones dropped. */
export const splitList = (text: string): string[] =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/** A comma list (`splitList`). */
export const list: Reader = (text) => splitList(text);

/** The text as it is. */
export const text: Reader = (value) => value;

const units: readonly (readonly [string, number])[] = [
  ["d", 86_400_000],
  ["h", 3_600_000],
  ["m", 60_000],
  ["s", 1000],
  ["ms", 1],
];

/** `1000` -> `1s`, `2678400000` -> `31d`: the largest unit that counts it whole. */
function durationText(ms: number): string {
  const [unit, size] = units.find(([, size]) => ms % size === 0)!;
  return `${ms / size}${unit}`;
}

/** `30s`, `15m`, `1h`, `1d` (or `ms`), in milliseconds, within the schema's bounds. */
export const duration: Reader = (text, context) => {
  const { minimum, maximum } = bounds(context.schema);
  const match = /^(\d{1,9})(ms|s|m|h|d)$/.exec(text);
  const size = match && units.find(([unit]) => unit === match[2])![1];
  const ms = match ? Number(match[1]) * size! : Number.NaN;
  if (!(ms >= minimum && ms <= maximum))
    throw new Error(
      `${quoted(text, context)} is not an interval from ${durationText(minimum)} to ${durationText(maximum)} (a number and ms, s, m, h or d: 30s, 1h)`,
    );
  return ms;
};

/** Reads `path` now, saying which file and why when it cannot be read. */
export function readSettingFile(path: string, whenMissing?: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      throw new Error(`${path} does not exist${whenMissing ? `; ${whenMissing}` : ""}`);
    if (code === "EISDIR") throw new Error(`${path} is a directory, not a file`);
    throw new Error(`${path} cannot be read (${code ?? (error as Error).message})`);
  }
}

/** A file's text, read now: the value is what the file holds. */
export const fileText: Reader = (path, context) => {
  const content = readSettingFile(path);
  context.from(path);
  return content;
};

/** A file that must be there and readable now; the value is its path, read again later. */
export const filePath =
  (whenMissing?: string): Reader =>
  (path) => {
    readSettingFile(path, whenMissing);
    return path;
  };

/**
 * `key=value` items separated by `separator` into an object; with `many`, each value a comma
 * list (`My CA=a.example,b.example`). `shape` says what an item looks like, for the message.
 */
export const pairs =
  (options: { separator: string; shape: string; many?: boolean }): Reader =>
  (text, context) => {
    const entries = text
      .split(options.separator)
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item, index) => {
        const at = item.indexOf("=");
        const key = item.slice(0, at).trim();
        const value = item.slice(at + 1).trim();
        const values = splitList(value);
        const bad = options.many ? values.length === 0 : value === "" || /[=\s]/.test(value);
        if (at <= 0 || key === "" || bad)
          throw new Error(
            `item ${index + 1}${context.secret ? "" : ` "${item}"`} is not ${options.shape}`,
          );
        return [key, options.many ? values : value] as const;
      });
    return Object.fromEntries(entries);
  };

/**
 * The RDAP bootstrap: a URL as it is; a file (a path or a `file:` URL, as the engine tells
 * them apart) read now and checked as the engine checks bootstrap data. The engine is still
 * given the location, so that it re-reads the file daily as it would a URL.
 */
export const bootstrapLocation: Reader = (text, context) => {
  const source = context.check(text) as { kind: string; path?: string };
  if (source.kind !== "file" || source.path === undefined) return text;
  const file = readSettingFile(source.path);
  let data: unknown;
  try {
    data = JSON.parse(file);
  } catch {
    throw new Error(`${source.path} is not JSON`);
  }
  context.from(source.path);
  context.check(data);
  return text;
};

/**
 * The hosting section's network data: `builtin` and an `.mmdb` file (which must be readable
 * now) become loaders the engine calls once, on the first hosting request, so that a run that
 * never asks for hosting never reads the data; anything else (`cymru`) is the engine's to judge.
 */
export const asnSource: Reader = (text) => {
  if (text === "builtin") return () => loadIpData();
  if (!/\.mmdb$/i.test(text)) return text;
  try {
    accessSync(text, constants.R_OK);
  } catch (error) {
    throw new Error(`${text} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  return () => loadMmdbData({ files: [text] });
};
