import type { CacheStatus, SectionResult } from "../contract/section-result.js";

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
}

/** The answer of an envelope as this caller sees it (`cache` is hit, miss or stale). */
export function sectionAnswer(stored: SectionResult, cache: CacheStatus): SectionAnswer {
  const result: SectionResult = stored.cache === cache ? stored : { ...stored, cache };
  return {
    section: result.section,
    domain: result.domain,
    cache,
    result,
    body: Buffer.from(JSON.stringify(result), "utf8"),
    ok: result.status === "ok",
    fetchedAtMs: Date.parse(result.fetchedAt),
    expiresAtMs: Date.parse(result.expiresAt),
  };
}
