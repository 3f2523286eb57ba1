import { isAddressAllowed } from "../../../../network/address-policy.js";
import {
  failure,
  type HealthSession,
  isFailure,
  type Outcome,
} from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import { gatherChain } from "../../../../protocols/dnssec/chain.js";
import type { TrustAnchor } from "../../../../protocols/dnssec/trust-anchors.js";
import type { NetworkData } from "../../../../protocols/ip-network/network-data.js";
import type { DnsRecords } from "../../declaration.js";
import type { RecordQuestionKey } from "../../record-questions.js";
import type {
  HostFacts,
  ParentAnswer,
  ParentFacts,
  Referral,
  ServerFacts,
  ZoneFacts,
} from "../facts.js";
import { gatherAsns } from "./asn.js";
import { hostAddresses } from "./host-addresses.js";
import { isAtOrBelow, parentName, uniqueSorted } from "./names.js";
import { askParentDs } from "./parent-ds.js";
import { gatherPtrs } from "./ptr.js";
import { askParent } from "./referral.js";
import { probeServer } from "./server-probe.js";
import { findZone, nsHostsFromServers, zoneNsHosts } from "./zone-cut.js";

/** Parent name servers resolved: enough to find two that answer, few enough to stay cheap. */
const parentHostsUsed = 4;

/** Delegations followed down from the zone the resolver names before giving up. */
const maxCuts = 4;

type RecordResponses = Partial<Readonly<Record<RecordQuestionKey, DnsResponse>>>;

/**
 * The delegation walk and the direct questions, as a data flow rather than rounds: each step
 * starts as soon as what it needs is known. The child side (NS hosts, their addresses, the
 * server probes) runs alongside the parent side (parent zone, its servers, the referral); the
 * only wait between them is for name servers that the parent alone names.
 */
export async function gatherZone(options: {
  session: HealthSession;
  domain: string;
  records: DnsRecords;
  responses: RecordResponses;
  unanswered: Partial<Record<RecordQuestionKey, string>>;
  trustAnchors: readonly TrustAnchor[];
  network: NetworkData;
  /** The zone and its delegation, when the caller has located them already. */
  located?: LocatedZone;
  /** An undelegated test's DS set, read in place of the parent's. */
  givenDs?: DnsResponse;
  /** An undelegated test's servers, whose addresses are the ones given. */
  givenHosts?: readonly HostFacts[];
}): Promise<Outcome<ZoneFacts>> {
  const { givenDs } = options;
  const { session, domain, records, responses, unanswered } = options;
  prefetchParent({ session, domain });
  const located =
    options.located ?? (await locateZone({ session, domain, records, responses, unanswered }));
  if (isFailure(located)) return located;
  const { apex } = located;

  const atApex = apex === domain;
  /** The resolver's answer about the apex when the records lookup asked it, or its failure. */
  const known = (type: "NS" | "DS" | "DNSKEY"): Outcome<DnsResponse> | undefined => {
    if (!atApex) return undefined;
    const reason = unanswered[type];
    return reason ? failure("rcode", reason) : responses[type];
  };
  const knownNs = known("NS");
  const nsHosts: Promise<Outcome<string[]>> = Promise.resolve(
    knownNs ?? session.recursive({ name: apex, type: "NS" }),
  ).then((response) => (isFailure(response) ? response : zoneNsHosts({ response, zone: apex })));
  const ds = Promise.resolve(
    givenDs ?? known("DS") ?? session.recursive({ name: apex, type: "DS" }),
  );
  const dnskey = Promise.resolve(
    known("DNSKEY") ?? session.recursive({ name: apex, type: "DNSKEY" }),
  );

  const chain = gatherChain({
    session,
    apex,
    anchors: options.trustAnchors,
    known: givenDs
      ? { DS: givenDs, ...(atApex && responses.DNSKEY ? { DNSKEY: responses.DNSKEY } : {}) }
      : atApex
        ? { DS: responses.DS, DNSKEY: responses.DNSKEY }
        : {},
  });

  const hosts = new Map<string, Promise<HostFacts>>(
    (options.givenHosts ?? []).map((host) => [host.host, Promise.resolve(host)]),
  );
  const resolveHost = (host: string) => {
    let pending = hosts.get(host);
    if (!pending) {
      pending = hostAddresses({ session, host });
      hosts.set(host, pending);
    }
    return pending;
  };
  const probes = new Map<string, Promise<ServerFacts>>();
  const blocked = new Set<string>();
  const probeAddresses = (facts: readonly HostFacts[], extra: readonly string[] = []) => {
    const hostsByAddress = new Map<string, string[]>();
    for (const fact of facts) {
      for (const address of fact.addresses) {
        hostsByAddress.set(address, [...(hostsByAddress.get(address) ?? []), fact.host]);
      }
    }
    for (const address of extra) if (!hostsByAddress.has(address)) hostsByAddress.set(address, []);
    for (const [address, names] of hostsByAddress) {
      if (probes.has(address) || blocked.has(address)) continue;
      if (!isAddressAllowed(address, session.allowPrivateAddresses)) {
        blocked.add(address);
        continue;
      }
      probes.set(
        address,
        probeServer({ session, zone: apex, domain, address, hosts: uniqueSorted(names) }),
      );
    }
  };

  const child = (async () => {
    const names = await nsHosts;
    if (isFailure(names)) return;
    probeAddresses(await Promise.all(names.map(resolveHost)));
  })();
  const parentSide = located.parent
    ? Promise.resolve<Outcome<ParentFacts> | null>(located.parent)
    : gatherParent({ session, zone: apex });
  const parent = parentSide.then(async (facts) => {
    await child;
    if (facts === null || isFailure(facts) || isFailure(facts.referral)) return facts;
    // Servers only the parent names, and glue-only addresses, get asked as well (Zonemaster's
    // Method4 plus Method5): resolvers starting cold follow the parent.
    const { referral } = facts;
    probeAddresses(
      await Promise.all(referral.nsHosts.map(resolveHost)),
      Object.values(referral.glue).flat(),
    );
    return facts;
  });

  const parentDs = parentSide.then((facts) =>
    facts === null || isFailure(facts) || givenDs
      ? []
      : askParentDs({ session, zone: apex, parent: facts }),
  );
  const [parentFacts, nsNames, dsResponse, dnskeyResponse, chainFacts, dsOfParent] =
    await Promise.all([parent, nsHosts, ds, dnskey, chain, parentDs, child]);
  const hostFacts = await Promise.all(hosts.values());
  const addresses = uniqueSorted(hostFacts.flatMap((host) => host.addresses));
  const [servers, asns, ptrs] = await Promise.all([
    Promise.all(probes.values()),
    gatherAsns({ session, addresses, network: options.network }),
    gatherPtrs({ session, addresses }),
  ]);
  // The resolver's answer was not the zone's: the servers the parent delegates to say it.
  const fromServers = isFailure(nsNames)
    ? nsHostsFromServers({ answers: servers.map((server) => server.ns), zone: apex })
    : null;
  return {
    apex,
    nsHosts: fromServers ?? nsNames,
    hosts: hostFacts.sort((a, b) => a.host.localeCompare(b.host)),
    parent: parentFacts,
    parentDs: dsOfParent,
    givenDs: givenDs !== undefined,
    servers: servers.sort((a, b) => a.address.localeCompare(b.address, "en", { numeric: true })),
    blocked: uniqueSorted(blocked),
    ds: dsResponse,
    dnskey: dnskeyResponse,
    chain: chainFacts,
    asns,
    asnSource: options.network.name,
    ptrs,
  };
}

