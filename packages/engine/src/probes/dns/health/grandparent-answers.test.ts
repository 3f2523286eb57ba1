import { assessInLab, type LabWorldContext } from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";

/**
 * Zonemaster's BASIC01 ZONE-ERR-GRANDPARENT scenarios: a server of a zone above answers the NS
 * question for a name it delegated, with its own SOA (NODATA) or another owner's NS records,
 * and the resolver hands that answer on. It is not the zone's answer (RFC 1034 4.2.1: a zone
 * has NS records at its apex; RFC 2308 2.2: a NODATA carries the SOA of the zone that answers).
 */
const soaOf = (zone: string, mname: string): packet.Answer => ({
  type: "SOA",
  name: zone,
  ttl: 3600,
  data: {
    mname,
    rname: `hostmaster.${zone}`,
    serial: 1,
    refresh: 3600,
    retry: 600,
    expire: 86_400,
    minimum: 300,
  },
});

/** The resolver answers `name`/NS with a NODATA carrying the SOA of `zone`. */
const nodataFrom =
  (name: (world: LabWorldContext) => string, zone: (world: LabWorldContext) => string) =>
  (question: { name: string; type: string }, world: LabWorldContext) =>
    question.name === name(world) && question.type === "NS"
      ? {
          rcode: "NOERROR",
          flags: 0,
          answers: [],
          authorities: [soaOf(zone(world), `ns.${zone(world)}`)],
        }
      : undefined;

describe("an NS answer that is not the zone's own", () => {
  it("is not read as a zone without name servers: the delegated servers say the NS set (ZONE-ERR-GRANDPARENT-2)", async () => {
    const { check, world } = await assessInLab({
      resolverAnswer: nodataFrom(
        (world) => world.domain,
        (world) => world.parent,
      ),
    });
    expect(check("dns.ns.parent-child")).toMatchObject({
      status: "pass",
      message: expect.stringContaining("and the zone list the same 3 name servers"),
    });
    expect(check("dns.ns.count").details?.child).toEqual([...world.hosts].sort());
  });

  it("is not read as another owner's name servers (ZONE-ERR-GRANDPARENT-3)", async () => {
    const { check } = await assessInLab({
      resolverAnswer: ({ name, type }, world) =>
        name === world.domain && type === "NS"
          ? {
              rcode: "NOERROR",
              flags: 0,
              answers: [
                {
                  type: "NS",
                  name: `uncle.${world.parent}`,
                  ttl: 3600,
                  data: `ns.nic.${world.parent}`,
                },
              ],
            }
          : undefined,
    });
    expect(check("dns.ns.parent-child").status).toBe("pass");
  });

  it("with every delegated server silent, leaves the NS checks skipped with the reason", async () => {
    const silent = { behaviour: { dropUdp: true, closeTcp: true } };
    const { check } = await assessInLab({
      ipv6: false,
      servers: { 0: silent, 1: silent, 2: silent },
      resolverAnswer: nodataFrom(
        (world) => world.domain,
        (world) => world.parent,
      ),
      network: { timeoutMs: 3000 },
    });
    expect(check("dns.ns.parent-child")).toMatchObject({
      status: "skipped",
      message: expect.stringContaining(
        "the answer for example.test/NS is not example.test's: it holds no NS records of example.test but the SOA of test",
      ),
    });
    expect(check("dns.ns.lame").status).toBe("fail");
  });

  it("for the parent zone, takes the parent's servers from the delegation above it", async () => {
    const { check, world } = await assessInLab({
      serveRoot: true,
      // The root server's name lies in this lab's parent zone: its address is found there.
      parentZone: (records, world) => [
        ...records,
        { type: "A", name: "a.root-servers.test", ttl: 86_400, data: world.rootAddress },
      ],
      resolverAnswer: nodataFrom(
        (world) => world.parent,
        () => ".",
      ),
    });
    expect(check("dns.ns.parent-child")).toMatchObject({
      status: "pass",
      message: `The parent (${world.parentAddress}:${world.lab.port}) and the zone list the same 3 name servers.`,
    });
    expect(check("dns.ns.glue").status).toBe("pass");
  });
});
