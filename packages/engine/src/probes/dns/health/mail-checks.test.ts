import { assessInLab, type LabWorldOptions } from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";

type Records = packet.Answer[];
const txt = (name: string, data: string): packet.Answer => ({ type: "TXT", name, ttl: 300, data });
const caa = (flags: number, tag: string, value: string): packet.Answer => ({
  type: "CAA",
  name: "example.test",
  ttl: 300,
  data: { flags, tag: tag as packet.CaaData["tag"], value },
});

/** Replaces the TXT records at `name` that start like `prefix`; no value removes them. */
const setTxt =
  (name: string, prefix: RegExp, ...values: string[]) =>
  (records: Records) => [
    ...records.filter(
      (record) =>
        !(record.type === "TXT" && record.name === name && prefix.test(String(record.data))),
    ),
    ...values.map((value) => txt(name, value)),
  ];
const spf = (...values: string[]) => setTxt("example.test", /^v=spf1/, ...values);
const withMx =
  (...exchanges: [number, string][]) =>
  (records: Records) => [
    ...records.filter((record) => record.type !== "MX"),
    ...exchanges.map(
      ([preference, exchange]): packet.Answer => ({
        type: "MX",
        name: "example.test",
        ttl: 300,
        data: { preference, exchange },
      }),
    ),
  ];
const compose =
  (...steps: ((records: Records) => Records)[]) =>
  (records: Records) =>
    steps.reduce((result, step) => step(result), records);

interface Scenario {
  title: string;
  world: LabWorldOptions & Parameters<typeof assessInLab>[0];
  id: string;
  status: "pass" | "warn" | "fail" | "skipped";
  message: RegExp;
}

