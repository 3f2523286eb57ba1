import { assessInLab } from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";

const dnssecTypes = new Set(["DNSKEY", "RRSIG", "NSEC", "NSEC3", "NSEC3PARAM"]);
const unsigned = (records: packet.Answer[]) =>
  records.filter((record) => !dnssecTypes.has(record.type));
const withoutDs = (records: packet.Answer[], lab: { domain: string }) =>
  records.filter((record) => !(record.type === "DS" && record.name === lab.domain));

describe("dns.dnssec.signed when the servers disagree on signing (DNSSEC07)", () => {
  it("warns for the missing DS when every server serves the keys", async () => {
    const { check } = await assessInLab({ parentZone: withoutDs });
    expect(check("dns.dnssec.signed")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(/is signed but the parent has no DS record for it/),
    });
  });

  it("does not advise a DS while one server serves the zone unsigned", async () => {
    const { check, world } = await assessInLab({
      parentZone: withoutDs,
      servers: { 0: { signed: unsigned } },
    });
    expect(check("dns.dnssec.signed")).toMatchObject({
      status: "skipped",
      message: `Not checked: ${world.addresses[0]}:${world.lab.port} serves example.test unsigned while others serve keys (dns.dnssec.consistency).`,
    });
    expect(check("dns.dnssec.consistency").status).toBe("fail");
  });
});
