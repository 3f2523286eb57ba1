import type { Remediation, RemediationChange } from "../../../contract/remediation.js";
import { remediation, stringsAt } from "../../../protocols/remediation/build.js";
import {
  readTags,
  type TagList,
  tagValue,
  withoutTag,
  withTag,
  writeTags,
} from "../../../protocols/remediation/mail-policy-text.js";
import { rfc } from "../../../protocols/remediation/references.js";
import { dnsRecordChange, txtValue } from "../../../protocols/remediation/zone-line.js";
import { type DnsFix, detailsOf } from "./fix.js";

const dmarcTtl = 3600;
const references = [rfc(7489, "6.3"), rfc(7489, "7.1")];
const mailboxParameter = {
  name: "reportMailbox",
  description:
    "The mailbox that receives the daily DMARC aggregate reports (an address you read or a report service's). A mailbox in another domain must be authorized by that domain (RFC 7489 7.1).",
};

/**
 * The DMARC record in stages from `tags`: each policy in `policies` a stage, every other tag
 * kept (an existing rua above all), `pct` dropped so each stage covers all mail.
 */
function stagedPolicy(options: {
  domain: string;
  tags: TagList;
  present: readonly string[];
  policies: readonly ("none" | "quarantine" | "reject")[];
  tag?: "p" | "sp";
}): { changes: RemediationChange[]; needsMailbox: boolean } {
  const { tag = "p" } = options;
  let tags = withoutTag(options.tags, "pct");
  const needsMailbox = tagValue(tags, "rua") === undefined;
  if (needsMailbox) tags = withTag(tags, "rua", "mailto:{{reportMailbox}}");
  const changes: RemediationChange[] = [];
  let previous = options.present.map(txtValue);
  options.policies.forEach((policy, index) => {
    const value = txtValue(writeTags(withTag(tags, tag, policy, "v")));
    changes.push(
      dnsRecordChange({
        action: previous.length > 0 ? "replace" : "add",
        owner: `_dmarc.${options.domain}`,
        type: "TXT",
        ttl: dmarcTtl,
        value,
        ...(previous.length > 0 ? { replaces: previous } : {}),
        ...(options.policies.length > 1 ? { stage: index + 1 } : {}),
      }),
    );
    previous = [value];
  });
  return { changes, needsMailbox };
}

const rampSteps = [
  "Read the aggregate reports after each stage: when every legitimate source passes SPF or DKIM aligned with the domain (two weeks without surprises), publish the next stage.",
];

function staged(summary: string, result: ReturnType<typeof stagedPolicy>): Remediation {
  return remediation({
    summary,
    changes: result.changes,
    steps: rampSteps,
    references,
    parameters: result.needsMailbox ? [mailboxParameter] : [],
  });
}

/** `dns.dmarc.present`: a policy at `_dmarc`, monitoring first, then quarantine, then reject. */
export const dmarcPresentFix: DnsFix = (_finding, _data, { domain }) =>
  staged(
    `Publish a DMARC policy for ${domain}: p=none with aggregate reports, then quarantine, then reject.`,
    stagedPolicy({
      domain,
      tags: [["v", "DMARC1"]],
      present: [],
      policies: ["none", "quarantine", "reject"],
    }),
  );

/** `dns.dmarc.single`: one record, the strictest policy, keeping every report address. */
export const dmarcSingleFix: DnsFix = (finding, _data, { domain }) => {
  const details = detailsOf(finding);
  const present = stringsAt(details.records);
  if (present.length < 2 || details.location !== `_dmarc.${domain}`) return undefined;
  const parsed = present.map(readTags);
  // The strictest policy stays: merging must not weaken what the domain asked for.
  const strength = (tags: TagList) =>
    ["none", "quarantine", "reject"].indexOf((tagValue(tags, "p") ?? "").toLowerCase());
  const base = parsed.reduce((best, tags) => (strength(tags) > strength(best) ? tags : best));
  const rua = [
    ...new Set(
      parsed.flatMap((tags) => (tagValue(tags, "rua") ?? "").split(",")).map((uri) => uri.trim()),
    ),
  ].filter(Boolean);
  const tags = rua.length > 0 ? withTag(base, "rua", rua.join(",")) : base;
  return remediation({
    summary: `Keep one DMARC record at _dmarc.${domain}: receivers ignore all ${present.length} while there are several.`,
    changes: [
      dnsRecordChange({
        action: "replace",
        owner: `_dmarc.${domain}`,
        type: "TXT",
        ttl: dmarcTtl,
        value: txtValue(writeTags(tags)),
        replaces: present.map(txtValue),
      }),
    ],
    references: [rfc(7489, "6.6.3")],
  });
};

/**
 * The record without what the check warned of: values receivers discard, tags DMARC does not
 * define, `sp=none` under an enforcing policy; `p=` moved right after `v=` (RFC 7489 6.3).
 */
function cleaned(tags: TagList, details: Record<string, unknown>): TagList {
  const discarded = Array.isArray(details.discarded)
    ? details.discarded.flatMap((entry) =>
        typeof entry === "object" && entry !== null && "tag" in entry ? [String(entry.tag)] : [],
      )
    : [];
  const drop = new Set([...discarded, ...stringsAt(details.unknown)]);
  if ((tagValue(tags, "sp") ?? "").toLowerCase() === "none") drop.add("sp");
  const kept = tags.filter(([name]) => !drop.has(name.toLowerCase()));
  const policy = tagValue(kept, "p");
  return policy === undefined ? kept : withTag(withoutTag(kept, "p"), "p", policy, "v");
}

/** `dns.dmarc.policy`: the policy raised to quarantine then reject, the rest of the record kept. */
export const dmarcPolicyFix: DnsFix = (finding, _data, { domain }) => {
  const details = detailsOf(finding);
  const record = typeof details.record === "string" ? details.record : undefined;
  if (record === undefined) return undefined;
  const location = typeof details.location === "string" ? details.location : `_dmarc.${domain}`;
  const inherited = location !== `_dmarc.${domain}`;
  // An inherited policy is the organizational domain's to change; the subdomain can publish its own.
  const tags: TagList = inherited ? [["v", "DMARC1"]] : cleaned(readTags(record), details);
  const keep = inherited ? tagValue(readTags(record), "rua") : undefined;
  const start = keep ? withTag(tags, "rua", keep) : tags;
  const current = details.policy;
  const policies: ("quarantine" | "reject")[] =
    current === "quarantine" ? ["quarantine"] : ["quarantine", "reject"];
  if (current === "reject") policies.splice(0, 2, "reject");
  return staged(
    inherited
      ? `Publish ${domain}'s own DMARC record (it inherits ${location}'s, whose policy does not enforce): quarantine, then reject.`
      : current === "none" || current === null
        ? `Raise the DMARC policy of ${domain} from ${current === null ? "none given" : "p=none"} to quarantine, then reject, keeping its report addresses.`
        : `Correct the DMARC record of ${domain}: its policy for all mail (no pct=) and its subdomains, without the values receivers discard.`,
    stagedPolicy({ domain, tags: start, present: inherited ? [] : [record], policies }),
  );
};
