import type { RemediationChange } from "../../../contract/remediation.js";
import { remediation, stringsAt } from "../../../protocols/remediation/build.js";
import { rfc } from "../../../protocols/remediation/references.js";
import { dnsRecordChange, txtValue } from "../../../protocols/remediation/zone-line.js";
import { isSpfRecord, parseSpf, type SpfMechanism } from "../../../protocols/spf/parse-spf.js";
import { type DnsFix, detailsOf, mxHosts } from "./fix.js";
import { serverSetsFix } from "./server-sets-fix.js";
import { describeRewrite, maxLookups, rewriteSpf } from "./spf-rewrite.js";

const spfTtl = 3600;
const references = [rfc(7208)];

/** The SPF record(s) of the domain, from its TXT records. */
const spfRecords = (data: Parameters<DnsFix>[1]) =>
  data.records.TXT.map((record) => record.value).filter(isSpfRecord);

/** Replaces the domain's SPF record(s) by `value`, leaving its other TXT records alone. */
const replaceSpf = (domain: string, present: readonly string[], value: string): RemediationChange =>
  dnsRecordChange({
    action: present.length > 0 ? "replace" : "add",
    owner: domain,
    type: "TXT",
    ttl: spfTtl,
    value: txtValue(value),
    ...(present.length > 0 ? { replaces: present.map(txtValue) } : {}),
  });

/**
 * `dns.spf.present`: a policy naming the MX hosts as senders, or none at all without mail; one
 * policy on every server.
 */
export const spfPresentFix: DnsFix = (finding, data, { domain }) => {
  const differing = serverSetsFix({ finding, domain, what: "SPF policy" });
  if (differing) return differing;
  const receives = mxHosts(data).length > 0;
  const value = receives ? "v=spf1 mx -all" : "v=spf1 -all";
  return remediation({
    summary: receives
      ? `Publish an SPF policy for ${domain} that lets its MX hosts send and refuses every other server.`
      : `Publish an SPF policy saying ${domain} sends no mail.`,
    changes: [replaceSpf(domain, [], value)],
    steps: [
      receives
        ? "If other servers or services send mail as the domain (a newsletter service, a web application), add their ip4:/ip6:/include: terms before -all."
        : "If the domain does send mail, list its sending servers (ip4:, ip6:, include:) before -all instead.",
    ],
    references,
  });
};

/** `dns.spf.single`: the records merged into one, senders united, the strictest `all` kept. */
export const spfSingleFix: DnsFix = (finding, _data, { domain }) => {
  const present = stringsAt(detailsOf(finding).records);
  if (present.length < 2) return undefined;
  const order = ["-", "~", "?", "+"];
  const terms: string[] = [];
  let all: SpfMechanism | undefined;
  let redirect: string | undefined;
  for (const record of present) {
    for (const term of parseSpf(record).terms) {
      if (term.kind === "mechanism" && term.name === "all") {
        if (!all || order.indexOf(term.qualifier) < order.indexOf(all.qualifier)) all = term;
        continue;
      }
      if (term.kind === "modifier" && term.name === "redirect") {
        redirect ??= term.text;
        continue;
      }
      if (!terms.some((seen) => seen.toLowerCase() === term.text.toLowerCase()))
        terms.push(term.text);
    }
  }
  // A redirect applies only when no `all` ends the record (RFC 7208 6.1).
  const ending = all ? [all.text] : redirect ? [redirect] : [];
  const merged = ["v=spf1", ...terms, ...ending].join(" ");
  return remediation({
    summary: `Merge the ${present.length} SPF records of ${domain} into one: every sender they list, ending in ${ending[0] ?? "no all"}.`,
    changes: [replaceSpf(domain, present, merged)],
    steps: ["Check that the merged list names every server that sends mail for the domain."],
    references: [rfc(7208, "4.5")],
  });
};

