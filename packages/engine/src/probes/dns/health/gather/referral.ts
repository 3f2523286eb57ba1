import type * as packet from "dns-packet";
import { isAddressAllowed } from "../../../../network/address-policy.js";
import { normalizeName } from "../../../../protocols/dns/records.js";
import {
  failure,
  type HealthSession,
  isFailure,
  type Outcome,
} from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import type { HostFacts, ParentAnswer, ParentServerAnswer } from "../facts.js";
import { isAtOrBelow } from "./names.js";

/**
 * Parent servers asked for the delegation: every one up to a few, since a parent server that
 * does not delegate (left behind by a change, serving an old copy) sends part of the resolvers
 * to NXDOMAIN; BASIC01 asks each.
 */
const parentServersAsked = 6;

/** The parent servers' addresses the policy lets us ask, IPv4 first, or why there are none. */
export function parentAddresses(options: {
  session: HealthSession;
  parentHosts: readonly HostFacts[];
}): Outcome<string[]> {
  const known = [...new Set(options.parentHosts.flatMap((host) => host.addresses))];
  const allowed = known.filter((address) =>
    isAddressAllowed(address, options.session.allowPrivateAddresses),
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
  return [...allowed].sort((a, b) => Number(a.includes(":")) - Number(b.includes(":")));
}

/**
 * Asks the servers of the parent zone `parent` directly, without recursion, for the NS of
 * `name`. A referral (the NS set in the authority section, glue in the additional) shows where
 * the delegation below `parent` is: at `name`, or at a name between them. A parent server that
 * also serves the child answers with authority instead: that is the delegation too. An
 * authoritative answer without NS for the name (NXDOMAIN, NODATA) says the name is inside
 * `parent`, not delegated. `answer` is the delegation when any server gives one; `servers` is
 * what each server said, for comparing them.
 */
export async function askParent(options: {
  session: HealthSession;
  parent: string;
  name: string;
  parentHosts: readonly HostFacts[];
}): Promise<{ answer: Outcome<ParentAnswer>; servers: ParentServerAnswer[] }> {
  const { session, parent, name } = options;
  const addresses = parentAddresses({ session, parentHosts: options.parentHosts });
  if (isFailure(addresses)) return { answer: addresses, servers: [] };
  const asked = addresses.slice(0, parentServersAsked);
  const responses = await Promise.all(
    asked.map((address) => session.direct({ address, name, type: "NS", dnssecOk: true })),
  );
  const servers = responses.map((response, index): ParentServerAnswer => {
    const server = session.serverLabel(asked[index]!);
    if (isFailure(response)) return { server, read: null, reason: response.message };
    const read = readParentAnswer({ response, parent, name, server });
    return read
      ? { server, read, reason: null }
      : {
          server,
          read: null,
          reason: `${server} answered ${response.rcode} without a delegation for ${name}`,
        };
  });
  const read = servers.flatMap((entry) => (entry.read ? [entry.read] : []));
  const answer = read.find((entry) => entry.kind === "referral") ?? read[0];
  if (answer) return { answer, servers };
  // Every parent server silent, or every one cut short by the budget, says so; else the answers
  // were there but useless.
  const codes = new Set(responses.map((response) => (isFailure(response) ? response.code : "")));
  const [only] = codes;
  return {
    answer: failure(
      codes.size === 1 && (only === "timeout" || only === "deadline") ? only : "malformed",
      `no server of ${parent} answered for the delegation of ${name}: ${servers.map((entry) => entry.reason).join("; ")}`,
    ),
    servers,
  };
}

/** One parent server's answer read as a delegation, as the name being inside, or null. */
function readParentAnswer(options: {
  response: DnsResponse;
  parent: string;
  name: string;
  server: string;
}): ParentAnswer | null {
  const { response, parent, name, server } = options;
  const nsOf = (records: packet.Answer[]) =>
    records.filter((record): record is packet.StringAnswer => record.type === "NS");
  // A referral: NS records owned by a name strictly below the parent, at or above the name.
  const delegated = nsOf(response.authorities).filter((record) => {
    const owner = normalizeName(record.name);
    return owner !== parent && isAtOrBelow(owner, parent) && isAtOrBelow(name, owner);
  });
  const answered = response.flags.aa
    ? nsOf(response.answers).filter((record) => normalizeName(record.name) === name)
    : [];
  const records = delegated.length > 0 ? delegated : answered;
  if (records.length > 0) {
    const zone = normalizeName(records[0]!.name);
    const nsHosts = [
      ...new Set(
        records
          .filter((record) => normalizeName(record.name) === zone)
          .map((record) => normalizeName(record.data)),
      ),
    ].sort();
    const glue: Record<string, string[]> = {};
    for (const record of response.additionals) {
      if (record.type !== "A" && record.type !== "AAAA") continue;
      const owner = normalizeName(record.name);
      if (!nsHosts.includes(owner)) continue;
      const address = (record.data as string).toLowerCase();
      const list = glue[owner] ?? [];
      if (!list.includes(address)) glue[owner] = [...list, address];
    }
    return {
      kind: "referral",
      referral: { server, zone, nsHosts, glue, authoritative: delegated.length === 0 },
    };
  }
  if (response.flags.aa && (response.rcode === "NOERROR" || response.rcode === "NXDOMAIN")) {
    return { kind: "inside", server, rcode: response.rcode };
  }
  return null;
}
