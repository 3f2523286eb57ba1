import type { SectionResult } from "../contract/section-result.js";
import { envelopeJson } from "./envelope-json.js";

/**
 * The format of a section in the CacheStore: the envelope as JSON. It is read back with
 * JSON.parse, so a store that re-serialises values (other key order, spacing) still hits.
 */
export const encodeStoredEntry = (result: SectionResult): string => envelopeJson(result);

/**
 * The stored envelope of `section` for `domain`, or undefined when the text is not one (a
 * foreign or corrupt value is a miss, never an answer for another name).
 */
export function decodeStoredEntry(
  text: string,
  expected: { readonly section: string; readonly domain: string },
): SectionResult | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const entry = value as Partial<SectionResult>;
  if (entry.domain !== expected.domain || entry.section !== expected.section) return undefined;
  if (entry.status === "ok" ? !("data" in entry) : !isFailure(entry.error)) return undefined;
  if (Number.isNaN(Date.parse(String(entry.fetchedAt)))) return undefined;
  if (Number.isNaN(Date.parse(String(entry.expiresAt)))) return undefined;
  return entry as SectionResult;
}

function isFailure(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as Record<string, unknown>;
  return (
    (code === "timeout" || code === "upstream_error" || code === "internal") &&
    typeof message === "string"
  );
}
