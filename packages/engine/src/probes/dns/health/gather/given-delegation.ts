import type * as packet from "dns-packet";
import type { HealthSession } from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import type { GivenDs, Undelegated } from "../../undelegated.js";
import type { HostFacts, ParentFacts } from "../facts.js";
import { hostAddresses } from "./host-addresses.js";
import { isAtOrBelow, parentName } from "./names.js";

/** What an undelegated test puts in place of the parent's delegation and DS set. */
export interface GivenDelegation {
  /** The given servers as the parent's referral; null: the parent's own delegation. */
  readonly parent: ParentFacts | null;
  /** The given DS set as the parent's answer; null: the parent's own DS set. */
  readonly ds: DnsResponse | null;
  /** The given servers with their addresses: these, not the resolver's, are their addresses. */
  readonly hosts: readonly HostFacts[];
}

/** Where the parent's answers would name the server, the given ones are named so. */
export const givenServerLabel = "the servers given for the undelegated test";

/**
 * The given name servers with their addresses: the given ones, else the resolver's. A server
 * inside the zone given without an address has none: without a delegation there is no glue to
 * find it by (RFC 1034 4.2.1), as Zonemaster's BASIC02 says (B02_NS_NO_IP_ADDR).
 */
export async function givenHosts(options: {
  session: HealthSession;
  domain: string;
  undelegated: Undelegated;
}): Promise<HostFacts[]> {
  return Promise.all(
    (options.undelegated.ns ?? []).map((server) => {
      const { host } = server;
      if (server.addresses.length > 0)
        return { host, addresses: [...server.addresses], cname: null, error: null };
      if (isAtOrBelow(host, options.domain))
        return {
          host,
          addresses: [],
          cname: null,
          error: `a name server inside ${options.domain} needs its address given (no glue without a delegation)`,
        };
      return hostAddresses({ session: options.session, host });
    }),
  );
}

/** The undelegated test's servers and DS set, read as if the parent had served them. */
export function givenDelegation(options: {
  domain: string;
  undelegated: Undelegated;
  hosts: readonly HostFacts[];
}): GivenDelegation {
  const { domain, undelegated, hosts } = options;
  const parent: ParentFacts | null =
    undelegated.ns === null
      ? null
      : {
          apex: parentName(domain) ?? ".",
          hosts: [],
          referral: {
            server: givenServerLabel,
            zone: domain,
            nsHosts: hosts.map((host) => host.host).sort(),
            glue: Object.fromEntries(
              hosts
                .filter((host) => host.addresses.length > 0)
                .map((host) => [host.host, [...host.addresses]]),
            ),
            authoritative: false,
          },
          servers: [],
        };
  // Servers given without a DS: the new delegation is judged unsigned, as Zonemaster does.
  const ds = undelegated.ds ?? (undelegated.ns === null ? null : []);
  return { parent, ds: ds === null ? null : dsResponse(domain, ds), hosts };
}

/** The given DS records as a parent server's authoritative answer for the zone's DS. */
function dsResponse(domain: string, records: readonly GivenDs[]): DnsResponse {
  return {
    id: 0,
    opcode: "QUERY",
    rcode: "NOERROR",
    flags: { aa: true, tc: false, rd: false, ra: false, ad: false, cd: false },
    edns: null,
    question: { name: domain, type: "DS", class: "IN" },
    answers: records.map(
      (record): packet.DSAnswer => ({
        type: "DS",
        name: domain,
        class: "IN",
        ttl: 0,
        data: {
          keyTag: record.keyTag,
          algorithm: record.algorithm,
          digestType: record.digestType,
          digest: Buffer.from(record.digest, "hex"),
        },
      }),
    ),
    authorities: [],
    additionals: [],
    server: givenServerLabel,
    transport: "udp",
    rttMs: 0,
    size: 0,
    udpTruncated: false,
  };
}
