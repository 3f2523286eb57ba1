import type * as packet from "dns-packet";
import type { LabWorldContext } from "../dns/dns-lab-world.js";
import type { AuthoritativeBehaviour } from "../dns/dns-zone-handlers.js";
import {
  cdsRecord,
  generateZoneKey,
  signRrset,
  type TestZoneKey,
} from "../dnssec/dnssec-signer.js";
import type { DnsProofCase } from "./dns-fix-proof.js";

type Records = packet.Answer[];

/**
 * The dns section's checks whose fix is steps in words (the name servers' configuration, the
 * signer's run, the registry's publication): each breaks one thing in the lab's healthy world,
 * and `step` is the world once the steps are carried out on that server, signer or parent, with
 * the words of the steps that name what changed.
 */

/** Server `index` behaving as `behaviour`; carried out, it behaves as every other server. */
const misbehaving = (
  index: number,
  behaviour: AuthoritativeBehaviour,
  names: string[],
): DnsProofCase => ({
  world: { servers: { [index]: { behaviour } } },
  step: { world: {}, names },
});

/** One try of a query a server drops, short enough for a quick proof, long enough under load. */
const oneShortTry = { tryTimeoutMs: 800, udpTries: 1 };

/** The zone with a CDS for `key`, signed by the KSK as a signer would (RFC 7344 4.1). */
const withCds =
  (key: (world: LabWorldContext) => TestZoneKey) => (records: Records, world: LabWorldContext) => {
    const now = Math.floor(Date.now() / 1000);
    const rrset = [cdsRecord({ zone: world.domain, key: key(world) })];
    const signature = signRrset({
      rrset,
      key: world.ksk!,
      zone: world.domain,
      inception: now - 3600,
      expiration: now + 7 * 86_400,
    });
    return [...records, ...rrset, signature];
  };
/** A key the zone does not have: what a signer that lost its keys points its CDS at. */
const strangerKey = generateZoneKey({ algorithm: 13, flags: 257 });

/** The zone (or the parent's delegation) with name server `from` named `to`, glue and all. */
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
/** The name servers after `rename`, the same in the zone and at the parent. */
const renamedServer = (from: (world: LabWorldContext) => string, to: string) => ({
  child: renamed(from, to),
  parentZone: renamed(from, to),
});

/** The zone (and the parent) without name server `host`: its NS and address records. */
const withoutServer =
  (index: number) =>
  (records: Records, world: LabWorldContext): Records =>
    records.filter(
      (record) =>
        !(record.type === "NS" && record.data === world.hosts[index]) &&
        !((record.type === "A" || record.type === "AAAA") && record.name === world.hosts[index]),
    );

/** Five more name servers with long names at the parent: a referral above 512 bytes. */
const longNames = [1, 2, 3, 4, 5].map(
  (n) => `${"a".repeat(60)}${n}.${"b".repeat(50)}.hosting-provider.test`,
);

/** Public addresses (no special-purpose block of RFC 6890) for the name servers. */
const publicAddresses = ["11.0.0.1", "11.0.1.1", "2a00:1450::1"];

