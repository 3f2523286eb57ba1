import type * as packet from "dns-packet";
import type { LabWorldContext } from "../dns/dns-lab-world.js";
import type { DnsProofCase } from "./dns-fix-proof.js";

type Records = packet.Answer[];

/**
 * The dns section's checks of the delegation's servers and of the registry: each breaks one
 * thing in the lab's healthy world, and the remediation's typed changes (the zone's records,
 * the registrar's name servers, glue and DS) are applied as written. Where the user must choose
 * a value (a server to add), the proof supplies one the lab runs.
 */

/** The zone (or the parent's delegation) without name server `index`: its NS and address. */
const withoutServer =
  (index: number) =>
  (records: Records, world: LabWorldContext): Records =>
    records.filter(
      (record) =>
        !(record.type === "NS" && record.data === world.hosts[index]) &&
        !((record.type === "A" || record.type === "AAAA") && record.name === world.hosts[index]),
    );
/** Server `index` runs and serves the zone, but neither the zone nor the parent names it. */
const undelegatedServer = (index: number) => ({
  child: withoutServer(index),
  parentZone: withoutServer(index),
});
/** The lab's server `index` as the secondary the user adds: its name and address. */
const secondary =
  (index: number, family: "IPv4" | "IPv6" = "IPv4") =>
  (world: LabWorldContext) => ({
    secondaryNameServer: world.hosts[index]!,
    [`secondaryNameServer${family}`]: world.addresses[index]!,
  });

/** The zone and the parent with name server `from` named `to`, glue and all. */
const renamed =
  (from: (world: LabWorldContext) => string, to: string) =>
  (records: Records, world: LabWorldContext): Records =>
    records.map((record) => {
      const old = from(world);
      if (record.type === "NS" && record.data === old) return { ...record, data: to };
      if ((record.type === "A" || record.type === "AAAA") && record.name === old)
        return { ...record, name: to };
      return record;
    });

export const dnsDelegationProofCases: Record<string, DnsProofCase> = {
  // One name server left; the lab's second server is the secondary the fix adds.
  "dns.ns.count": {
    world: {
      child: (records, world) => withoutServer(2)(withoutServer(1)(records, world), world),
      parentZone: (records, world) => withoutServer(2)(withoutServer(1)(records, world), world),
    },
    parameters: secondary(1),
  },
  // Two servers in one /24; the third, in another, is added.
  "dns.ns.diversity": {
    world: {
      addresses: (block) => [`127.${block}.1.1`, `127.${block}.1.2`, `127.${block}.3.1`],
      ...undelegatedServer(2),
    },
    parameters: secondary(2),
  },
  // Two servers in one AS; the third, in another, is added.
  "dns.ns.as-diversity": {
    world: {
      ipv6: false,
      asn: (index) => (index === 2 ? 64_502 : 64_511),
      ...undelegatedServer(2),
    },
    parameters: secondary(2),
  },
  // No server on IPv6; the lab's server on ::1 is added.
  "dns.ns.ipv6": { world: undelegatedServer(2), parameters: secondary(2, "IPv6") },
  // ns1 and ns2 at one address: the fix drops ns2.
  "dns.ns.distinct-ip": {
    world: { addresses: (block) => [`127.${block}.1.1`, `127.${block}.1.1`, "::1"] },
  },
  // ns3 named ns_3 in the zone and at the parent: the fix drops it (IPv4 only, so no other
  // finding depends on that server).
  "dns.ns.hostname": {
    world: {
      ipv6: false,
      child: renamed((world) => world.hosts[2]!, "ns_3.example.test"),
      parentZone: renamed((world) => world.hosts[2]!, "ns_3.example.test"),
    },
  },
  // A parent server left behind by a DS change: the registry publishes the DS set on each.
  "dns.dnssec.ds-consistency": {
    world: {
      secondParent: (records, world) =>
        records.filter((record) => !(record.type === "DS" && record.name === world.domain)),
    },
  },
  // A name nobody created: its records go into the zone that holds it.
  "dns.zone.exists": { world: { name: "shop.example.test" } },
};
