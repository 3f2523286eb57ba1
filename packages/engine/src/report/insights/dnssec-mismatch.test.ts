import { dnsData, insightInput, whoisData } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { dnssecMismatchInsight } from "./dnssec-mismatch.js";

// RFC 4034 section 5.4: a DNSKEY (flags 256, algorithm 5) with key tag 60485 and its DS.
const publicKey =
  "AQOeiiR0GOMYkDshWoSKz9XzfwJr1AYtsmx3TGkJaNXVbfi/2pHm822aJ5iI9BMzNXxeYCmZDRD99WYwYqUSdjMmmAphXdvxegXd/M5+X7OrzKBaMbCVdFLUUh6DhweJBjEVv5f2wwjM9XzcnOf+EPbtG9DMBmADjFDc2w/rljwvFw==";
const dnskey = { flags: 256, protocol: 3, algorithm: 5, publicKey, ttl: 86400 };
const signed = (keyTag = 60485) =>
  whoisData({
    dnssec: {
      delegationSigned: true,
      dsData: [
        { keyTag, algorithm: 5, digestType: 1, digest: "2BB183AF5F22588179A53B0A98631FAD1A292118" },
      ],
    },
  });
const unsigned = whoisData({ dnssec: { delegationSigned: false, dsData: [] } });
const withKeys = (keys: unknown[], checks?: unknown[]) =>
  dnsData({ DNSKEY: keys, DS: [] }, checks ? { health: { checks } } : {});
const check = (id: string, status: string) => ({
  id,
  status,
  severity: status === "fail" ? "error" : "info",
  message: "...",
});
const run = (whois: Record<string, unknown>, dns: Record<string, unknown>) =>
  dnssecMismatchInsight(insightInput({ whois, dns }));

describe("report.dnssec.mismatch", () => {
  it("fails when the registry publishes DS and the zone has no DNSKEY", () => {
    expect(run(signed(), withKeys([]))).toMatchObject({
      id: "report.dnssec.mismatch",
      status: "fail",
      severity: "error",
      message:
        "The registry publishes DS records for example.com, but the zone has no DNSKEY: validating resolvers cannot resolve it. Publish the keys, or remove the DS at the registrar.",
      details: { delegationSigned: true, dsKeyTags: [60485], dnskeyCount: 0 },
    });
  });

  it("fails when no DNSKEY matches the registry's DS", () => {
    const result = run(signed(12345), withKeys([dnskey]));
    expect(result).toMatchObject({ status: "fail", details: { dnskeyTags: [60485] } });
    expect(result.message).toMatch(
      /^No DNSKEY of example\.com matches the registry's DS records \(key tags 12345\)/,
    );
  });

  it("fails when the dns section's DNSSEC checks fail", () => {
    const result = run(
      signed(),
      withKeys(
        [dnskey],
        [check("dns.dnssec.signed", "pass"), check("dns.dnssec.rrsig-valid", "fail")],
      ),
    );
    expect(result.status).toBe("fail");
    expect(result.message).toContain("(dns.dnssec.rrsig-valid)");
  });

  it("warns when the zone is signed but the registry has no DS", () => {
    expect(run(unsigned, withKeys([dnskey]))).toMatchObject({
      status: "warn",
      severity: "warning",
      message:
        "The zone of example.com is signed, but the registry has no DS record for it, so resolvers do not validate it. Add the DS record at the registrar.",
    });
  });

  it("passes when both sides agree", () => {
    expect(run(signed(), withKeys([dnskey, { ...dnskey, flags: 257, keyTag: 2371 }])).status).toBe(
      "pass",
    );
    expect(run(unsigned, withKeys([])).message).toBe(
      "Neither the registry nor the zone has DNSSEC for example.com.",
    );
    // A key without the zone-key flag cannot sign the zone.
    expect(run(unsigned, withKeys([{ ...dnskey, flags: 0 }])).status).toBe("pass");
  });

  it("reads the dns.dnssec.signed check when the dns section lists no DNSKEY records", () => {
    expect(
      run(unsigned, dnsData({}, { health: { checks: [check("dns.dnssec.signed", "pass")] } }))
        .status,
    ).toBe("warn");
    expect(
      run(signed(), dnsData({}, { health: { checks: [check("dns.dnssec.signed", "info")] } }))
        .status,
    ).toBe("fail");
  });

  it("skips when either side does not say", () => {
    expect(run(signed(), dnsData()).message).toBe(
      "Not checked: the dns section reports neither DNSKEY records nor DNSSEC checks.",
    );
    expect(
      run(whoisData({ dnssec: { delegationSigned: null, dsData: [] } }), withKeys([])).message,
    ).toBe("Not checked: the registry does not say whether the delegation is signed.");
    const sub = dnssecMismatchInsight(
      insightInput({ whois: signed(), dns: withKeys([]) }, { domain: "www.example.com" }),
    );
    expect(sub.message).toBe(
      "Not checked: the dns section describes www.example.com, while the registry's DS records are for example.com.",
    );
  });
});
