import type { Report, SectionResult } from "../sections/section-result.js";

/**
 * The full report: every section in parallel, each answered (or failed) on its own, so one
 * broken upstream never costs the others. Insights connecting sections come later.
 */
export async function buildReport(options: {
  domain: string;
  sections: readonly string[];
  refresh: boolean;
  section(section: string, domain: string, options: { refresh: boolean }): Promise<SectionResult>;
}): Promise<Report> {
  const results = await Promise.all(
    options.sections.map((name) =>
      options.section(name, options.domain, { refresh: options.refresh }),
    ),
  );
  return {
    domain: options.domain,
    generatedAt: new Date().toISOString(),
    sections: Object.fromEntries(options.sections.map((name, index) => [name, results[index]!])),
    insights: [],
  };
}