/** `dns.spf.syntax`: the domain's own record without the terms receivers cannot read. */
export const spfSyntaxFix: DnsFix = (finding, data, { domain }) => {
  const errors = (detailsOf(finding).errors ?? []) as { domain: string; errors: string[] }[];
  const present = spfRecords(data);
  if (present.length !== 1) return undefined;
  const elsewhere = errors.filter((entry) => entry.domain !== domain);
  if (elsewhere.length > 0) {
    return remediation({
      summary: `The SPF records of ${elsewhere.map((entry) => entry.domain).join(", ")}, which ${domain} includes, are invalid.`,
      steps: [
        `Ask the operator of ${elsewhere.map((entry) => entry.domain).join(", ")} to fix their SPF record, or remove the include: from ${domain}'s record.`,
      ],
      references: [rfc(7208, "12")],
    });
  }
  const parsed = parseSpf(present[0]!);
  const fixed = ["v=spf1", ...parsed.terms.map((term) => term.text)].join(" ");
  return remediation({
    summary: `Rewrite the SPF record of ${domain} without the terms receivers cannot read: ${parsed.errors.join("; ")}.`,
    changes: [replaceSpf(domain, present, fixed)],
    steps: [
      "If a dropped term was meant to authorize a sender, write it again by RFC 7208's grammar (ip4:192.0.2.1, include:example.net).",
    ],
    references: [rfc(7208, "12")],
  });
};

/** `dns.spf.lookups`: a rewrite of the same meaning with fewer lookups. */
export const spfLookupsFix: DnsFix = (finding, data, { domain }) => {
  const details = detailsOf(finding);
  const present = spfRecords(data);
  const policies = (details.policies ?? {}) as Record<string, string | null>;
  if (present.length !== 1 || Number(details.lookups) <= maxLookups) {
    return remediation({
      summary: `Make the SPF evaluation of ${domain} end without a permanent error.`,
      steps: [
        "Remove include: and redirect= loops and terms whose targets publish nothing (each void lookup counts; at most 2 are allowed).",
      ],
      references: [rfc(7208, "4.6.4")],
    });
  }
  const rewrite = rewriteSpf({ record: present[0]!, policies, domain });
  const changed = describeRewrite(rewrite);
  if (changed.length === 0) {
    return remediation({
      summary: `The SPF policy of ${domain} needs ${rewrite.lookupsBefore} lookups; none of its includes is a fixed address list that could be inlined.`,
      steps: [
        "Remove senders you no longer use, or move some of them to a subdomain with its own SPF policy (for example the envelope sender of a newsletter service).",
      ],
      references: [rfc(7208, "4.6.4")],
    });
  }
  const within = rewrite.lookupsAfter <= maxLookups;
  return remediation({
    summary: `Rewrite the SPF record of ${domain} to the same senders with ${rewrite.lookupsAfter} of the ${maxLookups} lookups allowed instead of ${rewrite.lookupsBefore}: ${changed.join("; ")}.`,
    changes: [replaceSpf(domain, present, rewrite.record)],
    steps: [
      "The inlined addresses are copies: when a provider changes its sending addresses, its include must be inlined again (the dns section will report the difference as a changed policy).",
      ...(within
        ? []
        : [
            `Still ${rewrite.lookupsAfter} lookups: remove senders you no longer use, or move some to a subdomain with its own SPF policy.`,
          ]),
    ],
    references: [rfc(7208, "4.6.4"), rfc(7208, "5.2")],
  });
};

/** `dns.spf.all`: the record ends in `~all`, then `-all` once nothing legitimate fails. */
export const spfAllFix: DnsFix = (finding, data, { domain }) => {
  const from = detailsOf(finding).from;
  const present = spfRecords(data);
  if (present.length !== 1) return undefined;
  if (typeof from === "string" && from !== domain) {
    return remediation({
      summary: `The terminal policy of ${domain} comes from ${from} through redirect=.`,
      steps: [
        `End ${domain}'s own record with ~all or -all (which then takes the place of the redirect), or ask the operator of ${from} to.`,
      ],
      references: [rfc(7208, "6.1")],
    });
  }
  // A redirect= stops applying once the record ends in all (RFC 7208 6.1): its senders stay
  // through an include: of the same domain.
  const terms = parseSpf(present[0]!).terms.flatMap((term) => {
    if (term.kind === "mechanism" && term.name === "all") return [];
    if (term.kind === "modifier" && term.name === "redirect") return [`include:${term.value}`];
    return [term.text];
  });
  const ending = (all: string) => ["v=spf1", ...terms, all].join(" ");
  const soft = ending("~all");
  return remediation({
    summary: `End the SPF policy of ${domain} in ~all, then -all: unlisted servers soft-fail, then fail.`,
    changes: [
      { ...replaceSpf(domain, present, soft), stage: 1 },
      { ...replaceSpf(domain, [soft], ending("-all")), stage: 2 },
    ],
    steps: [
      "After stage 1, read the DMARC aggregate reports: when no legitimate sender soft-fails, publish stage 2.",
    ],
    references: [rfc(7208, "5.1")],
  });
};
