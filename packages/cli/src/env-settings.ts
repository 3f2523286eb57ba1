import { readFileSync } from "node:fs";
import net from "node:net";

/**
 * One parser per kind of environment setting. Each returns the value, the fallback when the
 * variable is unset or empty, or throws a TypeError whose message starts with the variable's
 * name, so a bad setting stops `serve` before it listens instead of being silently ignored.
 */
export type Env = Readonly<Record<string, string | undefined>>;

/** The value, or undefined when the variable is unset or only blanks. */
function given(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function bad(name: string, problem: string): TypeError {
  return new TypeError(`${name}: ${problem}`);
}

const booleans: Record<string, boolean> = {
  "1": true,
  true: true,
  yes: true,
  "0": false,
  false: false,
  no: false,
};

/** `1`/`0`, `true`/`false`, `yes`/`no` (any letter case). */
export function booleanSetting(env: Env, name: string, fallback: boolean): boolean {
  const value = given(env, name);
  if (value === undefined) return fallback;
  const parsed = booleans[value.toLowerCase()];
  if (parsed === undefined) {
    throw bad(name, `"${value}" is not a boolean; use 1, 0, true, false, yes or no`);
  }
  return parsed;
}

/** A decimal integer from 0 to 65535: `0x10` and `1e3` are refused, not read as 16 and 1000. */
export function portSetting(env: Env, name: string, fallback: number): number {
  const value = given(env, name);
  if (value === undefined) return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw bad(name, `"${value}" is not a port; use a decimal integer from 0 to 65535`);
  }
  return Number(value);
}

/** Comma-separated items, trimmed, empty ones dropped; `check` returns the problem of one. */
export function listSetting(
  env: Env,
  name: string,
  check: (item: string) => string | undefined = () => undefined,
): string[] {
  const items = (given(env, name) ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
  items.forEach((item, index) => {
    const problem = check(item);
    if (problem) throw bad(name, `item ${index + 1} ${problem}`);
  });
  return items;
}

/** A file's path and text, read now: a missing or unreadable file stops the start. */
export function fileSetting(
  env: Env,
  name: string,
  options: { whenMissing?: string } = {},
): { path: string; text: string } | undefined {
  const path = given(env, name);
  if (path === undefined) return undefined;
  return { path, text: readSettingFile(name, path, options.whenMissing) };
}

/** Reads `path` for the setting `name`, naming the variable and the reason when it cannot. */
export function readSettingFile(name: string, path: string, whenMissing?: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      throw bad(name, `${path} does not exist${whenMissing ? `; ${whenMissing}` : ""}`);
    }
    if (code === "EISDIR") throw bad(name, `${path} is a directory, not a file`);
    throw bad(name, `${path} cannot be read (${code ?? (error as Error).message})`);
  }
}

/** A URL with one of `schemes` (`["redis:", "rediss:"]`). */
export function urlSetting(
  env: Env,
  name: string,
  options: { schemes: readonly string[]; shape: string },
): string | undefined {
  const value = given(env, name);
  if (value === undefined) return undefined;
  if (!URL.canParse(value)) throw bad(name, `not a URL (${options.shape})`);
  const { protocol } = new URL(value);
  if (!options.schemes.includes(protocol)) {
    throw bad(name, `the scheme must be ${options.schemes.join(" or ")}, not ${protocol}`);
  }
  return value;
}

/** An IP address or a host name to listen on. */
export function hostSetting(env: Env, name: string, fallback: string): string {
  const value = given(env, name);
  if (value === undefined) return fallback;
  if (net.isIP(value) === 0 && !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(value)) {
    throw bad(name, `"${value}" is not an IP address or a host name`);
  }
  return value;
}
