import { assessInLab } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";

describe("DNS cookies and NSID, per name server address", () => {
  it("dns.ns.cookies: passes for servers echoing the client cookie with their own", async () => {
    const { check } = await assessInLab({ ipv6: false });

    const finding = check("dns.ns.cookies");
    expect(finding).toMatchObject({
      status: "pass",
      message:
        "3 name servers answer a client cookie with a well-formed server cookie or without one (RFC 7873).",
      details: { query: "SOA with an 8-byte client cookie (EDNS option 10)" },
    });
    const servers = finding.details?.servers as { client: string; cookie: string }[];
    expect(servers).toHaveLength(3);
    for (const server of servers) {
      expect(server.cookie).toBe(`${server.client}${Buffer.from("lab-srvr").toString("hex")}`);
    }
  });

  it("dns.ns.cookies: fails for a server answering a malformed cookie", async () => {
    const { check, world } = await assessInLab({
      ipv6: false,
      servers: { 1: { behaviour: { malformedCookie: true } } },
    });

    expect(check("dns.ns.cookies")).toMatchObject({
      status: "fail",
      message: `DNS cookies are mishandled: ${world.addresses[1]}:${world.lab.port} answered a cookie of 5 bytes (16 to 40: the client's 8 and 8 to 32 of its own). Resolvers sending cookies discard such answers or retry without them.`,
    });
  });

  it("dns.ns.nsid: informs of what each server answers to NSID", async () => {
    const { check, world } = await assessInLab({
      ipv6: false,
      servers: { 0: { behaviour: { nsid: "lab-ns1" } } },
    });

    expect(check("dns.ns.nsid")).toMatchObject({
      status: "info",
      message: `NSID: ${world.addresses[0]}:${world.lab.port} is "lab-ns1"; 2 other servers give none.`,
    });

    const none = await assessInLab({ ipv6: false });
    expect(none.check("dns.ns.nsid")).toMatchObject({
      status: "info",
      message: expect.stringMatching(/^No name server gives an NSID/),
    });
  });
});
