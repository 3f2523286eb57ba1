import { ipDataFromCsv } from "@domain-intel/ip-data";
import { assessInLab } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { networkData } from "../../../protocols/ip-network/network-data.js";

describe("dns.ns.as-diversity", () => {
  it("passes when the name servers sit in several autonomous systems", async () => {
    const { check } = await assessInLab();

    expect(check("dns.ns.as-diversity")).toMatchObject({
      status: "pass",
      message:
        "The name servers are announced by 3 autonomous systems: AS64500, AS64501 and AS64502.",
      details: { source: "cymru" },
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

  it("reads the engine's network data, the same the hosting section reads, without asking Cymru", async () => {
    // The lab's Cymru answers say three systems; the data in memory says one.
    const lab = await assessInLab({
      probe: {
        networkData: networkData(
          ipDataFromCsv({
            source: "lab-data",
            asn: [
              {
                source: "lab",
                text: "127.0.0.0,127.255.255.255,64999,One Lab Network\n::1,::1,64999,One Lab Network",
              },
            ],
            country: [],
          }),
        ),
      },
    });
    expect(lab.check("dns.ns.as-diversity")).toMatchObject({
      status: "warn",
      message:
        "Every name server address is in AS64999: one network's outage takes example.test down.",
      details: { source: "lab-data" },
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
