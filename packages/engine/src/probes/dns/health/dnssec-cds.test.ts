import {
  assessInLab,
  cdnskeyRecord,
  cdsRecord,
  deleteCdsRecord,
  generateZoneKey,
  type LabWorldContext,
  signRrset,
  type TestZoneKey,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";

type Records = packet.Answer[];

const now = Math.floor(Date.now() / 1000);

/** The records, each RRset signed by `key` as a signer would (RFC 7344 4.1: by a DS key). */
const signedBy = (key: TestZoneKey, zone: string, ...rrsets: Records[]): Records =>
  rrsets.flatMap((rrset) => [
    ...rrset,
    signRrset({ rrset, key, zone, inception: now - 3600, expiration: now + 7 * 86_400 }),
  ]);

/** The zone with CDS and CDNSKEY of `pointed` (default the KSK), signed by `signer`. */
const publish =
  (
    options: {
      pointed?: (world: LabWorldContext) => TestZoneKey;
      signer?: (world: LabWorldContext) => TestZoneKey;
    } = {},
  ) =>
  (records: Records, world: LabWorldContext): Records => {
    const key = options.pointed?.(world) ?? world.ksk!;
    return [
      ...records,
      ...signedBy(
        options.signer?.(world) ?? world.ksk!,
        world.domain,
        [cdsRecord({ zone: world.domain, key })],
        [cdnskeyRecord({ zone: world.domain, key })],
      ),
    ];
  };

describe("dns.dnssec.cds", () => {
  it("passes without CDS, and with CDS and CDNSKEY of the KSK signed by it", async () => {
    expect((await assessInLab()).check("dns.dnssec.cds")).toMatchObject({
      status: "pass",
      message: "example.test publishes no CDS or CDNSKEY records.",
    });

    const { check } = await assessInLab({ childSigned: publish() });
    expect(check("dns.dnssec.cds")).toMatchObject({
      status: "pass",
      message:
        "The CDS/CDNSKEY records match the zone's DNSKEY set and are signed on every name server.",
    });
  });

  it("fails for a CDS naming a key the zone does not have", async () => {
    const stranger = generateZoneKey({ algorithm: 13 });
    const { check } = await assessInLab({
      childSigned: (records: Records, world) => [
        ...records,
        ...signedBy(world.ksk!, world.domain, [cdsRecord({ zone: world.domain, key: stranger })]),
      ],
    });
    expect(check("dns.dnssec.cds")).toMatchObject({
      status: "fail",
      message: `The CDS/CDNSKEY records do not match the zone's keys: CDS ${stranger.keyTag} matches no DNSKEY. A parent acting on them would break the chain of trust.`,
    });
  });

  it("fails when the servers publish different CDS sets", async () => {
    const { check } = await assessInLab({
      servers: { 2: { signed: publish() } },
    });
    expect(check("dns.dnssec.cds")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/^The name servers publish different CDS\/CDNSKEY sets/),
    });
  });

  it("is info for a signed delete request", async () => {
    const { check } = await assessInLab({
      childSigned: (records: Records, world) => [
        ...records,
        ...signedBy(world.ksk!, world.domain, [deleteCdsRecord(world.domain)]),
      ],
    });
    expect(check("dns.dnssec.cds")).toMatchObject({
      status: "info",
      message:
        "example.test asks its parent to delete its DS records (RFC 8078 delete CDS/CDNSKEY): the zone is going insecure.",
    });
  });

  it("fails for CDS and CDNSKEY without signatures, or signed by a key not in the zone", async () => {
    const unsigned = await assessInLab({
      childSigned: (records: Records, world) => [
        ...records,
        cdsRecord({ zone: world.domain, key: world.ksk! }),
        cdnskeyRecord({ zone: world.domain, key: world.ksk! }),
      ],
      ipv6: false,
    });
    const [a, b, c] = unsigned.world.addresses.map(
      (address) => `${address}:${unsigned.world.lab.port}`,
    );
    expect(unsigned.check("dns.dnssec.cds")).toMatchObject({
      status: "fail",
      message: `The CDS/CDNSKEY records are not properly signed: CDS is unsigned on ${a}, CDNSKEY is unsigned on ${a}, CDS is unsigned on ${b}, CDNSKEY is unsigned on ${b}, CDS is unsigned on ${c} and CDNSKEY is unsigned on ${c}. A parent cannot act on them (RFC 7344 4.1).`,
    });

    const stranger = generateZoneKey({ algorithm: 13, flags: 257 });
    const unknown = await assessInLab({ childSigned: publish({ signer: () => stranger }) });
    expect(unknown.check("dns.dnssec.cds")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/CDS is signed by a key not in the DNSKEY set on /),
    });
  });

  it("fails when the key a CDS points to does not sign the DNSKEY set", async () => {
    // The ZSK is in the DNSKEY set, but only the KSK signs it.
    const { check, world } = await assessInLab({
      childSigned: publish({ pointed: (w) => w.zsk! }),
    });
    expect(check("dns.dnssec.cds")).toMatchObject({
      status: "fail",
      message: `The CDS/CDNSKEY records are not properly signed: key ${world.zsk!.keyTag} that a CDS/CDNSKEY points to does not sign the DNSKEY set. A parent cannot act on them (RFC 7344 4.1).`,
    });
  });

  it("warns when they are signed only by a key the parent's DS set does not point to", async () => {
    const { check } = await assessInLab({ childSigned: publish({ signer: (w) => w.zsk! }) });
    expect(check("dns.dnssec.cds")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(
        /^The CDS\/CDNSKEY records match the zone's keys, but CDS on .+ is not signed by a key the parent's DS set points to/,
      ),
    });
  });

  it("fails for CDS published in an unsigned zone", async () => {
    const key = generateZoneKey({ algorithm: 13, flags: 257 });
    const { check } = await assessInLab({
      algorithm: null,
      child: (records: Records, world) => [...records, cdsRecord({ zone: world.domain, key })],
    });
    expect(check("dns.dnssec.cds")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        /^example\.test publishes CDS\/CDNSKEY records but is not signed/,
      ),
    });
  });
});
