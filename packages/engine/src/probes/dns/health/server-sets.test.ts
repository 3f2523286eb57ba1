import { assessInLab } from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";

type Records = packet.Answer[];

const withoutType =
  (...types: string[]) =>
  (records: Records) =>
    records.filter((record) => !(record.name === "example.test" && types.includes(record.type)));
const withoutSpf = (records: Records) =>
  records.filter(
    (record) =>
      !(
        record.type === "TXT" &&
        record.name === "example.test" &&
        /^v=spf1/.test(`${record.data}`)
      ),
  );

/**
 * The mail records as each authoritative server serves them (Zonemaster's ZONE09 and ZONE11):
 * one server of the three serves another copy of the zone, on loopback, and the check names it.
 */
describe("MX and SPF compared server by server", () => {
  it("dns.mx.present warns when one server serves no MX, naming each server's set", async () => {
    const { check, world } = await assessInLab({ servers: { 1: { zone: withoutType("MX") } } });

    const finding = check("dns.mx.present");
    expect(finding.status).toBe("warn");
    expect(finding.message).toMatch(/^The name servers of example\.test serve different MX sets: /);
    const servers = finding.details?.servers as { server: string; values: string[] }[];
    const byAddress = (address: string) =>
      servers.filter((entry) => entry.server.startsWith(address)).map((entry) => entry.values);
    expect(byAddress(world.addresses[1]!)).toEqual([[]]);
    expect(byAddress(world.addresses[0]!)).toEqual([[`10 mail.example.test`]]);
    // The fix names the server left behind and what the others serve, not a null MX.
    const fix = finding.remediation;
    expect(fix?.summary).toMatch(/^Serve one MX set for example\.test from every name server: /);
    expect(fix?.steps?.[0]).toMatch(
      new RegExp(
        `^On ${world.addresses[1]!.replaceAll(".", "\\.")}\\S*, load the zone's current version.*: 10 mail\\.example\\.test\\.$`,
      ),
    );
  });

  it("dns.spf.present warns when one server serves no SPF, though the resolver's copy has it", async () => {
    const { check, world } = await assessInLab({ servers: { 2: { zone: withoutSpf } } });

    const finding = check("dns.spf.present");
    expect(finding.status).toBe("warn");
    expect(finding.message).toMatch(/serve different SPF policies: /);
    expect(finding.message).toContain(`${world.addresses[2]}`);
    const servers = finding.details?.servers as { server: string; values: string[] }[];
    expect(servers.filter((entry) => entry.values.length === 0)).toHaveLength(1);
  });

  it("both pass when every server serves the same sets", async () => {
    const { check } = await assessInLab();

    expect(check("dns.mx.present").status).toBe("pass");
    expect(check("dns.spf.present").status).toBe("pass");
  });
});

describe("mail without mail exchangers", () => {
  it("dns.mx.valid warns for a null MX whose preference is not 0 (RFC 7505 3)", async () => {
    const { check } = await assessInLab({
      child: (records) => [
        ...withoutType("MX")(records),
        { type: "MX", name: "example.test", ttl: 300, data: { preference: 99, exchange: "." } },
      ],
    });

    expect(check("dns.mx.valid")).toMatchObject({
      status: "warn",
      message: 'The null MX has preference 99; RFC 7505 3 defines it with preference 0 ("0 .").',
    });
    expect(check("dns.mx.valid").remediation?.changes).toEqual([
      expect.objectContaining({ action: "replace", type: "MX", value: "0 .", replaces: ["99 ."] }),
    ]);
    // Still a null MX: the domain says it takes no mail.
    expect(check("dns.mx.present").status).toBe("pass");
  });

  it("dns.mx.present is info, not a warning, without MX and without any address", async () => {
    const { check } = await assessInLab({ child: withoutType("MX", "A", "AAAA") });

    expect(check("dns.mx.present")).toMatchObject({
      status: "info",
      message: expect.stringMatching(/has no MX and no address record: no mail can be delivered/),
    });
  });

  it("dns.mx.present still warns without MX when the domain has an address", async () => {
    const { check } = await assessInLab({ child: withoutType("MX") });

    expect(check("dns.mx.present").status).toBe("warn");
  });

  it("dns.spf.present spares a name under .arpa (RFC 3172)", async () => {
    const { check } = await assessInLab({
      domain: "infra.arpa",
      child: (records) =>
        records.filter((record) => !(record.type === "TXT" && /^v=spf1/.test(`${record.data}`))),
    });

    expect(check("dns.spf.present")).toMatchObject({
      status: "info",
      message: expect.stringMatching(/^infra\.arpa has no SPF record, and needs none/),
    });
  });
});
