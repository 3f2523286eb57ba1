import { hotCache } from "../cache/hot-cache.js";
import type { Finding } from "../contract/finding.js";
import type { MaybePromise } from "../contract/maybe-promise.js";
import type { SectionResult } from "../contract/section-result.js";
import type { Freshness, SectionAnswer, SectionService } from "../sections/section-service.js";

export type InsightsFunction = (sections: Readonly<Record<string, SectionResult>>) => Finding[];

/** The full report's bytes, plus what the HTTP layer needs for its headers. */
export interface ReportAnswer extends Freshness {
  readonly domain: string;
  readonly body: Buffer;
  /** Identifies the sections' content: the same versions of every section give the same stamp. */
  readonly stamp: string;
}

/**
 * Builds the full report from every section in parallel, each answered (or failed) on its own.
 * Sections arrive as bytes and are spliced in as they are; insights are recomputed only when a
 * section changed; while every section is fresh the whole report is served from memory as the
 * bytes assembled then (`generatedAt` says when), so a report of cache hits re-encodes no JSON.
 */
export function createReportService(options: {
  sections: readonly string[];
  service: SectionService;
  insights: InsightsFunction;
  hotBytes: number;
}) {
  const ready = hotCache<ReportAnswer>(options.hotBytes);
  // Requests that waited on the same probe runs share one assembled report.
  const lastMade = new Map<string, ReportAnswer>();
  const insightsByDomain = hotCache<{ stamp: string; json: string }>(
    Math.max(1024, options.hotBytes / 8),
  );

  function insightsFor(domain: string, stamp: string, answers: readonly SectionAnswer[]): string {
    const known = insightsByDomain.get(domain, Date.now());
    if (known?.stamp === stamp) return known.json;
    const parsed = Object.fromEntries(
      answers.map((answer) => [
        answer.section,
        JSON.parse(answer.body.toString("utf8")) as SectionResult,
      ]),
    );
    const json = JSON.stringify(options.insights(parsed));
    insightsByDomain.set(
      domain,
      { stamp, json },
      2 * json.length + 200,
      Math.min(...answers.map((a) => a.expiresAtMs)),
    );
    return json;
  }

  const assemble = (
    domain: string,
    answers: readonly SectionAnswer[],
    pick: (answer: SectionAnswer) => Buffer,
    insights: string,
  ) =>
    Buffer.concat([
      Buffer.from(
        `{"domain":${JSON.stringify(domain)},"generatedAt":"${new Date().toISOString()}","sections":{`,
      ),
      ...answers.flatMap((answer, index) => [
        Buffer.from(`${index ? "," : ""}${JSON.stringify(answer.section)}:`),
        pick(answer),
      ]),
      Buffer.from(`},"insights":${insights}}`),
    ]);

  /** A ready report answers at once; otherwise the sections are gathered. */
  function get(domain: string, refresh: boolean): MaybePromise<ReportAnswer> {
    if (refresh) ready.delete(domain);
    else {
      const hit = ready.get(domain, Date.now());
      if (hit) return hit;
    }
    return gather(domain, refresh);
  }

  async function gather(domain: string, refresh: boolean): Promise<ReportAnswer> {
    const now = Date.now();
    const answers = await Promise.all(
      options.sections.map((section) => options.service.get(section, domain, { refresh })),
    );
    const stamp = answers
      .map((answer) => `${answer.section}@${answer.fetchedAtMs}${answer.ok ? "" : "!"}`)
      .join(",");
    const cohort = `${stamp}|${answers.map((answer) => answer.cache).join(",")}`;
    const shared = lastMade.get(domain);
    if (shared && shared.stamp === cohort) return { ...shared, stamp };
    const insights = insightsFor(domain, stamp, answers);
    const freshness: Freshness = {
      ok: answers.every((answer) => answer.ok),
      fetchedAtMs: Math.min(...answers.map((answer) => answer.fetchedAtMs)),
      expiresAtMs: Math.min(...answers.map((answer) => answer.expiresAtMs)),
    };
    const made: ReportAnswer = {
      ...freshness,
      domain,
      stamp,
      body: assemble(domain, answers, (answer) => answer.body, insights),
    };
    if (freshness.ok && freshness.expiresAtMs > now) {
      const asHit = answers.every((answer) => answer.cache === "hit")
        ? made
        : { ...made, body: assemble(domain, answers, (answer) => answer.hitBody, insights) };
      ready.set(domain, asHit, asHit.body.length + 200, freshness.expiresAtMs);
    }
    lastMade.delete(domain);
    lastMade.set(domain, { ...made, stamp: cohort });
    if (lastMade.size > 1000) lastMade.delete(lastMade.keys().next().value!);
    return made;
  }

  return {
    get,
    /** Drops the ready report of a domain, e.g. after one of its sections was refreshed. */
    forget: (domain: string) => ready.delete(domain),
  };
}