/**
 * Most domains asked about are zone apexes: their parent zone can be looked up before the
 * records say so for sure, alongside them. The session shares the answers with whoever asks.
 */
export function prefetchParent(options: { session: HealthSession; domain: string }): void {
  const guessed = parentName(options.domain);
  if (!guessed) return;
  for (const type of ["SOA", "NS"] as const) {
    options.session.recursive({ name: guessed, type }).catch(() => undefined);
  }
}

async function gatherParent(options: {
  session: HealthSession;
  zone: string;
}): Promise<Outcome<ParentFacts> | null> {
  const { session, zone } = options;
  const name = parentName(zone);
  if (name === null) return null;
  const [apex] = await Promise.all([
    findZone({ session, name }),
    // Usually the parent name is the parent apex: its NS answer is then ready when needed.
    session.recursive({ name, type: "NS" }),
  ]);
  if (isFailure(apex)) return apex;
  const resolved = await zoneHosts({ session, zone: apex });
  if (isFailure(resolved)) return resolved;
  const hosts = await withGlueFromAbove({ session, zone: apex, hosts: resolved });
  const { answer, servers } = await askParent({
    session,
    parent: apex,
    name: zone,
    parentHosts: hosts,
  });
  return { apex, hosts, referral: referralOf({ answer, parent: apex, zone }), servers };
}

/**
 * The name servers of a zone with their addresses: as the resolver gives them, or, when its
 * answer is not the zone's (a server of the zone above answered for a name it delegated), as
 * the zone above delegates them. BASIC01 walks down the same way and disregards the server.
 */
async function zoneHosts(options: {
  session: HealthSession;
  zone: string;
  /** Zones climbed already to find this one's servers. */
  climbed?: number;
}): Promise<Outcome<HostFacts[]>> {
  const { session, zone } = options;
  const ns = await session.recursive({ name: zone, type: "NS" });
  if (isFailure(ns)) return ns;
  const names = zoneNsHosts({ response: ns, zone });
  if (!isFailure(names)) {
    return Promise.all(
      names.slice(0, parentHostsUsed).map((host) => hostAddresses({ session, host })),
    );
  }
  const referral = await delegationFromAbove({ session, zone, climbed: options.climbed ?? 0 });
  return isFailure(referral)
    ? failure(referral.code, `${names.message}; ${referral.message}`)
    : referralHosts({ session, referral });
}

