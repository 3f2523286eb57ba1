import { hotCache } from "../cache/hot-cache.js";
import type { Finding } from "../contract/finding.js";
import type { MaybePromise } from "../contract/maybe-promise.js";
import type { Report, SectionResult } from "../contract/section-result.js";
import type { EngineHooks } from "../logging/engine-hooks.js";
import { reportJson } from "../sections/envelope-json.js";
import type { Freshness, SectionAnswer, SectionService } from "../sections/section-service.js";
import { withReportSslGrade } from "./ssl-grade-hsts.js";

export type InsightsFunction = (sections: Readonly<Record<string, SectionResult>>) => Finding[];

/** The full report's bytes, plus what the HTTP layer needs for its headers. */
export interface ReportAnswer extends Freshness {
  readonly domain: string;
  readonly report: Report;
  /** `report` encoded once, ready to send again and again. */
  readonly body: Buffer;
  /** Identifies the sections' content: the same versions of every section give the same one. */
  readonly version: string;
}

/**
 * Builds the full report from every section in parallel, each answered (or failed) on its
 * own. While every section is fresh, the report is kept ready to send (`generatedAt` says when
 * it was made); requests that arrive while a report is being gathered share that one.
 */
export function createReportService(options: {
  sections: readonly string[];
  service: SectionService;
  insights: InsightsFunction;
  hotBytes: number;
  hooks?: EngineHooks;
}) {
  const hooks = options.hooks ?? {};
  const ready = hotCache<ReportAnswer>(options.hotBytes);
  const gathering = new Map<string, Promise<ReportAnswer>>();

  /** A ready report answers at once; otherwise the sections are gathered. */
  function get(domain: string, refresh: boolean): MaybePromise<ReportAnswer> {
    if (refresh) {
      ready.delete(domain);
      hooks.onCacheLookup?.({ section: "domain", result: "miss" });
      return gather(domain, true);
    }
    const hit = ready.get(domain, Date.now());
    // The report as a whole is a hit when it was ready; otherwise its sections say.
    if (hit) {
      hooks.onCacheLookup?.({ section: "domain", result: "hit" });
      return hit;
    }
    hooks.onCacheLookup?.({ section: "domain", result: "miss" });
    const pending = gathering.get(domain);
    if (pending) return pending;
    const made = gather(domain, false).finally(() => gathering.delete(domain));
    gathering.set(domain, made);
    return made;
  }

  async function gather(domain: string, refresh: boolean): Promise<ReportAnswer> {
    const answers = await Promise.all(
      options.sections.map((section) => options.service.get(section, domain, { refresh })),
    );
    // Sections that meet: the ssl grade's A+ needs the http section's HSTS.
    const sections = withReportSslGrade(
      Object.fromEntries(answers.map((answer) => [answer.section, answer.result])),
    );
    const report: Report = {
      domain,
      generatedAt: new Date().toISOString(),
      sections,
      insights: options.insights(sections),
    };
    const made: ReportAnswer = {
      domain,
      report,
      body: Buffer.from(reportJson(report), "utf8"),
      version: versionOf(answers),
      ok: answers.every((answer) => answer.ok),
      fetchedAtMs: Math.min(...answers.map((answer) => answer.fetchedAtMs)),
      expiresAtMs: Math.min(...answers.map((answer) => answer.expiresAtMs)),
    };
    if (made.ok && made.expiresAtMs > Date.now()) {
      // Kept as later requests see it: every section a hit.
      const asHit = answers.every((answer) => answer.cache === "hit") ? made : hitVariant(made);
      // The report is held twice, as bytes and as a value.
      ready.set(domain, asHit, 2 * asHit.body.length + 200, made.expiresAtMs);
    }
    return made;
  }

  return {
    get,
    /** Drops the ready report of a domain, e.g. after one of its sections was refreshed. */
    forget: (domain: string) => ready.delete(domain),
  };
}

function hitVariant(made: ReportAnswer): ReportAnswer {
  const sections: Record<string, SectionResult> = {};
  for (const [name, section] of Object.entries(made.report.sections))
    sections[name] = { ...section, cache: "hit" };
  const report = { ...made.report, sections };
  return { ...made, report, body: Buffer.from(reportJson(report), "utf8") };
}

/** A short hash of which version of each section the report holds (FNV-1a). */
function versionOf(answers: readonly SectionAnswer[]): string {
  const stamp = answers
    .map((answer) => `${answer.section}@${answer.fetchedAtMs}${answer.ok ? "" : "!"}`)
    .join(",");
  let hash = 0x811c9dc5;
  for (let index = 0; index < stamp.length; index++) {
    hash ^= stamp.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
