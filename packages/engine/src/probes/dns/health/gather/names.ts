import { normalizeName } from "../../../../protocols/dns/records.js";

/** The name one label up; the root's parent is null. */
export function parentName(name: string): string | null {
  const normalized = normalizeName(name);
  if (normalized === ".") return null;
  const dot = normalized.indexOf(".");
  return dot < 0 ? "." : normalized.slice(dot + 1);
}

/** Whether `name` is `zone` or a name inside it. */
export function isAtOrBelow(name: string, zone: string): boolean {
  const a = normalizeName(name);
  const b = normalizeName(zone);
  return b === "." || a === b || a.endsWith(`.${b}`);
}

export const uniqueSorted = (values: Iterable<string>): string[] =>
  [...new Set(values)].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
