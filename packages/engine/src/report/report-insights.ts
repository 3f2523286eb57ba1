import type { Finding } from "../contract/finding.js";
import type { SectionResult } from "../contract/section-result.js";
import { certificateAuthorities } from "./insights/certificate-authorities.js";
import { computeInsights } from "./insights/compute-insights.js";
import type { InsightsOptions } from "./insights-options.js";

/**
 * The report's `insights` function: checks that connect sections, computed from the sections'
 * data alone. Options are read once; the returned function is pure.
 */
export function reportInsights(
  options: InsightsOptions = {},
): (sections: Readonly<Record<string, SectionResult>>) => Finding[] {
  const table = certificateAuthorities(options.caaIssuers);
  return (sections) =>
    computeInsights({
      // Every section of a report describes the report's domain.
      domain: Object.values(sections)[0]?.domain ?? "",
      sections,
      certificateAuthorities: table,
    });
}
