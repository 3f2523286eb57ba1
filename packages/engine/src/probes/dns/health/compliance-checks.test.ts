import { assessInLab } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";

const ids = ["dns.ns.edns-version", "dns.ns.edns-options", "dns.ns.tcp-fallback", "dns.ns.case"];

describe("protocol compliance checks, per name server address", () => {
  it("pass on compliant servers, with the query sent and what came back in details", async () => {
    const { check } = await assessInLab();

    for (const id of ids) expect(check(id).status, id).toBe("pass");
    expect(check("dns.ns.edns-version")).toMatchObject({
      message: "3 name servers answer EDNS version 1 with BADVERS, as RFC 6891 asks.",
      details: {
        query: "SOA with EDNS version 1",
        servers: expect.arrayContaining([
          expect.objectContaining({
            status: "pass",
            received: expect.objectContaining({ rcode: "BADVERS", ednsVersion: 0 }),
          }),
        ]),
      },
    });
    expect(check("dns.ns.case").details).toMatchObject({
      servers: [expect.objectContaining({ asked: "ExAmPlE.tEsT" }), {}, {}],
    });
  });

  it("dns.ns.edns-version: fails for a server answering EDNS version 1 with NOERROR", async () => {
    const { check, world } = await assessInLab({
      ipv6: false,
      servers: { 1: { behaviour: { ednsVersionIgnored: true } } },
    });

    expect(check("dns.ns.edns-version")).toMatchObject({
      status: "fail",
      message: `EDNS version 1 is mishandled: ${world.addresses[1]}:${world.lab.port} answered NOERROR instead of BADVERS. Resolvers cannot negotiate future EDNS versions with it.`,
    });
  });

  it("dns.ns.edns-options: fails for a server dropping queries with an unknown option or flag", async () => {
    const { check, world } = await assessInLab({
      ipv6: false,
      servers: { 0: { behaviour: { dropUnknownEdns: true } } },
      probe: { tryTimeoutMs: 200, udpTries: 1 },
    });

    expect(check("dns.ns.edns-options")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        new RegExp(
          `^Unknown EDNS options or flags are not ignored: ${world.addresses[0]!.replaceAll(".", "\\.")}:\\d+ did not answer \\(.*\\) to an unknown option\\.`,
        ),
      ),
    });
    // Its plain answers still come: only the unknown EDNS is dropped.
    expect(check("dns.ns.edns-version").status).toBe("pass");
  });

  it("dns.ns.tcp-fallback: passes when a truncating server answers over TCP, fails when TCP is closed", async () => {
    const overTcp = await assessInLab({
      ipv6: false,
      servers: { 2: { behaviour: { truncateUdp: true } } },
    });
    expect(overTcp.check("dns.ns.tcp-fallback")).toMatchObject({
      status: "pass",
      details: {
        servers: expect.arrayContaining([
          expect.objectContaining({
            udp: expect.objectContaining({ truncated: true }),
            tcp: expect.objectContaining({ rcode: "NOERROR", transport: "tcp" }),
          }),
        ]),
      },
    });

    const closed = await assessInLab({
      ipv6: false,
      servers: { 2: { behaviour: { truncateUdp: true, closeTcp: true } } },
    });
    expect(closed.check("dns.ns.tcp-fallback")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        /^A truncated answer cannot be had over TCP: 127\.\d+\.3\.1:\d+ truncated over UDP and did not answer over TCP/,
      ),
    });
  });

  it("dns.ns.case: warns for a server that lowercases the question", async () => {
    const { check, world } = await assessInLab({
      ipv6: false,
      servers: { 0: { behaviour: { lowercaseQuestion: true } } },
    });

    expect(check("dns.ns.case")).toMatchObject({
      status: "warn",
      message: `The question's letter case is not kept: ${world.addresses[0]}:${world.lab.port} answered example.test to ExAmPlE.tEsT. Resolvers using 0x20 randomisation against spoofing discard such answers.`,
    });
  });

  it("leave a server that refuses the zone to dns.ns.lame", async () => {
    const { check, world } = await assessInLab({
      ipv6: false,
      servers: { 2: { behaviour: { refuse: true } } },
    });

    expect(check("dns.ns.lame").status).toBe("fail");
    for (const id of ids) {
      expect(check(id).status, id).toBe("pass");
      expect(JSON.stringify(check(id).details), id).not.toContain(world.addresses[2]!);
    }
  });
});
