import type { Finding } from "../../contract/finding.js";
import { insight, skipped } from "./insight.js";
import type { InsightInput } from "./insight-input.js";
import { at, sectionData, stringAt } from "./section-data.js";

const id = "report.cert-outlives-domain";
const dayMs = 86_400_000;

/**
 * `report.cert-outlives-domain`: the registration expires while the certificate is still valid.
 * If the name lapses, whoever registers it next can use the name while this certificate is
 * still trusted; more often it means the renewal is not on auto-renew.
 */
export function certOutlivesDomainInsight(input: InsightInput): Finding {
  const whois = sectionData(input.sections, "whois");
  if (!whois.ok) return skipped(id, whois.reason);
  if (at(whois.value, "registered") === false)
    return skipped(id, `${input.domain} is not registered`);
  const domainExpiresAt = stringAt(whois.value, "expiresAt");
  const domainExpiry = domainExpiresAt === null ? Number.NaN : Date.parse(domainExpiresAt);
  if (Number.isNaN(domainExpiry)) return skipped(id, "the registry gives no expiry date");

  const ssl = sectionData(input.sections, "ssl");
  if (!ssl.ok) return skipped(id, ssl.reason);
  const notAfter = stringAt(ssl.value, "certificate", "notAfter");
  const certificateExpiry = notAfter === null ? Number.NaN : Date.parse(notAfter);
  if (Number.isNaN(certificateExpiry)) return skipped(id, "the ssl section read no certificate");

  const details = { domainExpiresAt, certificateNotAfter: notAfter };
  if (certificateExpiry <= domainExpiry) {
    return insight(
      id,
      "pass",
      `The certificate (valid until ${notAfter}) expires before the registration (${domainExpiresAt}).`,
      details,
    );
  }
  const days = Math.ceil((certificateExpiry - domainExpiry) / dayMs);
  return insight(
    id,
    "warn",
    `The registration expires on ${domainExpiresAt}, ${days} days before the certificate (${notAfter}): renew the domain, or turn on auto-renewal, before it lapses.`,
    { ...details, daysOutlived: days },
  );
}
