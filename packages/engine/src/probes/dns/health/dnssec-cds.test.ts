import {
  assessInLab,
  cdnskeyRecord,
  cdsRecord,
  deleteCdsRecord,
  generateZoneKey,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";

type Records = packet.Answer[];

describe("dns.dnssec.cds", () => {
  it("passes without CDS, and with CDS and CDNSKEY matching the key-signing key", async () => {
    expect((await assessInLab()).check("dns.dnssec.cds")).toMatchObject({
      status: "pass",
      message: "example.test publishes no CDS or CDNSKEY records.",
    });

    const { check } = await assessInLab({
      childSigned: (records: Records, world) => [
        ...records,
        cdsRecord({ zone: world.domain, key: world.ksk! }),
        cdnskeyRecord({ zone: world.domain, key: world.ksk! }),
      ],
    });
    expect(check("dns.dnssec.cds")).toMatchObject({
      status: "pass",
      message: "The CDS/CDNSKEY records match the zone's DNSKEY set on every name server.",
    });
  });

  it("fails for a CDS naming a key the zone does not have", async () => {
    const stranger = generateZoneKey({ algorithm: 13 });
    const { check } = await assessInLab({
      childSigned: (records: Records, world) => [
        ...records,
        cdsRecord({ zone: world.domain, key: stranger }),
      ],
    });
    expect(check("dns.dnssec.cds")).toMatchObject({
      status: "fail",
      message: `The CDS/CDNSKEY records do not match the zone's keys: CDS ${stranger.keyTag} matches no DNSKEY. A parent acting on them would break the chain of trust.`,
    });
  });

  it("fails when the servers publish different CDS sets", async () => {
    const { check } = await assessInLab({
      servers: {
        2: {
          signed: (records: Records, world) => [
            ...records,
            cdsRecord({ zone: world.domain, key: world.ksk! }),
          ],
        },
      },
    });
    expect(check("dns.dnssec.cds")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/^The name servers publish different CDS\/CDNSKEY sets/),
    });
  });

  it("is info for a delete request", async () => {
    const { check } = await assessInLab({
      childSigned: (records: Records, world) => [...records, deleteCdsRecord(world.domain)],
    });
    expect(check("dns.dnssec.cds")).toMatchObject({
      status: "info",
      message:
        "example.test asks its parent to delete its DS records (RFC 8078 delete CDS/CDNSKEY): the zone is going insecure.",
    });
  });
});
