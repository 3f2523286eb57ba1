import type { Finding } from "../../contract/finding.js";
import { caaIssuerInsight } from "./caa-issuer.js";
import { certOutlivesDomainInsight } from "./cert-outlives-domain.js";
import { dnssecMismatchInsight } from "./dnssec-mismatch.js";
import { hstsCertificateInsight } from "./hsts-certificate.js";
import { type InsightId, insight } from "./insight.js";
import type { InsightInput } from "./insight-input.js";
import { daneDnssecBrokenInsight, mtaStsUnmetInsight } from "./mail-transport.js";
import { nameserversMismatchInsight } from "./nameservers-mismatch.js";

const insights: readonly [InsightId, (input: InsightInput) => Finding][] = [
  ["report.caa.issuer-not-allowed", caaIssuerInsight],
  ["report.cert-outlives-domain", certOutlivesDomainInsight],
  ["report.nameservers.mismatch", nameserversMismatchInsight],
  ["report.dnssec.mismatch", dnssecMismatchInsight],
  ["report.hsts.certificate-expiring", hstsCertificateInsight],
  ["report.mail.mta-sts-unmet", mtaStsUnmetInsight],
  ["report.mail.dane-dnssec-broken", daneDnssecBrokenInsight],
];

/**
 * Every insight over the report's sections, in a fixed order. Each is a pure function of the
 * sections' data, so it works whichever probes produced them; one that throws on data it did
 * not foresee is reported as skipped rather than costing the report.
 */
export function computeInsights(input: InsightInput): Finding[] {
  return insights.map(([id, compute]) => {
    try {
      return compute(input);
    } catch {
      return insight(id, "skipped", "Not checked: the sections' data has an unexpected shape.");
    }
  });
}
