import type { MaybePromise } from "../contract/maybe-promise.js";
import type { ReportAnswer } from "../report/report-service.js";
import type { SectionService } from "../sections/section-service.js";
import type { BatchLine } from "./batch-runner.js";

/**
 * One domain's line through the same services as the GET routes (cache, single flight,
 * admission): the report's bytes, or `{"domain", "sections": {name: envelope}}`.
 */
export function batchLookup(
  service: SectionService,
  report: (domain: string, refresh: boolean) => MaybePromise<ReportAnswer>,
): (domain: string, sections: readonly string[] | null) => Promise<BatchLine> {
  return async (domain, sections) => {
    if (sections === null) {
      const answer = await report(domain, false);
      const failed = Object.values(answer.report.sections).some(
        (section) => section.status === "error",
      );
      return { line: answer.body.toString("utf8"), failed };
    }
    const answers = await Promise.all(sections.map((name) => service.get(name, domain)));
    const envelopes = answers.map(
      (answer, index) => `${JSON.stringify(sections[index])}:${answer.body}`,
    );
    return {
      line: `{"domain":${JSON.stringify(domain)},"sections":{${envelopes.join(",")}}}`,
      failed: answers.some((answer) => !answer.ok),
    };
  };
}
