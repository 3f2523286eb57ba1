import type { Finding } from "../../../../contract/finding.js";
import { impossibleName } from "../../../../protocols/dns/impossible-name.js";
import type { HealthFacts } from "../facts.js";
import { check, skipped } from "../finding.js";
import { withMail } from "./mail-facts.js";

/** DMARC tags (RFC 7489 6.3), names lower case. */
function dmarcTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(";")) {
    const match = /^\s*([a-z]+)\s*=\s*(.*?)\s*$/i.exec(part);
    if (match) tags.set(match[1]!.toLowerCase(), match[2]!);
  }
  return tags;
}

/** `dns.dmarc.present`: a DMARC record at `_dmarc`, or at the organizational domain (RFC 7489 6.6.3). */
export const dmarcPresent = (facts: HealthFacts): Finding =>
  withMail(facts, "dns.dmarc.present", (mail) => {
    const own = facts.unanswered["TXT:_dmarc"];
    if (own) return skipped("dns.dmarc.present", `the DMARC record could not be read (${own})`);
    // A `_dmarc` name too long to exist holds no record: receivers go on to the organizational
    // domain's (RFC 7489 6.6.3), and so does the check; only when that is the same name is
    // there nothing to judge.
    const impossible = impossibleName(mail.dmarc.location);
    if (impossible) return skipped("dns.dmarc.present", impossible);
    if (mail.dmarc.error)
      return skipped(
        "dns.dmarc.present",
        `${mail.dmarc.location} could not be read (${mail.dmarc.error})`,
      );
    const details = { location: mail.dmarc.location, records: mail.dmarc.records };
    if (mail.dmarc.records.length > 0) {
      return check(
        "dns.dmarc.present",
        "pass",
        `A DMARC policy applies to ${facts.domain}, published at ${mail.dmarc.location}.`,
        details,
      );
    }
    return check(
      "dns.dmarc.present",
      "warn",
      `No DMARC record at ${mail.dmarc.location}: receivers get no policy for mail forged in the name of ${facts.domain}.`,
      details,
    );
  });

/** `dns.dmarc.single`: exactly one DMARC record (RFC 7489 6.6.3: several mean none). */
export const dmarcSingle = (facts: HealthFacts): Finding =>
  withMail(facts, "dns.dmarc.single", (mail) => {
    const count = mail.dmarc.records.length;
    if (count === 0) return skipped("dns.dmarc.single", "there is no DMARC record");
    const details = { location: mail.dmarc.location, records: mail.dmarc.records };
    if (count > 1) {
      return check(
        "dns.dmarc.single",
        "fail",
        `${mail.dmarc.location} has ${count} DMARC records; receivers then apply none of them.`,
        details,
      );
    }
    return check(
      "dns.dmarc.single",
      "pass",
      `${mail.dmarc.location} has one DMARC record.`,
      details,
    );
  });

/** `dns.dmarc.policy`: the policy enforces (quarantine or reject); `p=none` only monitors. */
export const dmarcPolicy = (facts: HealthFacts): Finding =>
  withMail(facts, "dns.dmarc.policy", (mail) => {
    if (mail.dmarc.records.length !== 1) {
      return skipped(
        "dns.dmarc.policy",
        mail.dmarc.records.length === 0
          ? "there is no DMARC record"
          : "there are several DMARC records",
      );
    }
    const tags = dmarcTags(mail.dmarc.records[0]!);
    const inherited = mail.dmarc.location !== `_dmarc.${facts.domain}`;
    // A subdomain takes the organizational domain's sp= when there is one (RFC 7489 6.6.3).
    const tag = inherited && tags.has("sp") ? "sp" : "p";
    const policy = tags.get(tag)?.toLowerCase();
    const pct = tags.has("pct") ? Number(tags.get("pct")) : 100;
    const details = { policy: policy ?? null, tag, pct, record: mail.dmarc.records[0] };
    if (policy !== "none" && policy !== "quarantine" && policy !== "reject") {
      return check(
        "dns.dmarc.policy",
        "fail",
        `The DMARC record at ${mail.dmarc.location} has ${policy === undefined ? `no ${tag}= tag` : `an invalid ${tag}=${policy}`}; receivers ignore it.`,
        details,
      );
    }
    if (policy === "none") {
      return check(
        "dns.dmarc.policy",
        "warn",
        `The DMARC policy of ${facts.domain} is ${tag}=none: reports only, forged mail is still delivered. Move to quarantine or reject.`,
        details,
      );
    }
    if (!Number.isInteger(pct) || pct < 100) {
      return check(
        "dns.dmarc.policy",
        "warn",
        `The DMARC policy of ${facts.domain} is ${tag}=${policy} but applies to pct=${tags.get("pct")} of the mail only.`,
        details,
      );
    }
    return check(
      "dns.dmarc.policy",
      "pass",
      `The DMARC policy of ${facts.domain} is ${tag}=${policy}.`,
      details,
    );
  });
