import type { SectionResult } from "../contract/section-result.js";
import { aPlusHstsSeconds, type SslGrade, withHsts } from "../probes/ssl/scan/grade.js";
import { at, sectionData } from "./insights/section-data.js";

/**
 * The report's ssl grade: SSL Labs gives A+ to an A server whose site sends HSTS with a long
 * max-age, which only the http section reads. So the full report raises the ssl section's A to
 * A+ when the http section reports a valid HSTS policy of at least 180 days and no cap at A
 * applied (no TLS_FALLBACK_SCSV), and adds the reason; `/ssl/{domain}` alone cannot know HSTS
 * and never says A+. Returns `sections` itself
 * when nothing changes, else a copy: the section values may be shared with the cache.
 */
export function withReportSslGrade(
  sections: Record<string, SectionResult>,
): Record<string, SectionResult> {
  const ssl = sections.ssl;
  const sslData = sectionData(sections, "ssl");
  const http = sectionData(sections, "http");
  if (!ssl || !sslData.ok || !http.ok || sslData.value.grade !== "A") return sections;
  const maxAge = at(http.value, "hsts", "maxAge");
  if (at(http.value, "hsts", "valid") !== true || typeof maxAge !== "number") return sections;
  const reasons = Array.isArray(sslData.value.gradeReasons) ? sslData.value.gradeReasons : [];
  const grade = withHsts(
    sslData.value.grade as SslGrade,
    maxAge,
    reasons.filter((reason): reason is string => typeof reason === "string"),
  );
  if (grade === "A") return sections;
  const reason = `A+: the http section reports HSTS with max-age ${maxAge} s (at least ${aPlusHstsSeconds})`;
  return {
    ...sections,
    ssl: { ...ssl, data: { ...sslData.value, grade, gradeReasons: [...reasons, reason] } },
  };
}
