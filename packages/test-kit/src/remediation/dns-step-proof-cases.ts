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
