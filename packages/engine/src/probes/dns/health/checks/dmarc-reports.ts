import type { Finding } from "../../../../contract/finding.js";
import { readDmarcRecord } from "../../../../protocols/mail-policy/dmarc-record.js";
import type { HealthFacts } from "../facts.js";
import { check, skipped } from "../finding.js";
import { maxReportHosts } from "../gather/dmarc-reports.js";
import { withMail } from "./mail-facts.js";

/**
 * `dns.dmarc.report-destinations`: every `rua=`/`ruf=` URI is one receivers can use, and every
 * destination outside the organizational domain authorizes the domain's reports at
 * `<domain>._report._dmarc.<destination>` (RFC 7489 7.1); receivers send nothing to the rest.
 */
export const dmarcReportDestinations = (facts: HealthFacts): Finding =>
  withMail(facts, "dns.dmarc.report-destinations", (mail) => {
    const id = "dns.dmarc.report-destinations";
    if (mail.dmarc.records.length !== 1) {
      return skipped(
        id,
        mail.dmarc.records.length === 0
          ? "there is no DMARC record"
          : "there are several DMARC records",
      );
    }
    const reading = readDmarcRecord(mail.dmarc.records[0]!);
    const location = mail.dmarc.location;
    const policyDomain = location.slice("_dmarc.".length);
    const invalid = reading.discarded.filter((entry) => entry.tag === "rua" || entry.tag === "ruf");
    const unauthorized = mail.dmarc.reports.filter(
      (report) => report.error === null && report.records.length === 0,
    );
    const unread = mail.dmarc.reports.filter((report) => report.error !== null);
    const details = {
      location,
      policyDomain,
      record: reading.record,
      uris: reading.reportUris,
      invalid,
      authorizations: mail.dmarc.reports,
      unauthorized: unauthorized.map((report) => ({ host: report.host, name: report.name })),
    };
    const problems = [
      ...invalid.map((entry) => `${entry.tag}: ${entry.reason}; receivers skip it (RFC 7489 6.3).`),
      ...unauthorized.map(
        (report) =>
          `${report.host} does not accept ${policyDomain}'s reports: no "v=DMARC1" TXT record at ${report.name}, so receivers send it none (RFC 7489 7.1).`,
      ),
    ];
    if (problems.length > 0) return check(id, "warn", problems.join(" "), details);
    const remarks = [
      ...unread.map(
        (report) =>
          `Whether ${report.host} accepts the reports could not be read at ${report.name} (${report.error}).`,
      ),
      ...(["rua", "ruf"] as const)
        .filter((tag) => reading.reportUris.filter((uri) => uri.tag === tag).length > 2)
        .map(
          (tag) =>
            `${tag}= names more than two URIs; receivers need only send to two (RFC 7489 6.2).`,
        ),
      ...(new Set(reading.reportUris.map((uri) => uri.host)).size > maxReportHosts
        ? [`Only the first ${maxReportHosts} destinations were checked.`]
        : []),
    ];
    if (!reading.reportUris.some((uri) => uri.tag === "rua")) {
      return check(
        id,
        "info",
        [
          `The DMARC record at ${location} asks for no aggregate reports (rua=): nobody sees who sends mail in ${policyDomain}'s name.`,
          ...remarks,
        ].join(" "),
        details,
      );
    }
    if (remarks.length > 0) return check(id, "info", remarks.join(" "), details);
    const external = mail.dmarc.reports.length;
    return check(
      id,
      "pass",
      external === 0
        ? `Every DMARC report destination of ${policyDomain} is within its own organizational domain.`
        : `Every DMARC report destination of ${policyDomain} is valid, and the ${external} outside its organizational domain authorize its reports (RFC 7489 7.1).`,
      details,
    );
  });
