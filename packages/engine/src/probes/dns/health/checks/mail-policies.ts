import type { Finding } from "../../../../contract/finding.js";
import { impossibleName } from "../../../../protocols/dns/impossible-name.js";
import { mtaStsRecordId } from "../../../../protocols/mail-policy/mta-sts-record.js";
import { isTlsRptRecord, readTlsRpt } from "../../../../protocols/mail-policy/tls-rpt-record.js";
import type { DnsTxtRecord } from "../../declaration.js";
import type { RecordQuestionKey } from "../../record-questions.js";
import type { HealthFacts } from "../facts.js";
import { check, skipped } from "../finding.js";
import { withMail } from "./mail-facts.js";

/**
 * The TXT records of a policy name starting with `version`, or why they are unknown: the name
 * cannot exist (too long), or its lookup failed.
 */
function policyRecords(
  facts: HealthFacts,
  key: RecordQuestionKey,
  records: readonly DnsTxtRecord[],
  version: RegExp,
): string[] | { reason: string } {
  const name = `${key.slice(key.indexOf(":") + 1)}.${facts.domain}`;
  const impossible = impossibleName(name);
  if (impossible) return { reason: impossible };
  const unanswered = facts.unanswered[key];
  if (unanswered) return { reason: `${name} could not be read (${unanswered})` };
  return records.map((record) => record.value).filter((value) => version.test(value));
}

/** Only a domain that receives mail has a use for MTA-STS and TLS-RPT. */
function receivesMail(facts: HealthFacts): boolean {
  return facts.records.MX.some((record) => record.exchange !== ".");
}

/** `dns.mta-sts.present`: one valid `v=STSv1` record at `_mta-sts` (RFC 8461 3.1). */
export const mtaStsPresent = (facts: HealthFacts): Finding =>
  withMail(
    facts,
    "dns.mta-sts.present",
    () => {
      if (!receivesMail(facts))
        return skipped("dns.mta-sts.present", `${facts.domain} receives no mail (no MX)`);
      const records = policyRecords(
        facts,
        "TXT:_mta-sts",
        facts.records.mailPolicies.mtaSts,
        /^v=STSv1(;|\s|$)/,
      );
      if (!Array.isArray(records)) return skipped("dns.mta-sts.present", records.reason);
      const details = { records };
      if (records.length === 0) {
        return check(
          "dns.mta-sts.present",
          "warn",
          `No MTA-STS record at _mta-sts.${facts.domain}: senders cannot insist on TLS and verified certificates, so mail can be downgraded to plain text.`,
          details,
        );
      }
      const valid = records.length === 1 && mtaStsRecordId(records[0]!) !== null;
      if (!valid) {
        return check(
          "dns.mta-sts.present",
          "warn",
          records.length > 1
            ? `_mta-sts.${facts.domain} has ${records.length} STS records; senders then use none (RFC 8461 3.1).`
            : `The MTA-STS record of ${facts.domain} has no valid id= (1 to 32 letters and digits); senders ignore it.`,
          details,
        );
      }
      return check(
        "dns.mta-sts.present",
        "pass",
        `${facts.domain} announces an MTA-STS policy.`,
        details,
      );
    },
    ["MX"],
  );

/** `dns.tls-rpt.present`: one valid `v=TLSRPTv1` record with a reporting address (RFC 8460 3). */
export const tlsRptPresent = (facts: HealthFacts): Finding =>
  withMail(
    facts,
    "dns.tls-rpt.present",
    () => {
      if (!receivesMail(facts))
        return skipped("dns.tls-rpt.present", `${facts.domain} receives no mail (no MX)`);
      const records = policyRecords(
        facts,
        "TXT:_smtp._tls",
        facts.records.mailPolicies.tlsRpt,
        /^v=TLSRPTv1/,
      );
      if (!Array.isArray(records)) return skipped("dns.tls-rpt.present", records.reason);
      // The mail section reads the record through the same reader: one verdict for one record.
      const reading = readTlsRpt(records);
      const details = { records: records.filter(isTlsRptRecord) };
      if (reading === null) {
        return check(
          "dns.tls-rpt.present",
          "warn",
          `No TLS-RPT record at _smtp._tls.${facts.domain}: nobody hears about senders failing to reach the domain over TLS.`,
          details,
        );
      }
      if (!reading.valid) {
        return check(
          "dns.tls-rpt.present",
          "warn",
          `The TLS-RPT record of ${facts.domain} is not used by senders: ${reading.problem}.`,
          details,
        );
      }
      return check("dns.tls-rpt.present", "pass", `${facts.domain} asks for TLS reports.`, details);
    },
    ["MX"],
  );
