import type { Finding } from "../../../../contract/finding.js";
import type { DnsCheckId } from "../check-ids.js";
import type { HealthFacts, MailFacts } from "../facts.js";
import { skipped } from "../finding.js";

/**
 * Runs a mail check once the mail lookups ran; skipped for a name that does not exist, or when
 * a record set it `needs` could not be read (its absence would be a guess).
 */
export function withMail(
  facts: HealthFacts,
  id: DnsCheckId,
  run: (mail: MailFacts) => Finding,
  needs: readonly ("MX" | "TXT")[] = [],
): Finding {
  if (facts.mail === null) return skipped(id, `${facts.domain} does not exist`);
  for (const type of needs) {
    const reason = facts.unanswered[type];
    if (reason)
      return skipped(id, `the ${type} records of ${facts.domain} could not be read (${reason})`);
  }
  return run(facts.mail);
}

/** A single MX with the root as target: the domain accepts no mail (RFC 7505). */
export const isNullMx = (facts: HealthFacts) =>
  facts.records.MX.length === 1 && facts.records.MX[0]!.exchange === ".";
