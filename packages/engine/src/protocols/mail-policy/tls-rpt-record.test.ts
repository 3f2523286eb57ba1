import {
  assessInLab,
  startDnsServer,
  testProbeContext,
  tlsRptCases,
  zoneHandler,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailProbe } from "../../probes/mail/index.js";
import { readTlsRpt } from "./tls-rpt-record.js";

// RFC 8460 section 3, rule by rule (the cases in test-kit `mail-policy/tls-rpt-cases.ts`): the
// reader alone, then each case's records served on loopback and read by both sections that
// judge them, which must agree.

const txt = (name: string, strings: string[]): packet.Answer => ({
  type: "TXT",
  name,
  ttl: 300,
  data: strings,
});

describe("readTlsRpt: RFC 8460 3", () => {
  it.each(tlsRptCases.map((entry) => [entry.title, entry] as const))("%s", (_title, entry) => {
    const reading = readTlsRpt(entry.records.map((strings) => strings.join("")));
    const verdict = reading === null ? "absent" : reading.valid ? "valid" : "invalid";
    expect(verdict, entry.rule).toBe(entry.verdict);
    if (reading?.valid) expect(reading.rua.length).toBeGreaterThan(0);
    if (reading && !reading.valid) expect(reading.problem).toMatch(/\w/);
  });
});

describe("TLS-RPT records on loopback: the dns and mail sections give one verdict", () => {
  const domain = "rpt.test";
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  beforeAll(async () => {
    // One name per case under the domain, each its own policy domain with a null MX.
    const records: Record<string, packet.Answer[]> = {};
    tlsRptCases.forEach((entry, index) => {
      const name = `case${index}.${domain}`;
      records[name] = [{ type: "MX", name, ttl: 300, data: { preference: 0, exchange: "." } }];
      records[`_smtp._tls.${name}`] = entry.records.map((strings) =>
        txt(`_smtp._tls.${name}`, strings),
      );
    });
    dns = await startDnsServer(zoneHandler(records));
  });
  afterAll(() => dns.close());

  it.each(tlsRptCases.map((entry, index) => [entry.title, entry, index] as const))(
    "%s",
    async (_title, entry, index) => {
      const context = testProbeContext({ resolvers: [dns.address], timeoutMs: 3000 });
      const mail = await mailProbe({ smtp: false }).run(`case${index}.${domain}`, context);
      const mailFinding = mail.findings.find((finding) => finding.id === "mail.tls-rpt.valid")!;
      const assessment = await assessInLab({
        child: (zone) => [
          ...zone.filter(
            (record) => !(record.type === "TXT" && record.name === "_smtp._tls.example.test"),
          ),
          ...entry.records.map((strings) => txt("_smtp._tls.example.test", strings)),
        ],
      });
      const dnsFinding = assessment.check("dns.tls-rpt.present");
      const expected = {
        valid: { mail: "pass", dns: "pass" },
        invalid: { mail: "warn", dns: "warn" },
        // The mail section reports a missing record as info, the dns section warns: both say none.
        absent: { mail: "info", dns: "warn" },
      }[entry.verdict];
      expect({ mail: mailFinding.status, dns: dnsFinding.status }, entry.rule).toEqual(expected);
      if (entry.verdict === "absent") {
        expect(mail.tlsRpt).toBeNull();
        expect(dnsFinding.message).toMatch(/^No TLS-RPT record/);
      } else {
        expect(mail.tlsRpt?.valid).toBe(entry.verdict === "valid");
      }
    },
    30_000,
  );
});
