import { assessInLab } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";

describe("dns.ns.as-diversity", () => {
  it("passes when the name servers sit in several autonomous systems", async () => {
    const { check } = await assessInLab();

    expect(check("dns.ns.as-diversity")).toMatchObject({
      status: "pass",
      message:
        "The name servers are announced by 3 autonomous systems: AS64500, AS64501 and AS64502.",
      details: { source: "origin.asn.cymru.com" },
    });
  });

  it("warns when every address is in one autonomous system", async () => {
    const { check } = await assessInLab({ asn: () => 64_511 });

    expect(check("dns.ns.as-diversity")).toMatchObject({
      status: "warn",
      message:
        "Every name server address is in AS64511: one network's outage takes example.test down.",
    });
  });

  it("is skipped, never failed, when no IP-to-ASN source answers", async () => {
    const { check } = await assessInLab({ asn: () => null });

    expect(check("dns.ns.as-diversity")).toMatchObject({
      status: "skipped",
      message: expect.stringMatching(/^Not checked: no IP-to-ASN source answered \(no origin for /),
    });
  });
});
