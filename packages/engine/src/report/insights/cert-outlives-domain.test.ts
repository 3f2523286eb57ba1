import { dnsData, insightInput, sslData, whoisData } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { certOutlivesDomainInsight } from "./cert-outlives-domain.js";

const run = (whois: Record<string, unknown> | "error", notAfter = "2026-12-30T23:59:59.000Z") =>
  certOutlivesDomainInsight(insightInput({ whois, dns: dnsData(), ssl: sslData({ notAfter }) }));

describe("report.cert-outlives-domain", () => {
  it("warns when the registration expires before the certificate", () => {
    const result = run(whoisData({ expiresAt: "2026-12-01T00:00:00.000Z", expiresInDays: 8 }));
    expect(result).toEqual({
      id: "report.cert-outlives-domain",
      status: "warn",
      severity: "warning",
      message:
        "The registration expires on 2026-12-01T00:00:00.000Z, 30 days before the certificate (2026-12-30T23:59:59.000Z): renew the domain, or turn on auto-renewal, before it lapses.",
      details: {
        domainExpiresAt: "2026-12-01T00:00:00.000Z",
        certificateNotAfter: "2026-12-30T23:59:59.000Z",
        daysOutlived: 30,
      },
    });
  });

  it("passes when the certificate expires first", () => {
    expect(run(whoisData())).toMatchObject({
      status: "pass",
      severity: "info",
      message:
        "The certificate (valid until 2026-12-30T23:59:59.000Z) expires before the registration (2099-08-13T04:00:00.000Z).",
    });
  });

  it("skips when either date is unknown", () => {
    expect(run(whoisData({ registered: false, expiresAt: null })).message).toBe(
      "Not checked: example.com is not registered.",
    );
    expect(run(whoisData({ expiresAt: null })).message).toBe(
      "Not checked: the registry gives no expiry date.",
    );
    expect(run("error").message).toBe("Not checked: the whois section failed (upstream_error).");
    const unreachable = { ...sslData(), reachable: false, certificate: null };
    expect(
      certOutlivesDomainInsight(insightInput({ whois: whoisData(), ssl: unreachable })).message,
    ).toBe("Not checked: the ssl section read no certificate.");
  });
});
