import type * as packet from "dns-packet";
import { normalizeName } from "../../../../protocols/dns/records.js";
import {
  failure,
  type HealthSession,
  isFailure,
  type Outcome,
} from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import { isAtOrBelow, parentName } from "./names.js";

/** Failures that say the resolver cannot answer for this name, not that it cannot answer. */
const climbable = new Set(["rcode", "timeout", "network", "malformed"]);

/**
 * The apex of the zone holding `name`, from the resolver's SOA answers: the name itself when it
 * owns a SOA, else the owner of the SOA in the authority section of its NODATA or NXDOMAIN
 * answer. An alias is not a zone apex, and its answer describes the target's zone: climb instead.
 * A name the resolver fails for (its zone's servers are broken) is climbed past too: the zone
 * above is then asked about the delegation (`locateZone`). `known` is an answer to SOA of `name`
 * the caller already has; `skipFirst` says the resolver already failed it.
 */
export async function findZone(options: {
  session: HealthSession;
  name: string;
  known?: DnsResponse | undefined;
  skipFirst?: boolean;
}): Promise<Outcome<string>> {
  const { session } = options;
  let current: string | null = normalizeName(options.name);
  let response: Outcome<DnsResponse> | undefined = options.known;
  let first: Outcome<DnsResponse> | undefined;
  if (options.skipFirst) {
    first = failure("rcode", `the resolver failed for ${current}`);
    current = parentName(current);
  }
  while (current !== null) {
    response ??= await session.recursive({ name: current, type: "SOA" });
    first ??= response;
    if (isFailure(response)) {
      if (!climbable.has(response.code)) return response;
      current = parentName(current);
      response = undefined;
      continue;
    }
    const at = current;
    const aliased = response.answers.some(
      (record) => record.type === "CNAME" && normalizeName(record.name) === at,
    );
    if (!aliased) {
      if (response.answers.some((r) => r.type === "SOA" && normalizeName(r.name) === at)) {
        return at;
      }
      const authority = response.authorities.find(
        (record) => record.type === "SOA" && isAtOrBelow(at, record.name),
      );
      if (authority) return normalizeName(authority.name);
    }
    current = parentName(current);
    response = undefined;
  }
  if (first && isFailure(first)) return first;
  return failure(
    "malformed",
    `the resolver gives no SOA record for ${options.name} or its parents`,
  );
}

/** The NS host names owned by `zone` in an answer, sorted; an empty list for NODATA. */
export function nsHostsOf(options: { response: DnsResponse; zone: string }): string[] {
  const hosts = options.response.answers
    .filter(
      (record): record is packet.StringAnswer =>
        record.type === "NS" && normalizeName(record.name) === options.zone,
    )
    .map((record) => normalizeName(record.data));
  return [...new Set(hosts)].sort();
}

/**
 * The zone's own NS set from an answer, or why the answer is not the zone's. A zone has NS
 * records at its apex (RFC 1034 4.2.1), so an answer without them came from a server that does
 * not serve the zone: its NODATA carries the SOA of the zone it does serve (RFC 2308 2.2), an
 * ancestor's server answering for a name it delegated, or it names another owner's servers.
 * Zonemaster's BASIC01 disregards such a server (B01_SERVER_ZONE_ERROR); reading its answer as
 * "no name servers" would report a delegation mismatch that the zone never made.
 */
export function zoneNsHosts(options: { response: DnsResponse; zone: string }): Outcome<string[]> {
  const { response, zone } = options;
  const hosts = nsHostsOf({ response, zone });
  if (hosts.length > 0 || response.rcode !== "NOERROR") return hosts;
  const soa = response.authorities.find((record) => record.type === "SOA");
  if (soa && normalizeName(soa.name) === zone) return hosts;
  const other = response.answers.find((record) => record.type === "NS");
  // A bare NODATA (neither) says nothing of whose it is: read as it stands.
  if (!soa && !other) return hosts;
  const whose = soa
    ? `the SOA of ${normalizeName(soa.name)}, the zone its server serves instead`
    : `the name servers of ${normalizeName(other!.name)}`;
  return failure(
    "malformed",
    `the answer for ${zone}/NS is not ${zone}'s: it holds no NS records of ${zone} but ${whose}`,
  );
}

/**
 * The NS set the zone's own servers give when asked directly, for when the resolver's answer
 * could not be read as the zone's: the set every server answering authoritatively with NS
 * records of the zone agrees on, or null when none does or they differ (the checks then say the
 * NS records could not be read, as before).
 */
export function nsHostsFromServers(options: {
  answers: readonly Outcome<DnsResponse>[];
  zone: string;
}): string[] | null {
  const { answers, zone } = options;
  const sets = answers
    .filter((answer) => !isFailure(answer) && answer.flags.aa)
    .map((answer) => nsHostsOf({ response: answer as DnsResponse, zone }))
    .filter((hosts) => hosts.length > 0);
  const first = sets[0];
  if (!first) return null;
  const same = sets.every((hosts) => hosts.join(" ") === first.join(" "));
  return same ? first : null;
}
