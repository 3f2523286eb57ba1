import type { ReportAnswer } from "../report/report-service.js";
import type { Freshness, SectionAnswer } from "../sections/section-service.js";

/** Weak validators: the same version of a section (or of every section of a report) matches. */
const sectionEtags = new WeakMap<SectionAnswer, string>();

export function sectionEtag(answer: SectionAnswer): string {
  let etag = sectionEtags.get(answer);
  if (etag === undefined) {
    etag = `W/"${answer.section}-${answer.fetchedAtMs.toString(36)}${answer.ok ? "" : "-e"}"`;
    sectionEtags.set(answer, etag);
  }
  return etag;
}

const reportEtags = new WeakMap<ReportAnswer, string>();

export function reportEtag(answer: ReportAnswer): string {
  let etag = reportEtags.get(answer);
  if (etag === undefined) {
    etag = `W/"report-${fnv1a(answer.stamp)}"`;
    reportEtags.set(answer, etag);
  }
  return etag;
}

/** RFC 9110 If-None-Match with weak comparison; `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}

/** Cache-Control, Age and ETag of an answer made of one or more sections. */
export function cachingHeaders(
  answer: Freshness,
  etag: string,
  graceSeconds: number,
): Record<string, string> {
  const now = Date.now();
  const maxAge = answer.ok ? Math.floor((answer.expiresAtMs - now) / 1000) : 0;
  return {
    "cache-control":
      maxAge > 0
        ? `private, max-age=${maxAge}, stale-while-revalidate=${graceSeconds}`
        : "private, no-cache",
    age: String(Math.max(0, Math.floor((now - answer.fetchedAtMs) / 1000))),
    etag,
  };
}

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