export const dnsStepProofCases: Record<string, DnsProofCase> = {
  "dns.ns.edns": misbehaving(1, { noEdns: true }, ["EDNS", "OPT record"]),
  "dns.ns.edns-version": misbehaving(1, { ednsVersionIgnored: true }, ["BADVERS"]),
  // A dropped query is waited for one try: a short one keeps the proof quick.
  "dns.ns.edns-options": {
    world: { servers: { 0: { behaviour: { dropUnknownEdns: true } } }, probe: oneShortTry },
    step: { world: { probe: oneShortTry }, names: ["unknown EDNS options"] },
  },
  "dns.ns.case": misbehaving(0, { lowercaseQuestion: true }, ["letter case"]),
  "dns.dnssec.signatures": {
    world: {
      servers: { 2: { signed: (records) => records.filter((record) => record.type !== "RRSIG") } },
    },
    step: { world: {}, names: ["re-sign the whole zone", "every server"] },
  },
  "dns.dnssec.validity": {
    world: { signatureWindow: { from: -86_400, to: 6 * 3600 } },
    step: { world: {}, names: ["re-sign"] },
  },
  "dns.dnssec.consistency": {
    world: {
      servers: {
        1: {
          signed: (records, world) => [
            ...records,
            {
              type: "DNSKEY",
              name: world.domain,
              ttl: 3600,
              data: generateZoneKey({ algorithm: 13, flags: 256 }).dnskey,
            },
          ],
        },
      },
    },
    step: { world: {}, names: ["transfer the signed zone"] },
  },
  "dns.dnssec.denial": {
    world: {
      childSigned: (records) =>
        records.filter(
          (record) =>
            record.type !== "NSEC" &&
            !(record.type === "RRSIG" && record.data.typeCovered === "NSEC"),
        ),
    },
    step: { world: {}, names: ["NSEC"] },
  },
  "dns.dnssec.nsec3-params": {
    // One extra iteration and a salt: what RFC 9276 asks to drop, cheap to sign under load.
    world: { denial: { nsec3: { iterations: 1, salt: Buffer.from("aabbccdd", "hex") } } },
    step: { world: { denial: { nsec3: { iterations: 0 } } }, names: ["iterations 0", "salt"] },
  },
  // A rollover to new keys of algorithm 13, the new DS at the parent.
  "dns.dnssec.algorithm": {
    world: { algorithm: 5 },
    step: { world: { algorithm: 13 }, newKeys: true, names: ["13", "publish the new DS"] },
  },
  "dns.dnssec.cds": {
    world: { childSigned: withCds(() => strangerKey) },
    // The signer regenerates the CDS from the current key-signing key.
    step: {
      world: { childSigned: withCds((world) => world.ksk!) },
      names: ["regenerate CDS and CDNSKEY from the current key-signing key"],
    },
  },
  // A parent server left behind by a DS change, until the registry publishes it everywhere.
  "dns.dnssec.ds-consistency": {
    world: {
      secondParent: (records, world) =>
        records.filter((record) => !(record.type === "DS" && record.name === world.domain)),
    },
    step: { world: { secondParent: (records) => records }, names: ["every parent server"] },
  },
  "dns.ns.ipv6": {
    world: { ipv6: false },
    step: { world: {}, names: ["AAAA record for a name server"] },
  },
  "dns.ns.as-diversity": {
    world: { asn: () => 64_511 },
    step: { world: {}, names: ["another AS"] },
  },
  // A secondary added (here: the lab's other two servers), in the zone and at the registrar.
  "dns.ns.count": {
    world: {
      child: (records, world) => withoutServer(2)(withoutServer(1)(records, world), world),
      parentZone: (records, world) => withoutServer(2)(withoutServer(1)(records, world), world),
    },
    step: { world: {}, names: ["Add a secondary name server", "at the registrar"] },
  },
  "dns.ns.distinct-ip": {
    world: { addresses: (block) => [`127.${block}.1.1`, `127.${block}.1.1`, "::1"] },
    step: { world: {}, names: ["add a server at another address"] },
  },
  "dns.ns.diversity": {
    world: { addresses: (block) => [`127.${block}.1.1`, `127.${block}.1.2`, `127.${block}.1.3`] },
    step: { world: {}, names: ["a different /24"] },
  },
  // ns3 renamed ns_3 in the zone and at the parent; the step names it back.
  "dns.ns.hostname": {
    world: renamedServer((world) => world.hosts[2]!, "ns_3.example.test"),
    step: { world: {}, names: ["letters, digits and hyphens only"] },
  },
  "dns.ns.referral-size": {
    world: {
      parentZone: (records, world) => [
        ...records,
        ...longNames.map(
          (host): packet.Answer => ({ type: "NS", name: world.domain, ttl: 86_400, data: host }),
        ),
      ],
    },
    step: { world: {}, names: ["Shorten the list of name servers at the registrar"] },
  },
  "dns.zone.exists": {
    world: { name: "shop.example.test" },
    step: {
      world: {
        name: "shop.example.test",
        child: (records) => [
          ...records,
          { type: "A", name: "shop.example.test", ttl: 300, data: "192.0.2.80" },
          {
            type: "MX",
            name: "shop.example.test",
            ttl: 300,
            data: { preference: 0, exchange: "." },
          },
          { type: "TXT", name: "shop.example.test", ttl: 300, data: "v=spf1 -all" },
        ],
      },
      names: ["add its records in the parent zone", 'null MX ("0 ."', '"v=spf1 -all"'],
    },
  },
  // Public addresses exist only in a network namespace (the proof runs there); the probe may
  // contact no other address, as deployed.
  "dns.ns.public-address": {
    world: { network: { allowPrivateAddresses: false } },
    step: {
      world: { addresses: () => publicAddresses, network: { allowPrivateAddresses: false } },
      names: ["Replace private or reserved addresses", "glue"],
    },
    namespace: publicAddresses,
  },
};
