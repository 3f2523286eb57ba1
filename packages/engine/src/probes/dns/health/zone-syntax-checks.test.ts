import { assessInLab } from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";

type Records = packet.Answer[];

const withSoa = (change: Partial<packet.SoaData>) => (records: Records) =>
  records.map((record) =>
    record.type === "SOA" ? { ...record, data: { ...record.data, ...change } } : record,
  );

describe("Zonemaster's delegation, address, syntax and consistency cases", () => {
  it("pass on the healthy zone", async () => {
    const { check } = await assessInLab();

    expect(check("dns.ns.referral-size")).toMatchObject({
      status: "pass",
      message: expect.stringMatching(/^The referral to example\.test fits in \d+ of 512 bytes/),
    });
    expect(check("dns.ns.ptr").status).toBe("pass");
    expect(check("dns.ns.hostname").status).toBe("pass");
    expect(check("dns.soa.consistency")).toMatchObject({
      status: "pass",
      message: "All 3 servers serve the same SOA MNAME, RNAME and timers.",
    });
  });

  it("dns.ns.referral-size: warns when the delegation's NS names outgrow 512 bytes (DELEGATION03)", async () => {
    const long = [1, 2, 3, 4, 5].map(
      (n) => `${"a".repeat(60)}${n}.${"b".repeat(50)}.hosting-provider.test`,
    );
    const { check } = await assessInLab({
      parentZone: (records, world) => [
        ...records,
        ...long.map(
          (host): packet.Answer => ({ type: "NS", name: world.domain, ttl: 86_400, data: host }),
        ),
      ],
    });

    const finding = check("dns.ns.referral-size");
    expect(finding).toMatchObject({
      status: "warn",
      message: expect.stringMatching(
        /^The referral to example\.test for the longest possible name takes \d+ bytes, more than the 512/,
      ),
    });
    expect(finding.details?.bytes as number).toBeGreaterThan(512);
  });

  it("dns.ns.ptr: informs when an address has no PTR or one naming another host (ADDRESS02/03)", async () => {
    const { check, world } = await assessInLab({
      ipv6: false,
      ptr: (index, lab) =>
        index === 0 ? null : index === 1 ? "elsewhere.example.net" : lab.hosts[index]!,
    });

    expect(check("dns.ns.ptr")).toMatchObject({
      status: "info",
      message: `Reverse DNS of the name servers: ${world.addresses[0]} has no PTR record (ADDRESS02); ${world.addresses[1]} points back to elsewhere.example.net, not to ns2.example.test (ADDRESS03).`,
    });
  });

  it("dns.ns.hostname: fails for an NS name with an underscore, warns for a double hyphen (SYNTAX04)", async () => {
    const addName = (host: string) => (records: Records, world: { domain: string }) => [
      ...records,
      { type: "NS", name: world.domain, ttl: 3600, data: host } as packet.Answer,
    ];
    const underscore = await assessInLab({ child: addName("ns_4.example.net") });
    expect(underscore.check("dns.ns.hostname")).toMatchObject({
      status: "fail",
      message:
        "A name server name breaks the host name rules of RFC 952 and RFC 1123: ns_4.example.net has a label with characters other than letters, digits and hyphens.",
    });

    const dashes = await assessInLab({ child: addName("ns--4.example.net") });
    expect(dashes.check("dns.ns.hostname")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(/ns--4\.example\.net has "--" in the third and fourth place/),
    });
  });

  it("dns.mx.valid: fails for an MX name that is not a host name (SYNTAX08)", async () => {
    const { check } = await assessInLab({
      child: (records, world) =>
        records.map((record) =>
          record.type === "MX"
            ? { ...record, data: { preference: 10, exchange: `-mail.${world.domain}` } }
            : record,
        ),
    });

    expect(check("dns.mx.valid")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        /-mail\.example\.test has a label starting or ending with a hyphen \(RFC 952, RFC 1123\)/,
      ),
    });
  });

  it("dns.soa.syntax: warns for an RNAME whose local part is not a mailbox name", async () => {
    const { check } = await assessInLab({ child: withSoa({ rname: "host,master.example.test" }) });

    expect(check("dns.soa.syntax")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(/has a local part, host,master, that is not a mailbox name/),
    });
    // An escaped dot belongs to the local part: first.last@example.test.
    const dotted = await assessInLab({ child: withSoa({ rname: "first\\.last.example.test" }) });
    expect(dotted.check("dns.soa.syntax").status).toBe("pass");
  });

  it("dns.soa.consistency: warns when one server serves another RNAME or other timers (CONSISTENCY02/03)", async () => {
    const { check, world } = await assessInLab({
      ipv6: false,
      servers: { 2: { zone: withSoa({ rname: "admin.example.test", retry: 7200 }) } },
    });

    expect(check("dns.soa.consistency")).toMatchObject({
      status: "warn",
      details: { differing: ["rname", "retry"] },
      message: expect.stringContaining(
        `rname (${world.addresses[0]}:${world.lab.port} has hostmaster.example.test, ${world.addresses[1]}:${world.lab.port} has hostmaster.example.test, ${world.addresses[2]}:${world.lab.port} has admin.example.test)`,
      ),
    });
    expect(check("dns.soa.serial-sync").status).toBe("pass");
  });
});
