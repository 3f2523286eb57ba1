import type { ParentFacts, ParentServerAnswer } from "../facts.js";
import { listText } from "../finding.js";

/**
 * What one parent server says about the zone, in words; equal words, equal delegations. A
 * referral to another cut (a zone between the parent and this one) names another parent, which
 * is where the zone was looked for, not a word on this delegation.
 */
function said(entry: ParentServerAnswer, zone: string): string | null {
  const { read } = entry;
  if (read === null) return null;
  if (read.kind === "inside") return `answers ${read.rcode} (no delegation)`;
  if (read.referral.zone !== zone) return null;
  return `delegates it to ${listText(read.referral.nsHosts)}`;
}

/**
 * The parent's servers that disagree about the delegation (BASIC01's inconsistent delegation):
 * one delegates, another answers NXDOMAIN or with another NS set, and which one a resolver
 * asks decides whether the zone exists. Servers that gave no usable answer say nothing either
 * way and are left out. Null when every answering server says the same.
 */
export function parentDisagreement(options: {
  parent: ParentFacts;
  zone: string;
}): { text: string; servers: { server: string; said: string }[] } | null {
  const { parent, zone } = options;
  const servers = parent.servers.flatMap((entry) => {
    const words = said(entry, zone);
    return words === null ? [] : [{ server: entry.server, said: words }];
  });
  const groups = new Map<string, string[]>();
  for (const { server, said: words } of servers) {
    groups.set(words, [...(groups.get(words) ?? []), server]);
  }
  if (groups.size < 2) return null;
  const text = [...groups].map(([words, names]) => `${listText(names)} ${words}`).join("; ");
  return { text: `the servers of ${parent.apex} disagree: ${text}`, servers };
}
