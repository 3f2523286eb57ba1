import { dnsData, insightInput, whoisData } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { nameserversMismatchInsight } from "./nameservers-mismatch.js";

const ns = (...hosts: string[]) => hosts.map((host) => ({ host, ttl: 86400 }));

describe("report.nameservers.mismatch", () => {
  it("warns when the registry and the zone list different name servers", () => {
    const result = nameserversMismatchInsight(
      insightInput({
        whois: whoisData({ nameservers: ["ns1.old-host.net", "a.iana-servers.net"] }),
        dns: dnsData({ NS: ns("a.iana-servers.net", "ns2.new-host.net") }),
      }),
    );
    expect(result).toEqual({
      id: "report.nameservers.mismatch",
      status: "warn",
      severity: "warning",
      message:
        "The registry's name servers for example.com differ from the zone's: only the registry lists ns1.old-host.net; only the zone's NS records list ns2.new-host.net. Update the delegation at the registrar or the NS records in the zone so they match.",
      details: {
        registry: ["a.iana-servers.net", "ns1.old-host.net"],
        dns: ["a.iana-servers.net", "ns2.new-host.net"],
        onlyAtRegistry: ["ns1.old-host.net"],
        onlyInDns: ["ns2.new-host.net"],
      },
    });
  });

  it("warns when the zone publishes no NS records", () => {
    const result = nameserversMismatchInsight(
      insightInput({ whois: whoisData(), dns: dnsData({ NS: [] }) }),
    );
    expect(result.status).toBe("warn");
    expect(result.message).toMatch(/The zone publishes no NS records at all\.$/);
  });

  it("passes when the sets agree, whatever the case, order or trailing dot", () => {
    const result = nameserversMismatchInsight(
      insightInput({
        whois: whoisData({ nameservers: ["B.IANA-SERVERS.NET", "a.iana-servers.net."] }),
        dns: dnsData({ NS: ns("a.iana-servers.net", "b.iana-servers.net") }),
      }),
    );
    expect(result).toMatchObject({
      status: "pass",
      message: "The registry and the zone agree on 2 name servers.",
    });
  });

  it("skips a subdomain, an unregistered name and missing sections", () => {
    const sub = nameserversMismatchInsight(
      insightInput({ whois: whoisData(), dns: dnsData({ NS: [] }) }, { domain: "www.example.com" }),
    );
    expect(sub.message).toBe(
      "Not checked: the dns section describes www.example.com, while the registry delegates example.com.",
    );
    expect(
      nameserversMismatchInsight(
        insightInput({ whois: whoisData({ registered: false, nameservers: [] }), dns: dnsData() }),
      ).status,
    ).toBe("skipped");
    expect(
      nameserversMismatchInsight(insightInput({ whois: whoisData(), dns: "error" })).message,
    ).toBe("Not checked: the dns section failed (upstream_error).");
  });
});
