import { assessInLab } from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";

type Records = packet.Answer[];

/** The zone's SOA with some fields changed. */
const soaWith = (fields: Partial<packet.SoaData>) => (records: Records) =>
  records.map((record) =>
    record.type === "SOA" ? { ...record, data: { ...record.data, ...fields } } : record,
  );

describe("zone checks", () => {
  it("dns.soa.serial-sync: warns when one server lags behind", async () => {
    const { check, world } = await assessInLab({
      servers: { 1: { zone: soaWith({ serial: 2026112202 }) } },
    });

    const finding = check("dns.soa.serial-sync");
    expect(finding).toMatchObject({ status: "warn", severity: "warning" });
    expect(finding.message).toMatch(
      new RegExp(`${world.addresses[1]}:\\d+ has 2026112202.*A secondary is not getting updates`),
    );
    expect(finding.details?.serials).toHaveLength(3);
  });

  it("dns.soa.timers: warns outside Zonemaster's ranges, naming each", async () => {
    const { check } = await assessInLab({
      child: soaWith({ refresh: 3600, retry: 7200, expire: 86_400, minimum: 172_800 }),
    });

    const finding = check("dns.soa.timers");
    expect(finding.status).toBe("warn");
    expect(finding.details?.problems).toEqual([
      "refresh 3600 is below 14400 (ZONE02)",
      "retry 7200 is not below refresh 3600 (ZONE03)",
      "expire 86400 is below 604800 (ZONE05)",
      "minimum 172800 is outside 300..86400 (ZONE06)",
    ]);
  });

  it("dns.soa.syntax: warns for an @ in RNAME and an invalid MNAME", async () => {
    const { check } = await assessInLab({
      child: soaWith({ rname: "hostmaster@example.test", mname: "ns1_primary.example.test" }),
    });

    const finding = check("dns.soa.syntax");
    expect(finding.status).toBe("warn");
    expect(finding.details?.problems).toEqual([
      'RNAME hostmaster@example.test contains "@": write the mailbox as a DNS name (SYNTAX05)',
      "MNAME ns1_primary.example.test is not a valid host name (SYNTAX07)",
    ]);
  });

  it("dns.zone.cname-conflict: fails for a CNAME at the zone apex", async () => {
    const { check, data } = await assessInLab({
      child: (records, world) => [
        ...records,
        { type: "CNAME", name: world.domain, ttl: 300, data: "www.elsewhere.test" },
      ],
    });

    expect(data.records.CNAME).toEqual([{ target: "www.elsewhere.test", ttl: 300 }]);
    const finding = check("dns.zone.cname-conflict");
    expect(finding).toMatchObject({ status: "fail", severity: "error" });
    expect(finding.message).toMatch(
      /^example\.test is an alias of www\.elsewhere\.test and also has .*MX.*SOA.* records \(a CNAME at a zone apex\)/,
    );
  });

  it("dns.zone.cname-conflict: passes for a plain alias, and the zone is the enclosing one", async () => {
    const { check, data } = await assessInLab({
      name: "www.example.test",
      child: (records) => [
        ...records,
        { type: "CNAME", name: "www.example.test", ttl: 300, data: "example.test" },
      ],
    });

    expect(check("dns.zone.cname-conflict")).toMatchObject({
      status: "pass",
      message: "www.example.test is an alias of example.test with no other data beside it.",
    });
    // Delegation and server checks judge the zone holding the name.
    expect(data.health.zone).toBe("example.test");
    expect(check("dns.ns.lame").status).toBe("pass");
  });
});
