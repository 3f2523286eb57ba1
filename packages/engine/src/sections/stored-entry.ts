import type { CacheStatus } from "../contract/section-result.js";

/** What the engine needs to know of a stored envelope without parsing its data. */
export interface CachedEntry {
  /** The envelope as stored: JSON with `"cache":"miss"`. */
  readonly json: string;
  readonly ok: boolean;
  readonly fetchedAtMs: number;
  readonly expiresAtMs: number;
}

const missMarker = '"cache":"miss"';
// The envelope's own fields come first (domain, section, status, fetchedAt, expiresAt, cache),
// and none of them can hold a quote, so the first matches are the envelope's.
const head = /"status":"(ok|error)","fetchedAt":"([^"]+)","expiresAt":"([^"]+)","cache":"miss"/;

export function readCachedEntry(json: string): CachedEntry | undefined {
  const match = head.exec(json.slice(0, 512));
  if (!match) return undefined;
  const fetchedAtMs = Date.parse(match[2]!);
  const expiresAtMs = Date.parse(match[3]!);
  if (Number.isNaN(fetchedAtMs) || Number.isNaN(expiresAtMs)) return undefined;
  return { json, ok: match[1] === "ok", fetchedAtMs, expiresAtMs };
}

/** The stored envelope with its cache status, by replacing one marker: no JSON re-encoding. */
export function withCacheStatus(json: string, status: CacheStatus): string {
  return status === "miss" ? json : json.replace(missMarker, `"cache":"${status}"`);
}
