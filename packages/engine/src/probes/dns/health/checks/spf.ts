import type { Finding } from "../../../../contract/finding.js";
import type { DnsCheckId } from "../check-ids.js";
import type { HealthFacts } from "../facts.js";
import { check, skipped } from "../finding.js";
import { maxLookups, maxVoidLookups } from "../spf/expand-spf.js";
import type { SpfFacts } from "../spf/spf-facts.js";
import { withMail } from "./mail-facts.js";
import { serverSets, setsText } from "./server-sets.js";

/** Runs a check of the domain's single SPF record; skipped when there is not exactly one. */
function withSpf(facts: HealthFacts, id: DnsCheckId, run: (spf: SpfFacts) => Finding): Finding {
  return withMail(
    facts,
    id,
    (mail) => {
      const count = mail.spf.records.length;
      if (count !== 1)
        return skipped(
          id,
          count === 0 ? "there is no SPF record" : "there are several SPF records",
        );
      return run(mail.spf);
    },
    ["TXT"],
  );
}

/**
 * `dns.spf.present`: the domain publishes an SPF policy (RFC 7208), the same on every server of
 * the zone (ZONE11).
 */
export const spfPresent = (facts: HealthFacts): Finding =>
  withMail(facts, "dns.spf.present", (mail) => spfPresence(facts, mail.spf.records), ["TXT"]);

/** `.arpa` holds the infrastructure's names (RFC 3172): nothing there sends mail. */
const isArpa = (domain: string) => domain === "arpa" || domain.endsWith(".arpa");

function spfPresence(facts: HealthFacts, records: string[]): Finding {
  const compared = serverSets(facts, "SPF");
  if (compared?.differing) {
    return check(
      "dns.spf.present",
      "warn",
      `The name servers of ${facts.domain} serve different SPF policies: ${setsText(compared.sets)}. Receivers judge mail by whichever their resolver got (every server of a zone serves the same data, RFC 1034 4.1): load the same zone on every server.`,
      { records, servers: compared.sets },
    );
  }
  if (records.length > 0) {
    return check("dns.spf.present", "pass", `${facts.domain} publishes an SPF policy.`, {
      records,
    });
  }
  if (isArpa(facts.domain)) {
    return check(
      "dns.spf.present",
      "info",
      `${facts.domain} has no SPF record, and needs none: names under .arpa are infrastructure (RFC 3172) and send no mail.`,
      { records },
    );
  }
  return check(
    "dns.spf.present",
    "warn",
    `${facts.domain} has no SPF record: anyone can send mail in its name unchallenged. A domain that sends no mail can publish "v=spf1 -all".`,
    { records },
  );
}

/** `dns.spf.single`: one SPF record at most (RFC 7208 4.5: several are a permerror). */
export const spfSingle = (facts: HealthFacts): Finding =>
  withMail(facts, "dns.spf.single", (mail) => spfCount(facts, mail.spf.records), ["TXT"]);

function spfCount(facts: HealthFacts, records: string[]): Finding {
  if (records.length === 0) return skipped("dns.spf.single", "there is no SPF record");
  if (records.length > 1) {
    return check(
      "dns.spf.single",
      "fail",
      `${facts.domain} has ${records.length} SPF records; receivers treat that as a permanent error and ignore them all (RFC 7208 4.5). Merge them into one.`,
      { records },
    );
  }
  return check("dns.spf.single", "pass", `${facts.domain} has one SPF record.`, { records });
}

/** `dns.spf.syntax`: the record, and those it includes, follow RFC 7208's grammar. */
export const spfSyntax = (facts: HealthFacts): Finding =>
  withSpf(facts, "dns.spf.syntax", (spf) => {
    const details = { record: spf.records[0], errors: spf.syntaxErrors };
    if (spf.syntaxErrors.length > 0) {
      const text = spf.syntaxErrors
        .map(
          (entry) =>
            `${entry.domain === facts.domain ? "" : `in ${entry.domain}: `}${entry.errors.join("; ")}`,
        )
        .join("; ");
      return check(
        "dns.spf.syntax",
        "fail",
        `The SPF policy is invalid, so receivers treat it as a permanent error: ${text}.`,
        details,
      );
    }
    return check("dns.spf.syntax", "pass", "The SPF policy is well formed.", details);
  });

/** `dns.spf.lookups`: at most 10 DNS-querying terms and 2 void lookups, no loops (RFC 7208 4.6.4). */
export const spfLookups = (facts: HealthFacts): Finding =>
  withSpf(facts, "dns.spf.lookups", (spf) => {
    const details = {
      lookups: spf.lookups,
      voidLookups: spf.voidLookups,
      loops: spf.loops,
      problems: spf.problems,
      cutShort: spf.cutShort,
      visited: spf.visited,
      policies: spf.policies,
    };
    const problems = [
      ...(spf.lookups > maxLookups
        ? [`it needs ${spf.lookups} DNS lookups, more than ${maxLookups}`]
        : []),
      ...(spf.voidLookups > maxVoidLookups
        ? [`${spf.voidLookups} of its lookups find nothing, more than ${maxVoidLookups}`]
        : []),
      ...spf.loops.map((loop) => `it includes itself: ${loop}`),
      ...spf.problems.filter((problem) => !problem.startsWith("lookup of")),
    ];
    if (problems.length > 0) {
      return check(
        "dns.spf.lookups",
        "fail",
        `The SPF evaluation ends in a permanent error: ${problems.join("; ")}.`,
        details,
      );
    }
    const failed = spf.problems.filter((problem) => problem.startsWith("lookup of"));
    if (failed.length > 0) {
      return check(
        "dns.spf.lookups",
        "warn",
        `Part of the SPF policy could not be read: ${failed.join("; ")}.`,
        details,
      );
    }
    if (spf.cutShort.length > 0) {
      return skipped(
        "dns.spf.lookups",
        `the time budget ran out before ${spf.cutShort.join(", ")} could be read`,
        details,
      );
    }
    return check(
      "dns.spf.lookups",
      "pass",
      `The SPF policy needs ${spf.lookups} of the ${maxLookups} DNS lookups allowed, ${spf.voidLookups} of them void.`,
      details,
    );
  });

/** `dns.spf.all`: the policy ends in `-all` or `~all`, directly or through redirect. */
export const spfAll = (facts: HealthFacts): Finding =>
  withSpf(facts, "dns.spf.all", (spf) => {
    const all = spf.all;
    const details = { all: all ? `${all.qualifier}all` : null, from: all?.domain ?? null };
    if (all === null && spf.allUnread) return skipped("dns.spf.all", spf.allUnread, details);
    if (all === null) {
      return check(
        "dns.spf.all",
        "warn",
        `The SPF policy has no terminal "all" (directly or through redirect=), so mail from unlisted servers gets a neutral result. End it with "-all" or "~all".`,
        details,
      );
    }
    const where = all.domain === facts.domain ? "" : ` (from ${all.domain})`;
    if (all.qualifier === "+") {
      return check(
        "dns.spf.all",
        "fail",
        `The SPF policy ends in "+all"${where}: it authorizes every server on the internet to send as ${facts.domain}.`,
        details,
      );
    }
    if (all.qualifier === "?") {
      return check(
        "dns.spf.all",
        "warn",
        `The SPF policy ends in "?all"${where}: unlisted servers get a neutral result. Use "-all" or "~all".`,
        details,
      );
    }
    return check(
      "dns.spf.all",
      "pass",
      `The SPF policy ends in "${all.qualifier}all"${where}.`,
      details,
    );
  });
