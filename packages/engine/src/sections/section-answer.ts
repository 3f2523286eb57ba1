import type { CacheStatus, SectionResult } from "../contract/section-result.js";
import { envelopeJson } from "./envelope-json.js";

/** When an answer was made and until when it is fresh. */
export interface Freshness {
  readonly ok: boolean;
  readonly fetchedAtMs: number;
  readonly expiresAtMs: number;
}

/** One section's answer: the envelope as a value and as the bytes sent to this caller. */
export interface SectionAnswer extends Freshness {
  readonly section: string;
  readonly domain: string;
  readonly cache: CacheStatus;
  /** The envelope; `result.error` carries a probe's failure to the HTTP layer as a value. */
  readonly result: SectionResult;
  /** `result` encoded once, ready to send again and again. */
  readonly body: Buffer;
  /** Identifies this version of the section (when it was fetched, and whether it failed). */
  readonly version: string;
}

/** The answer of an envelope as this caller sees it (`cache` is hit, miss or stale). */
export function sectionAnswer(stored: SectionResult, cache: CacheStatus): SectionAnswer {
  const result: SectionResult = stored.cache === cache ? stored : { ...stored, cache };
  const fetchedAtMs = Date.parse(result.fetchedAt);
  return {
    section: result.section,
    domain: result.domain,
    cache,
    result,
    body: Buffer.from(envelopeJson(result), "utf8"),
    version: `${fetchedAtMs.toString(36)}${result.status === "ok" ? "" : "-e"}`,
    ok: result.status === "ok",
    fetchedAtMs,
    expiresAtMs: Date.parse(result.expiresAt),
  };
}