// The healthy world of health.test.ts passes every one of these checks; each scenario here
// changes the mail records and expects the named check to see it.
const scenarios: Scenario[] = [
  {
    title: "no MX",
    world: { child: withMx() },
    id: "dns.mx.present",
    status: "warn",
    message: /^example\.test has no MX record: senders fall back to its address records/,
  },
  {
    title: "a null MX",
    world: { child: withMx([0, "."]) },
    id: "dns.mx.present",
    status: "pass",
    message: /publishes a null MX: it accepts no mail \(RFC 7505\)/,
  },
  {
    title: "MX targets that are an alias, an address and a name without address",
    world: {
      child: compose(
        withMx([10, "alias.example.test"], [20, "nowhere.example.test"], [30, "192.0.2.25"]),
        (records) => [
          ...records,
          { type: "CNAME", name: "alias.example.test", ttl: 300, data: "mail.example.test" },
        ],
      ),
    },
    id: "dns.mx.valid",
    status: "fail",
    message:
      /alias\.example\.test is an alias of mail\.example\.test \(RFC 2181 10\.3\); nowhere\.example\.test has no A or AAAA record; 192\.0\.2\.25 is an IP address/,
  },
  {
    title: "a null MX beside a real one",
    world: { child: withMx([0, "."], [10, "mail.example.test"]) },
    id: "dns.mx.valid",
    status: "fail",
    message: /a null MX \("\." target\) must be the only MX record/,
  },
  {
    title: "no SPF record",
    world: { child: spf() },
    id: "dns.spf.present",
    status: "warn",
    message: /^example\.test has no SPF record/,
  },
  {
    title: "two SPF records",
    world: { child: spf("v=spf1 mx -all", "v=spf1 a -all") },
    id: "dns.spf.single",
    status: "fail",
    message: /^example\.test has 2 SPF records; receivers treat that as a permanent error/,
  },
  {
    title: "an invalid SPF record, and an invalid included one",
    world: {
      child: compose(
        spf("v=spf1 ip4:300.1.1.1 frobnicate include:_spf.example.test -all"),
        setTxt("_spf.example.test", /^v=spf1/, "v=spf1 ip6:192.0.2.1 -all"),
      ),
    },
    id: "dns.spf.syntax",
    status: "fail",
    message:
      /ip4:300\.1\.1\.1: ip4 needs an IPv4 address; frobnicate: unknown mechanism; in _spf\.example\.test: ip6:192\.0\.2\.1: ip6 needs an IPv6 address\.$/,
  },
  {
    // RFC 7208 test suite, "domain-spec may contain any visible char" and "mx:" alike.
    title: "a and mx domains holding ':' and '/' (legal: only a final /digits is a prefix)",
    world: { child: spf("v=spf1 a:foo:bar/baz.example.test mx:foo:bar/baz.example.test/24 -all") },
    id: "dns.spf.syntax",
    status: "pass",
    message: /^The SPF policy is well formed\.$/,
  },
  {
    title: "the macro letters c, r and t outside explanation text (RFC 7208 7.1)",
    world: { child: spf("v=spf1 exists:%{t}.example.test a:%{c}.example.test -all") },
    id: "dns.spf.syntax",
    status: "fail",
    message:
      /exists:%\{t\}\.example\.test: the domain is not a valid domain-spec; a:%\{c\}\.example\.test: the domain is not a valid domain-spec\.$/,
  },
  {
    title: "an include of a name that cannot exist (256 characters)",
    world: {
      // Two character-strings: one holds at most 255 bytes (RFC 7208 3.3).
      child: (records) => [
        ...spf()(records),
        {
          type: "TXT",
          name: "example.test",
          ttl: 300,
          data: [
            `v=spf1 include:${`${"x".repeat(60)}.`.repeat(2)}`,
            `${`${"x".repeat(60)}.`.repeat(2)}example.test -all`,
          ],
        },
      ],
    },
    id: "dns.spf.lookups",
    status: "fail",
    message:
      /permanent error: (x{60}\.){4}example\.test cannot exist: it would be 256 characters long, more than the 253 a DNS name may have\.$/,
  },
  {
    title: "eleven DNS-querying terms through includes",
    world: {
      child: compose(
        spf(
          `v=spf1 ${Array.from({ length: 6 }, (_, i) => `include:i${i}.example.test`).join(" ")} -all`,
        ),
        ...Array.from({ length: 6 }, (_, i) =>
          setTxt(`i${i}.example.test`, /^v=spf1/, i < 5 ? "v=spf1 a -all" : "v=spf1 -all"),
        ),
        (records) => [
          ...records,
          ...Array.from(
            { length: 6 },
            (_, i): packet.Answer => ({
              type: "A",
              name: `i${i}.example.test`,
              ttl: 300,
              data: "192.0.2.30",
            }),
          ),
        ],
      ),
    },
    id: "dns.spf.lookups",
    status: "fail",
    message: /it needs 11 DNS lookups, more than 10/,
  },
  {
    title: "an include loop",
    world: { child: setTxt("_spf.example.test", /^v=spf1/, "v=spf1 include:example.test -all") },
    id: "dns.spf.lookups",
    status: "fail",
    message: /it includes itself: example\.test → _spf\.example\.test → example\.test/,
  },
  {
    title: "includes of names that do not exist",
    world: {
      child: spf(
        "v=spf1 include:gone1.example.test include:gone2.example.test a:gone3.example.test -all",
      ),
    },
    id: "dns.spf.lookups",
    status: "fail",
    message:
      /3 of its lookups find nothing, more than 2; include: gone1\.example\.test has no SPF record; include: gone2\.example\.test has no SPF record/,
  },
  {
    title: "+all",
    world: { child: spf("v=spf1 mx +all") },
    id: "dns.spf.all",
    status: "fail",
    message: /ends in "\+all": it authorizes every server on the internet/,
  },
  {
    title: "no terminal all",
    world: { child: spf("v=spf1 mx") },
    id: "dns.spf.all",
    status: "warn",
    message: /has no terminal "all"/,
  },
  {
    title: "a redirect whose target cannot be read (an alias loop: SERVFAIL)",
    world: {
      child: compose(
        spf("v=spf1 redirect=_spf.example.test"),
        setTxt("_spf.example.test", /^v=spf1/),
        (records) => [
          ...records,
          { type: "CNAME", name: "_spf.example.test", ttl: 300, data: "_loop.example.test" },
          { type: "CNAME", name: "_loop.example.test", ttl: 300, data: "_spf.example.test" },
        ],
      ),
    },
    id: "dns.spf.all",
    status: "skipped",
    message: /^Not checked: the redirect to _spf\.example\.test could not be read\.$/,
  },
  {
    title: "a redirect built from macros, which no check without a message can follow",
    world: { child: spf("v=spf1 mx redirect=%{d}._spf.example.test") },
    id: "dns.spf.all",
    status: "skipped",
    message: /the redirect to %\{d\}\._spf\.example\.test expands macros per message/,
  },
  {
    title: "-all reached through redirect",
    world: { child: spf("v=spf1 redirect=_spf.example.test") },
    id: "dns.spf.all",
    status: "pass",
    message: /ends in "-all" \(from _spf\.example\.test\)/,
  },
  {
    title: "no DMARC record",
    world: { child: setTxt("_dmarc.example.test", /DMARC/) },
    id: "dns.dmarc.present",
    status: "warn",
    message: /^No DMARC record at _dmarc\.example\.test/,
  },
  {
    title: "two DMARC records",
    world: {
      child: setTxt("_dmarc.example.test", /DMARC/, "v=DMARC1; p=reject", "v=DMARC1; p=none"),
    },
    id: "dns.dmarc.single",
    status: "fail",
    message: /has 2 DMARC records; receivers then apply none of them/,
  },
  {
    title: "p=none",
    world: {
      child: setTxt("_dmarc.example.test", /DMARC/, "v=DMARC1; p=none; rua=mailto:d@example.test"),
    },
    id: "dns.dmarc.policy",
    status: "warn",
    message: /is p=none: reports only, forged mail is still delivered/,
  },
  {
    title: "an invalid policy",
    world: { child: setTxt("_dmarc.example.test", /DMARC/, "v=DMARC1; p=maybe") },
    id: "dns.dmarc.policy",
    status: "fail",
    message: /has an invalid p=maybe; receivers ignore it/,
  },
  {
    title: "a repeated tag (RFC 6376 3.2: invalid), not read as its last value",
    world: { child: setTxt("_dmarc.example.test", /DMARC/, "v=DMARC1; p=reject; p=none") },
    id: "dns.dmarc.policy",
    status: "fail",
    message:
      /gives p= more than once, which makes it invalid \(RFC 6376 3\.2\); receivers ignore it/,
  },
  {
    title: "an invalid sp= beside a valid p= (RFC 7489 6.6.3: no DMARC processing)",
    world: { child: setTxt("_dmarc.example.test", /DMARC/, "v=DMARC1; p=reject; sp=maybe") },
    id: "dns.dmarc.policy",
    status: "fail",
    message: /has an invalid sp=maybe; receivers ignore it/,
  },
  {
    title: "rua= without p=: receivers act as for p=none (RFC 7489 6.6.3), a warning",
    world: {
      child: setTxt("_dmarc.example.test", /DMARC/, "v=DMARC1; rua=mailto:d@example.test"),
    },
    id: "dns.dmarc.policy",
    status: "warn",
    message: /has no p= tag: receivers act as for p=none and only report \(RFC 7489 6\.6\.3\)/,
  },
  {
    title: "pct= out of range (RFC 7489 6.3: discarded for its default 100), not a pass",
    world: { child: setTxt("_dmarc.example.test", /DMARC/, "v=DMARC1; p=reject; pct=150") },
    id: "dns.dmarc.policy",
    status: "warn",
    message:
      /is p=reject\. pct=150 is invalid \(pct= must be a whole number from 0 to 100\); receivers discard it for the default \(RFC 7489 6\.3\)/,
  },
  {
    title: "a DMARC record at the domain itself instead of _dmarc",
    world: {
      child: compose(setTxt("_dmarc.example.test", /DMARC/), (records) => [
        ...records,
        txt("example.test", "v=DMARC1; p=reject"),
      ]),
    },
    id: "dns.dmarc.present",
    status: "warn",
    message: /A DMARC record is published at example\.test itself, where receivers never look/,
  },
  {
    title: "reports to another organization that does not authorize them (RFC 7489 7.1)",
    world: {
      child: setTxt(
        "_dmarc.example.test",
        /DMARC/,
        "v=DMARC1; p=reject; rua=mailto:d@reports.test",
      ),
      extraZones: [{ apex: "reports.test", records: [txt("reports.test", "v=spf1 -all")] }],
    },
    id: "dns.dmarc.report-destinations",
    status: "warn",
    message:
      /^reports\.test does not accept example\.test's reports: no "v=DMARC1" TXT record at example\.test\._report\._dmarc\.reports\.test/,
  },
  {
    title: "reports to another organization that authorizes them",
    world: {
      child: setTxt(
        "_dmarc.example.test",
        /DMARC/,
        "v=DMARC1; p=reject; rua=mailto:d@reports.test",
      ),
      extraZones: [
        {
          apex: "reports.test",
          records: [txt("example.test._report._dmarc.reports.test", "v=DMARC1")],
        },
      ],
    },
    id: "dns.dmarc.report-destinations",
    status: "pass",
    message: /the 1 outside its organizational domain authorize its reports/,
  },
  {
    title: "no MTA-STS record",
    world: { child: setTxt("_mta-sts.example.test", /STS/) },
    id: "dns.mta-sts.present",
    status: "warn",
    message: /^No MTA-STS record at _mta-sts\.example\.test/,
  },
  {
    title: "an MTA-STS record without id",
    world: { child: setTxt("_mta-sts.example.test", /STS/, "v=STSv1;") },
    id: "dns.mta-sts.present",
    status: "warn",
    message: /has no valid id=/,
  },
  {
    title: "no TLS-RPT record",
    world: { child: setTxt("_smtp._tls.example.test", /TLSRPT/) },
    id: "dns.tls-rpt.present",
    status: "warn",
    message: /^No TLS-RPT record at _smtp\._tls\.example\.test/,
  },
  {
    title: "a null MX, which needs no MTA-STS",
    world: { child: compose(withMx([0, "."]), setTxt("_mta-sts.example.test", /STS/)) },
    id: "dns.mta-sts.present",
    status: "skipped",
    message: /example\.test receives no mail \(no MX\)/,
  },
  {
    title: "no CAA record anywhere up the tree",
    world: { child: (records) => records.filter((record) => record.type !== "CAA") },
    id: "dns.caa.present",
    status: "warn",
    message: /^No CAA record applies to example\.test, at it or above it/,
  },
  {
    title: "an unknown critical CAA tag",
    world: {
      child: (records) => [...records, caa(128, "tbs", "x")],
    },
    id: "dns.caa.syntax",
    status: "fail",
    message:
      /CAA 128 tbs "x" has an unknown tag marked critical: no certificate authority may issue/,
  },
  {
    title: "a malformed iodef",
    world: {
      child: (records) => [...records, caa(0, "iodef", "call me")],
    },
    id: "dns.caa.syntax",
    status: "warn",
    message: /iodef needs a mailto: or http\(s\): URL/,
  },
];

describe("mail and CAA checks", () => {
  it.each(scenarios)("$id: $status for $title", async (scenario) => {
    const { check } = await assessInLab(scenario.world);

    const finding = check(scenario.id);
    expect(finding.status, JSON.stringify(finding)).toBe(scenario.status);
    expect(finding.message).toMatch(scenario.message);
  });

  it("finds DMARC and CAA at the organizational domain for a name below it", async () => {
    const { check } = await assessInLab({
      name: "shop.example.test",
      child: (records) => [
        ...records,
        { type: "A", name: "shop.example.test", ttl: 300, data: "192.0.2.40" },
      ],
    });

    expect(check("dns.dmarc.present")).toMatchObject({
      status: "pass",
      details: { location: "_dmarc.example.test" },
    });
    expect(check("dns.caa.present")).toMatchObject({
      status: "pass",
      message:
        "CAA records limit who may issue certificates for shop.example.test, inherited from example.test.",
    });
    // No MX at shop: it receives no mail, so MTA-STS and TLS-RPT do not apply.
    expect(check("dns.mx.present").status).toBe("warn");
    expect(check("dns.mta-sts.present").status).toBe("skipped");
  });
});
