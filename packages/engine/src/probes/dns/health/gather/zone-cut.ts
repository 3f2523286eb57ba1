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

/**
 * The apex of the zone holding `name`, from the resolver's SOA answers: the name itself when it
 * owns a SOA, else the owner of the SOA in the authority section of its NODATA or NXDOMAIN
 * answer. An alias is not a zone apex, and its answer describes the target's zone: climb instead.
 * `known` is an answer to SOA of `name` the caller already has.
 */
export async function findZone(options: {
  session: HealthSession;
  name: string;
  known?: DnsResponse | undefined;
}): Promise<Outcome<string>> {
  const { session } = options;
  let current: string | null = normalizeName(options.name);
  let response: Outcome<DnsResponse> | undefined = options.known;
  while (current !== null) {
    response ??= await session.recursive({ name: current, type: "SOA" });
    if (isFailure(response)) return response;
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
