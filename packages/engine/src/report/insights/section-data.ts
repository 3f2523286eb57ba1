import type { SectionResult } from "../../contract/section-result.js";

/**
 * Defensive reading of the sections' `data`. Insights see data as JSON from whichever probe
 * produced it (a custom probe, an older cache entry), so every field is checked, never assumed.
 */
export type Json = Record<string, unknown>;

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

export const found = <T>(value: T): Read<T> => ({ ok: true, value });
export const missing = (reason: string): Read<never> => ({ ok: false, reason });

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `data` of a section that answered, or why there is none. */
export function sectionData(
  sections: Readonly<Record<string, SectionResult>>,
  name: string,
): Read<Json> {
  const section = sections[name];
  if (!section) return missing(`the report has no ${name} section`);
  if (section.status !== "ok") {
    return missing(`the ${name} section failed (${section.error?.code ?? "error"})`);
  }
  return isObject(section.data) ? found(section.data) : missing(`the ${name} section has no data`);
}

/** The value at `path` inside `data`, or undefined where any step is missing. */
export function at(data: unknown, ...path: string[]): unknown {
  let value = data;
  for (const key of path) {
    if (!isObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

export function stringAt(data: unknown, ...path: string[]): string | null {
  const value = at(data, ...path);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** A host name compared as DNS compares it: lower case, no trailing dot. */
export function hostKey(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, "");
}