/**
 * The delegation of `zone` as the zone above it gives it, asked of that zone's own servers: what
 * a resolver walking down from the root reads, whatever the zone's own servers say of themselves.
 */
async function delegationFromAbove(options: {
  session: HealthSession;
  zone: string;
  /** Zones climbed already to find this one's servers. */
  climbed: number;
}): Promise<Outcome<Referral>> {
  const { session, zone, climbed } = options;
  const above = parentName(zone);
  if (above === null || climbed >= maxCuts) {
    return failure("malformed", `no zone above ${zone} was asked for its delegation`);
  }
  const apex = await findZone({ session, name: above });
  if (isFailure(apex)) return apex;
  const hosts = await zoneHosts({ session, zone: apex, climbed: climbed + 1 });
  if (isFailure(hosts)) return hosts;
  const { answer } = await askParent({ session, parent: apex, name: zone, parentHosts: hosts });
  if (isFailure(answer)) return answer;
  if (answer.kind === "inside" || answer.referral.zone !== zone) {
    return failure("malformed", `${apex} gives no delegation of ${zone}`);
  }
  return answer.referral;
}

/** The parent's answer as the delegation of `zone`, or why it gives none. */
function referralOf(options: {
  answer: Outcome<ParentAnswer>;
  parent: string;
  zone: string;
}): Outcome<Referral> {
  const { answer, parent, zone } = options;
  if (isFailure(answer)) return answer;
  if (answer.kind === "inside") {
    return failure(
      "malformed",
      `${answer.server}, a server of ${parent}, answers ${answer.rcode} for ${zone} itself: ${parent} does not delegate it`,
    );
  }
  return answer.referral;
}

/** The zone judged and, when the walk down found it, the delegation from its parent. */
export interface LocatedZone {
  apex: string;
  parent: ParentFacts | null;
}

/**
 * The zone that holds `domain`, judged from the delegation rather than from the resolver: the
 * resolver's SOA answers name a zone (climbing past names it fails for), then that zone's own
 * servers are asked whether they delegate a name between it and the domain. When they do, the
 * delegated zone is the one judged, however broken its servers are: the resolver failing for
 * it, its servers answering NXDOMAIN, REFUSED or without authority, is a lame delegation, not a
 * reason to judge an ancestor.
 */
export async function locateZone(options: {
  session: HealthSession;
  domain: string;
  records: DnsRecords;
  responses: RecordResponses;
  unanswered: Partial<Record<RecordQuestionKey, string>>;
}): Promise<Outcome<LocatedZone>> {
  const { session, domain, records, responses, unanswered } = options;
  const found = await findZone({
    session,
    name: domain,
    known: records.CNAME.length === 0 ? responses.SOA : undefined,
    // The resolver already failed the domain's SOA: asking again would only wait again.
    skipFirst: unanswered.SOA !== undefined,
  });
  if (isFailure(found)) return found;
  let located: LocatedZone = { apex: found, parent: null };
  if (found === domain) return located;
  let hosts: Outcome<HostFacts[]> = await zoneHosts({ session, zone: found });
  for (let step = 0; step < maxCuts && located.apex !== domain; step++) {
    if (isFailure(hosts)) break;
    const { answer, servers } = await askParent({
      session,
      parent: located.apex,
      name: domain,
      parentHosts: hosts,
    });
    if (isFailure(answer) || answer.kind === "inside") break;
    const { referral } = answer;
    if (referral.zone === located.apex || !isAtOrBelow(domain, referral.zone)) break;
    located = {
      apex: referral.zone,
      parent: { apex: located.apex, hosts, referral, servers },
    };
    hosts = await referralHosts({ session, referral });
  }
  return located;
}

/** The servers a referral names, with their glue, else their addresses from the resolver. */
async function referralHosts(options: {
  session: HealthSession;
  referral: Referral;
}): Promise<HostFacts[]> {
  const { session, referral } = options;
  return Promise.all(
    referral.nsHosts.map(async (host) => {
      const glue = referral.glue[host];
      if (glue && glue.length > 0) return { host, addresses: glue, cname: null, error: null };
      return hostAddresses({ session, host });
    }),
  );
}

/**
 * A zone's servers whose names the resolver finds no address for get the glue the zone above
 * gives in its referral: a server named inside its own zone is reached by that glue alone when
 * the zone lacks its address records (RFC 1034 4.2.1), as resolvers and Zonemaster's
 * delegation walk (`get_parent_ns_ips`) reach it.
 */
async function withGlueFromAbove(options: {
  session: HealthSession;
  zone: string;
  hosts: HostFacts[];
}): Promise<HostFacts[]> {
  const { session, zone, hosts } = options;
  if (hosts.every((host) => host.addresses.length > 0)) return hosts;
  const referral = await delegationFromAbove({ session, zone, climbed: 0 });
  if (isFailure(referral)) return hosts;
  const { glue } = referral;
  return hosts.map((host) =>
    host.addresses.length === 0 && (glue[host.host]?.length ?? 0) > 0
      ? { ...host, addresses: [...glue[host.host]!], error: null }
      : host,
  );
}
