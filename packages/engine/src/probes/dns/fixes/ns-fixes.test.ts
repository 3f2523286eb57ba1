import { aliasedNameServer, assessInLab } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";

describe("dns.ns.lame's fix", () => {
  it("takes one lame server out of the delegation and the NS set while two serve the zone", async () => {
    const { check, world } = await assessInLab({ servers: { 1: { behaviour: { refuse: true } } } });

    expect(check("dns.ns.lame").remediation?.changes).toEqual([
      { kind: "registrar", what: "nameservers", action: "remove", value: world.hosts[1] },
      expect.objectContaining({
        kind: "dns-record",
        action: "remove",
        zoneLine: `example.test. 3600 IN NS ${world.hosts[1]}.`,
      }),
    ]);
  });

  it("removes nothing when fewer than two answering servers would stay: the zone must be loaded", async () => {
    const { check } = await assessInLab({
      servers: { 1: { behaviour: { refuse: true } }, 2: { behaviour: { refuse: true } } },
    });

    const remediation = check("dns.ns.lame").remediation;
    expect(remediation?.changes).toEqual([]);
    expect(remediation?.summary).toMatch(/^Load example\.test on the name servers/);
  });
});

describe("dns.ns.not-cname's fix", () => {
  it("names the alias's target in the NS set and at the registrar, with glue inside the zone", async () => {
    const { check, world } = await assessInLab({ child: aliasedNameServer(1, "nsb") });

    expect(check("dns.ns.not-cname").remediation?.changes).toEqual([
      expect.objectContaining({
        kind: "dns-record",
        action: "replace",
        zoneLine: "example.test. 3600 IN NS nsb.example.test.",
        replaces: ["ns2.example.test."],
      }),
      { kind: "registrar", what: "nameservers", action: "add", value: "nsb.example.test" },
      {
        kind: "registrar",
        what: "glue",
        action: "add",
        value: `nsb.example.test ${world.addresses[1]}`,
      },
      { kind: "registrar", what: "nameservers", action: "remove", value: "ns2.example.test" },
    ]);
  });
});
