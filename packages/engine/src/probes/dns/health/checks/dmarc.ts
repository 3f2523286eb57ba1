import type { Finding } from "../../../../contract/finding.js";
import { impossibleName } from "../../../../protocols/dns/impossible-name.js";
import {
  isDmarcPolicy,
  isDmarcRecord,
  readDmarcRecord,
} from "../../../../protocols/mail-policy/dmarc-record.js";
import type { HealthFacts } from "../facts.js";
import { check, skipped } from "../finding.js";
import { withMail } from "./mail-facts.js";

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
      `No DMARC record at ${mail.dmarc.location}: receivers get no policy for mail forged in the name of ${facts.domain}.${misplaced(facts)}`,
      { ...details, others: mail.dmarc.others },
    );
  });

/** Where a DMARC record went that receivers never read (RFC 7489 6.1: only `_dmarc.<domain>`). */
function misplaced(facts: HealthFacts): string {
  const mail = facts.mail!;
  const atApex = facts.records.TXT.some((record) => isDmarcRecord(record.value));
  // A record with leading space or another prefix is no DMARC record (RFC 7489 6.6.3 step 3).
  const other = mail.dmarc.others.find((value) => /DMARC1|^v=spf1/i.test(value));
  return [
    atApex
      ? ` A DMARC record is published at ${facts.domain} itself, where receivers never look: it belongs at _dmarc.${facts.domain}.`
      : "",
    other
      ? ` The TXT record ${JSON.stringify(other.slice(0, 80))} at ${mail.dmarc.location} is not a DMARC record: one starts with "v=DMARC1", nothing before it.`
      : "",
  ].join("");
}

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
    const reading = readDmarcRecord(mail.dmarc.records[0]!);
    const { tags, repeated } = reading;
    const inherited = mail.dmarc.location !== `_dmarc.${facts.domain}`;
    // A subdomain takes the organizational domain's sp= when there is one (RFC 7489 6.6.3).
    const tag = inherited && tags.has("sp") ? "sp" : "p";
    // An invalid pct= is discarded for its default of 100 (RFC 7489 6.3).
    const badPct = reading.discarded.some((entry) => entry.tag === "pct");
    const pct = tags.has("pct") && !badPct ? Number(tags.get("pct")) : 100;
    const record = reading.record;
    const location = mail.dmarc.location;
    if (repeated.length > 0) {
      // DMARC's tag-list is DKIM's (RFC 7489 6.4), where a repeated tag voids the record.
      return check(
        "dns.dmarc.policy",
        "fail",
        `The DMARC record at ${location} gives ${repeated.map((name) => `${name}=`).join(", ")} more than once, which makes it invalid (RFC 6376 3.2); receivers ignore it.`,
        { policy: null, tag, pct, record, location, repeated },
      );
    }
    // An invalid or missing p=, or an invalid sp=, voids the policy (RFC 7489 6.6.3).
    const invalid = (["p", "sp"] as const).find(
      (name) => (name === "p" || tags.has(name)) && !isDmarcPolicy(tags.get(name)),
    );
    if (invalid) {
      const what =
        tags.get(invalid) === undefined
          ? `no ${invalid}= tag`
          : `an invalid ${invalid}=${tags.get(invalid)}`;
      if (!reading.reportUris.some((uri) => uri.tag === "rua")) {
        return check(
          "dns.dmarc.policy",
          "fail",
          `The DMARC record at ${location} has ${what}; receivers ignore it.`,
          { policy: reading.policy, tag, pct, record, location },
        );
      }
      // With a report address receivers act as for p=none (RFC 7489 6.6.3).
      return check(
        "dns.dmarc.policy",
        "warn",
        `The DMARC record at ${location} has ${what}: receivers act as for p=none and only report (RFC 7489 6.6.3). Give p= (and sp=) none, quarantine or reject.`,
        { policy: "none", tag, pct, record, location },
      );
    }
    const policy = tags.get(tag)!.toLowerCase();
    const details = {
      policy,
      tag,
      pct,
      record,
      location,
      discarded: reading.discarded.filter((entry) => entry.tag !== "rua" && entry.tag !== "ruf"),
      notes: reading.notes,
      unknown: reading.unknown,
    };
    const [status, message] = policyVerdict({ facts, tag, policy, pct, sp: tags.get("sp") });
    // Values receivers drop (RFC 7489 6.3) and notes on the syntax make a passing policy a warning.
    const remarks = [
      ...details.discarded.map(
        (entry) =>
          `${entry.tag}=${entry.value} is invalid (${entry.reason}); receivers discard it for the default (RFC 7489 6.3).`,
      ),
      ...reading.notes.map((note) => `${note[0]!.toUpperCase()}${note.slice(1)}.`),
    ];
    return check(
      "dns.dmarc.policy",
      remarks.length > 0 && status === "pass" ? "warn" : status,
      [message, ...remarks].join(" "),
      details,
    );
  });

/** The verdict on a valid policy: enforcing, for all mail, subdomains included. */
function policyVerdict(options: {
  facts: HealthFacts;
  tag: "p" | "sp";
  policy: string;
  pct: number;
  sp: string | undefined;
}): ["pass" | "warn", string] {
  const { facts, tag, policy, pct, sp } = options;
  if (policy === "none") {
    return [
      "warn",
      `The DMARC policy of ${facts.domain} is ${tag}=none: reports only, forged mail is still delivered. Move to quarantine or reject.`,
    ];
  }
  if (pct < 100) {
    return [
      "warn",
      `The DMARC policy of ${facts.domain} is ${tag}=${policy} but applies to pct=${pct} of the mail only.`,
    ];
  }
  if (tag === "p" && sp?.toLowerCase() === "none") {
    return [
      "warn",
      `The DMARC policy of ${facts.domain} is p=${policy}, but sp=none leaves its subdomains open to forgery (RFC 7489 6.3).`,
    ];
  }
  return ["pass", `The DMARC policy of ${facts.domain} is ${tag}=${policy}.`];
}
