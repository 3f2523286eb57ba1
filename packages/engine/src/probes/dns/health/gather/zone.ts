import { isAddressAllowed } from "../../../../network/address-policy.js";
import { type HealthSession, isFailure, type Outcome } from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import { gatherChain } from "../../../../protocols/dnssec/chain.js";
import type { TrustAnchor } from "../../../../protocols/dnssec/trust-anchors.js";
import type { NetworkData } from "../../../../protocols/ip-network/network-data.js";
import type { DnsRecords } from "../../dns-data.js";
import type { CoreType, RecordQuestionKey } from "../../record-questions.js";
import type { HostFacts, ParentFacts, ServerFacts, ZoneFacts } from "../facts.js";
import { gatherAsns } from "./asn.js";
import { hostAddresses } from "./host-addresses.js";
import { parentName, uniqueSorted } from "./names.js";
import { gatherPtrs } from "./ptr.js";
import { askReferral } from "./referral.js";
import { probeServer } from "./server-probe.js";
import { findZone, nsHostsOf } from "./zone-cut.js";

/** Parent name servers resolved: enough to find two that answer, few enough to stay cheap. */
const parentHostsUsed = 4;

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
  responses: Readonly<Record<CoreType, DnsResponse>> &
    Partial<Readonly<Record<RecordQuestionKey, DnsResponse>>>;
  trustAnchors: readonly TrustAnchor[];
  network: NetworkData;
}): Promise<Outcome<ZoneFacts>> {
  const { session, domain, records, responses } = options;
  prefetchParent({ session, domain });
  const apex = await findZone({
    session,
    name: domain,
    known: records.CNAME.length === 0 ? responses.SOA : undefined,
  });
  if (isFailure(apex)) return apex;

  const atApex = apex === domain;
  const nsHosts: Promise<Outcome<string[]>> = atApex
    ? Promise.resolve(records.NS.map((record) => record.host))
    : session
        .recursive({ name: apex, type: "NS" })
        .then((response) => (isFailure(response) ? response : nsHostsOf({ response, zone: apex })));
  const ds =
    atApex && responses.DS
      ? Promise.resolve(responses.DS)
      : session.recursive({ name: apex, type: "DS" });
  const dnskey =
    atApex && responses.DNSKEY
      ? Promise.resolve(responses.DNSKEY)
      : session.recursive({ name: apex, type: "DNSKEY" });

  const chain = gatherChain({
    session,
    apex,
    anchors: options.trustAnchors,
    known: atApex ? { DS: responses.DS, DNSKEY: responses.DNSKEY } : {},
  });

  const hosts = new Map<string, Promise<HostFacts>>();
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
        probeServer({ session, zone: apex, address, hosts: uniqueSorted(names) }),
      );
    }
  };

  const child = (async () => {
    const names = await nsHosts;
    if (isFailure(names)) return;
    probeAddresses(await Promise.all(names.map(resolveHost)));
  })();
  const parent = gatherParent({ session, zone: apex }).then(async (facts) => {
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

  const [parentFacts, nsNames, dsResponse, dnskeyResponse, chainFacts] = await Promise.all([
    parent,
    nsHosts,
    ds,
    dnskey,
    chain,
    child,
  ]);
  const hostFacts = await Promise.all(hosts.values());
  const addresses = uniqueSorted(hostFacts.flatMap((host) => host.addresses));
  const [servers, asns, ptrs] = await Promise.all([
    Promise.all(probes.values()),
    gatherAsns({ session, addresses, network: options.network }),
    gatherPtrs({ session, addresses }),
  ]);
  return {
    apex,
    nsHosts: nsNames,
    hosts: hostFacts.sort((a, b) => a.host.localeCompare(b.host)),
    parent: parentFacts,
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
  const ns = await session.recursive({ name: apex, type: "NS" });
  if (isFailure(ns)) return ns;
  const names = nsHostsOf({ response: ns, zone: apex }).slice(0, parentHostsUsed);
  const hosts = await Promise.all(names.map((host) => hostAddresses({ session, host })));
  const referral = await askReferral({ session, zone, parentHosts: hosts });
  return { apex, hosts, referral };
}
