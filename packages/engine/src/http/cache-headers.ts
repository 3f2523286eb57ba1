import type { ReportAnswer } from "../report/report-service.js";
import type { Freshness, SectionAnswer } from "../sections/section-service.js";

/** `compute`, worked out once per object (an answer or a body is sent again and again). */
function oncePer<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const known = new WeakMap<K, V>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      known.set(key, value);
    }
    return value;
  };
}

/** Weak validators: the same version of a section (or of every section of a report) matches. */
export const sectionEtag = oncePer(
  (answer: SectionAnswer) =>
    `W/"${answer.section}-${answer.fetchedAtMs.toString(36)}${answer.ok ? "" : "-e"}"`,
);

export const reportEtag = oncePer((answer: ReportAnswer) => `W/"report-${fnv1a(answer.stamp)}"`);

/** RFC 9110 If-None-Match with weak comparison; `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}

/** An answer's Cache-Control and Age, and the span of time in which both stay as they are. */
interface Timing {
  readonly graceSeconds: number;
  readonly fromMs: number;
  readonly untilMs: number;
  readonly cacheControl: string;
  readonly age: string;
}

const timings = new WeakMap<Freshness, Timing>();

function timingAt(answer: Freshness, graceSeconds: number, nowMs: number): Timing {
  const maxAge = answer.ok ? Math.floor((answer.expiresAtMs - nowMs) / 1000) : 0;
  const age = Math.max(0, Math.floor((nowMs - answer.fetchedAtMs) / 1000));
  // Age goes up at the next whole second since fetching; max-age goes down one second after
  // it was last a whole number of seconds before expiry.
  const nextAge = answer.fetchedAtMs + (age + 1) * 1000;
  const nextMaxAge = maxAge > 0 ? answer.expiresAtMs - maxAge * 1000 + 1 : Number.POSITIVE_INFINITY;
  return {
    graceSeconds,
    fromMs: nowMs,
    untilMs: Math.min(nextAge, nextMaxAge),
    cacheControl:
      maxAge > 0
        ? `private, max-age=${maxAge}, stale-while-revalidate=${graceSeconds}`
        : "private, no-cache",
    age: String(age),
  };
}

/**
 * Cache-Control and Age of an answer made of one or more sections, exact to the millisecond.
 * Hits on the same answer share the strings until one of them would change, instead of each
 * formatting its own.
 */
export function cacheTiming(answer: Freshness, graceSeconds: number, nowMs: number): Timing {
  let timing = timings.get(answer);
  if (
    timing === undefined ||
    nowMs < timing.fromMs ||
    nowMs >= timing.untilMs ||
    timing.graceSeconds !== graceSeconds
  ) {
    timing = timingAt(answer, graceSeconds, nowMs);
    timings.set(answer, timing);
  }
  return timing;
}

/** Content-Length of a body that is sent again and again, formatted once. */
export const contentLength = oncePer((body: Uint8Array) => String(body.byteLength));

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
