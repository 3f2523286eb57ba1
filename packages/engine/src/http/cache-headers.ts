import type { ReportAnswer } from "../report/report-service.js";
import type { Freshness, SectionAnswer } from "../sections/section-service.js";

/** Weak validators: the same version of a section (or of every section of a report) matches. */
export const sectionEtag = (answer: SectionAnswer) => `W/"${answer.section}-${answer.version}"`;

export const reportEtag = (answer: ReportAnswer) => `W/"report-${answer.version}"`;

/** RFC 9110 If-None-Match with weak comparison; `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}

/**
 * RFC 9111 section 4.2: `max-age` is the answer's whole freshness lifetime and `Age` the time
 * since it was fetched, so a cache in front of the API sees it fresh for exactly
 * `expiresAt - now`; `stale-while-revalidate` is the engine's grace window.
 */
export function cacheControl(answer: Freshness, graceSeconds: number): string {
  if (!answer.ok) return "private, no-cache";
  const lifetime = Math.max(0, Math.floor((answer.expiresAtMs - answer.fetchedAtMs) / 1000));
  return `private, max-age=${lifetime}, stale-while-revalidate=${graceSeconds}`;
}

export const ageHeader = (answer: Freshness, nowMs: number) =>
  String(Math.max(0, Math.floor((nowMs - answer.fetchedAtMs) / 1000)));
