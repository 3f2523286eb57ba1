import { dnsData, insightInput } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { mailProbe } from "../../probes/mail/index.js";
import { daneDnssecBrokenInsight, mtaStsUnmetInsight } from "./mail-transport.js";

type Data = Record<string, unknown>;
// The mail section's published example: enforce policy, one MX with STARTTLS and a good certificate.
const example = () => structuredClone(mailProbe().example) as unknown as Data & { hosts: Data[] };
const endpoint = (mail: Data & { hosts: Data[] }) => (mail.hosts[0]!.endpoints as Data[])[0]!;

describe("report.mail.mta-sts-unmet", () => {
  it("passes when every MX meets the enforced policy", () => {
    expect(mtaStsUnmetInsight(insightInput({ mail: example() })).status).toBe("pass");
  });

  it("fails when an MX offers no STARTTLS or an untrusted certificate under enforce", () => {
    const plain = example();
    Object.assign(endpoint(plain), { starttls: false, tls: null });
    const result = mtaStsUnmetInsight(insightInput({ mail: plain }));
    expect(result.status).toBe("fail");
    expect(result.message).toContain("no STARTTLS");
    const untrusted = example();
    (endpoint(untrusted).tls as Data).trusted = false;
    expect(mtaStsUnmetInsight(insightInput({ mail: untrusted })).status).toBe("fail");
  });

  it("is skipped without an enforce policy or a mail section", () => {
    const testing = example();
    ((testing.mtaSts as Data).policy as Data).mode = "testing";
    expect(mtaStsUnmetInsight(insightInput({ mail: testing })).status).toBe("skipped");
    expect(mtaStsUnmetInsight(insightInput({ mail: "error" })).status).toBe("skipped");
  });
});

describe("report.mail.dane-dnssec-broken", () => {
  const withTlsa = () => {
    const mail = example();
    mail.hosts[0]!.tlsa = [{ usage: 3, selector: 1, matchingType: 1, data: "ab" }];
    return mail;
  };
  const dnsWith = (status: string) =>
    dnsData(
      {},
      { health: { checks: [{ id: "dns.dnssec.chain", status, severity: "info", message: "" }] } },
    );

  it("fails when an MX of the domain publishes TLSA and the zone's DNSSEC fails", () => {
    const result = daneDnssecBrokenInsight(
      insightInput({ mail: withTlsa(), dns: dnsWith("fail") }),
    );
    expect(result.status).toBe("fail");
    expect(result.details).toMatchObject({ failing: ["dns.dnssec.chain"] });
  });

  it("passes when the zone's DNSSEC checks do not fail, and is skipped without TLSA", () => {
    expect(
      daneDnssecBrokenInsight(insightInput({ mail: withTlsa(), dns: dnsWith("pass") })).status,
    ).toBe("pass");
    expect(
      daneDnssecBrokenInsight(insightInput({ mail: example(), dns: dnsWith("fail") })).status,
    ).toBe("skipped");
  });
});
