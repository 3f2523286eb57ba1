import type * as packet from "dns-packet";
import { isAddressAllowed } from "../../../../network/address-policy.js";
import { normalizeName } from "../../../../protocols/dns/records.js";
import {
  failure,
  type HealthSession,
  isFailure,
  type Outcome,
} from "../../../../protocols/dns/session.js";
import type { HostFacts, Referral } from "../facts.js";

/** Parent servers asked at once: one spare in case the first is down, without hammering all. */
const parentServersAsked = 2;

/**
 * Asks parent zone servers directly, without recursion, for the zone's NS: the referral carries
 * the delegation's NS set in the authority section and glue in the additional section. A parent
 * server that also serves the child answers with authority instead; that is taken too.
 */
export async function askReferral(options: {
  session: HealthSession;
  zone: string;
  parentHosts: readonly HostFacts[];
}): Promise<Outcome<Referral>> {
  const { session, zone } = options;
  const known = [...new Set(options.parentHosts.flatMap((host) => host.addresses))];
  const allowed = known.filter((address) =>
    isAddressAllowed(address, session.allowPrivateAddresses),
  );
  if (allowed.length === 0) {
    return known.length > 0
      ? failure(
          "blocked",
          `the parent's name servers are at non-public addresses (${known.join(", ")})`,
        )
      : failure("network", "no address is known for the parent zone's name servers");
  }
  // IPv4 first: still the better-connected family for most parent servers.
  const chosen = [...allowed].sort((a, b) => Number(a.includes(":")) - Number(b.includes(":")));
  const asked = chosen.slice(0, parentServersAsked);
  const responses = await Promise.all(
    asked.map((address) => session.direct({ address, name: zone, type: "NS", dnssecOk: true })),
  );
  const reasons: string[] = [];
  for (const [index, response] of responses.entries()) {
    const server = session.serverLabel(asked[index]!);
    if (isFailure(response)) {
      reasons.push(response.message);
      continue;
    }
    const owned = (records: packet.Answer[]) =>
      records
        .filter(
          (record): record is packet.StringAnswer =>
            record.type === "NS" && normalizeName(record.name) === zone,
        )
        .map((record) => normalizeName(record.data));
    const delegated = owned(response.authorities);
    const answered = response.flags.aa ? owned(response.answers) : [];
    const nsHosts = [...new Set(delegated.length > 0 ? delegated : answered)].sort();
    if (nsHosts.length === 0) {
      reasons.push(`${server} answered ${response.rcode} without a delegation for ${zone}`);
      continue;
    }
    const glue: Record<string, string[]> = {};
    for (const record of response.additionals) {
      if (record.type !== "A" && record.type !== "AAAA") continue;
      const owner = normalizeName(record.name);
      if (!nsHosts.includes(owner)) continue;
      const address = (record.data as string).toLowerCase();
      const list = glue[owner] ?? [];
      if (!list.includes(address)) glue[owner] = [...list, address];
    }
    return { server, nsHosts, glue, authoritative: delegated.length === 0 };
  }
  // Every parent server silent, or every one cut short by the budget, says so; else the answers
  // were there but useless.
  const codes = new Set(responses.map((response) => (isFailure(response) ? response.code : "")));
  const [only] = codes;
  return failure(
    codes.size === 1 && (only === "timeout" || only === "deadline") ? only : "malformed",
    `no parent server gave the delegation of ${zone}: ${reasons.join("; ")}`,
  );
}
