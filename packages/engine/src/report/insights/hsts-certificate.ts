import type { Finding } from "../../contract/finding.js";
import { insight, skipped } from "./insight.js";
import type { InsightInput } from "./insight-input.js";
import { at, sectionData, stringAt } from "./section-data.js";

const id = "report.hsts.certificate-expiring";
/** Certificate lifetimes left at or below this many days are close enough to warn about. */
export const hstsExpiryWarningDays = 14;

/**
 * `report.hsts.certificate-expiring`: the site sends HSTS (perhaps ready for the preload list)
 * while its certificate expires within 14 days. Under HSTS a browser offers no way past a
 * certificate error, so a missed renewal takes the whole site down for every returning visitor
 * (and for everyone, once preloaded), instead of showing a warning they can click through.
 */
export function hstsCertificateInsight(input: InsightInput): Finding {
  const http = sectionData(input.sections, "http");
  if (!http.ok) return skipped(id, http.reason);
  const maxAge = at(http.value, "hsts", "maxAge");
  if (at(http.value, "hsts", "valid") !== true || typeof maxAge !== "number" || maxAge <= 0) {
    return skipped(id, "the site sends no HSTS policy");
  }
  const ssl = sectionData(input.sections, "ssl");
  if (!ssl.ok) return skipped(id, ssl.reason);
  const daysRemaining = at(ssl.value, "certificate", "daysRemaining");
  const notAfter = stringAt(ssl.value, "certificate", "notAfter");
  if (typeof daysRemaining !== "number" || notAfter === null) {
    return skipped(id, "the ssl section read no certificate");
  }
  const preloadReady = at(http.value, "preload", "ready") === true;
  const details = { maxAge, preloadReady, certificateNotAfter: notAfter, daysRemaining };
  if (daysRemaining > hstsExpiryWarningDays) {
    return insight(
      id,
      "pass",
      `The certificate behind the HSTS policy is valid for ${daysRemaining} more days.`,
      details,
    );
  }
  const policy = preloadReady ? "an HSTS policy ready for the preload list" : "an HSTS policy";
  return insight(
    id,
    "warn",
    `The site sends ${policy} but its certificate expires on ${notAfter} (${daysRemaining} days): browsers will offer no way past the error if it is not renewed in time.`,
    details,
  );
}
