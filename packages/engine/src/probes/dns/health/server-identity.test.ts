import { assessInLab } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";

describe("what name servers tell of themselves, and the parent's DS on each of its servers", () => {
  it("dns.ns.software-version: warns for a server telling its version over CHAOS, passes for silence", async () => {
    const { check, world } = await assessInLab({
      ipv6: false,
      servers: { 2: { behaviour: { version: "9.18.24-1-Debian" } } },
    });

    const finding = check("dns.ns.software-version");
    expect(finding).toMatchObject({
      status: "warn",
      message: `${world.addresses[2]}:${world.lab.port} discloses its software (version.bind "9.18.24-1-Debian", version.server "9.18.24-1-Debian"): a version string tells attackers which known flaws to try. Answer version.bind and version.server with nothing, or refuse them.`,
      details: { query: "CH TXT version.bind, version.server and id.server" },
    });
    // The others refused the CHAOS questions: fine, and said so per server.
    const servers = finding.details?.servers as { server: string; status: string }[];
    expect(servers.map((server) => server.status).sort()).toEqual(["fail", "pass", "pass"]);

    const quiet = await assessInLab({ ipv6: false });
    expect(quiet.check("dns.ns.software-version")).toMatchObject({
      status: "pass",
      message: "None of the 3 name servers discloses its software version.",
    });
  });

  it("dns.dnssec.ds-consistency: passes when the parent's server serves the zone's DS set", async () => {
    const { check, world } = await assessInLab({ ipv6: false });

    expect(check("dns.dnssec.ds-consistency")).toMatchObject({
      status: "pass",
      message: `The one server of ${world.parent} asked serves the same DS set for ${world.domain} (1 record).`,
    });
  });
});
