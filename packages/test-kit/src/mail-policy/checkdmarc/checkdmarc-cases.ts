/**
 * The DMARC records of checkdmarc's own tests (domainaware/checkdmarc `tests/test_dmarc.py` at
 * d4866ca, Apache-2.0, LICENSE-checkdmarc.txt beside this file), each with what checkdmarc makes
 * of it and the dns section's finding that answers the same question. checkdmarc's domains
 * become the lab's: the policy domain (example.com, dea.gov, energy.gov) is example.test, a
 * report destination elsewhere (elsewhere.com, usdoj.gov, dhs.gov) is reports.test.
 * Tests of checkdmarc's Python functions alone (tag descriptions, the CLI) and those whose
 * verdict comes from a mocked exception or a parked-domain flag have no record to replay.
 */
export interface CheckdmarcCase {
  /** checkdmarc's test the record comes from. */
  test: string;
  /** The TXT values at `_dmarc.example.test`. */
  dmarc: string[];
  /** TXT values at example.test itself (beside its SPF record). */
  apex?: string[];
  /** Names in reports.test that publish the given TXT values (report authorizations). */
  reports?: Record<string, string[]>;
  /** The name assessed; default example.test. */
  name?: string;
  /** What checkdmarc does with it: accepts it silently, warns, or raises an error. */
  checkdmarc: "valid" | "warning" | "error";
  /** checkdmarc's words (its exception or warning). */
  says: string;
  /** The dns section's finding on the same question. */
  id: string;
  /** Our statuses that agree with checkdmarc's verdict. */
  agree: readonly ("pass" | "info" | "warn" | "fail")[];
  /** Where we differ on purpose: our status and the RFC that decides it. */
  differs?: { ours: "pass" | "info" | "warn" | "fail"; why: string };
}

const flags = ["warn", "fail"] as const;
const noted = ["info", "warn"] as const;
/** reports.test authorizes example.test's reports. */
const authorized = { "example.test._report._dmarc.reports.test": ["v=DMARC1"] };

export const checkdmarcCases: readonly CheckdmarcCase[] = [
  ...[
    "v=DMARC1;p=ReJect",
    "v = DMARC1;p=reject;",
    "v = DMARC1\t;\tp=reject\t;",
    "v = DMARC1\t;\tp\t\t\t=\t\t\treject\t;",
    "V=DMARC1;p=reject;",
  ].map(
    (record): CheckdmarcCase => ({
      test: "testDMARCMixedFormatting",
      dmarc: [record],
      checkdmarc: "valid",
      says: "parsed",
      id: "dns.dmarc.policy",
      agree: ["pass"],
    }),
  ),
  ...[
    "v=DMARC1; p=none; rua=reports@dmarc.reports.test,mailto:dmarcreports@reports.test",
    "v=DMARC1; p=none; rua=__mailto:reports@dmarc.reports.test,mailto:dmarcreports@reports.test",
  ].map(
    (record): CheckdmarcCase => ({
      test: "testInvalidDMARCURI",
      dmarc: [record],
      reports: authorized,
      checkdmarc: "error",
      says: "InvalidDMARCReportURI",
      id: "dns.dmarc.report-destinations",
      agree: flags,
    }),
  ),
  {
    test: "testInvalidDMARCPolicyValue",
    dmarc: ["v=DMARC1; p=foo; rua=mailto:dmarc@example.test"],
    checkdmarc: "error",
    says: "InvalidDMARCTagValue",
    id: "dns.dmarc.policy",
    agree: flags,
  },
  ...(["np=quarantine", "psd=n", "t=y"] as const).map(
    (tag): CheckdmarcCase => ({
      test: `testRFC9989NewTag${tag === "np=quarantine" ? "Np" : tag === "psd=n" ? "Psd" : "T"}`,
      dmarc: [`v=DMARC1; p=reject; ${tag}`],
      checkdmarc: "valid",
      says: "parsed",
      id: "dns.dmarc.policy",
      agree: ["pass"],
    }),
  ),
  ...(["np=invalid", "psd=x", "t=x"] as const).map(
    (tag): CheckdmarcCase => ({
      test: `testRFC9989Invalid${tag === "np=invalid" ? "Np" : tag === "psd=x" ? "Psd" : "T"}Value`,
      dmarc: [`v=DMARC1; p=reject; ${tag}`],
      checkdmarc: "error",
      says: "InvalidDMARCTagValue",
      id: "dns.dmarc.policy",
      agree: flags,
    }),
  ),
  ...(["pct=100", "rf=afrf", "ri=3600"] as const).map(
    (tag): CheckdmarcCase => ({
      test: `testRFC9989${tag.startsWith("pct") ? "Pct" : tag.startsWith("rf") ? "Rf" : "Ri"}RemovedWarning`,
      dmarc: [`v=DMARC1; p=reject; ${tag}`],
      checkdmarc: "warning",
      says: `the ${tag.split("=")[0]} tag was removed in RFC 9989`,
      id: "dns.dmarc.policy",
      agree: noted,
      differs: {
        ours: "pass",
        why: `RFC 7489 6.3 defines ${tag.split("=")[0]}= and ${tag} is its default or a valid value; the check follows RFC 7489, where receivers still read it`,
      },
    }),
  ),
  {
    test: "testRFC9989MissingPTagWarning",
    dmarc: ["v=DMARC1; rua=mailto:dmarc@example.test"],
    checkdmarc: "warning",
    says: "A missing p tag is equivalent to p=none in RFC 9989",
    id: "dns.dmarc.policy",
    agree: noted,
  },
  {
    test: "testRFC9989NpDefaultsToSp",
    dmarc: ["v=DMARC1; p=reject; sp=quarantine"],
    checkdmarc: "valid",
    says: "np defaults to sp",
    id: "dns.dmarc.policy",
    agree: ["pass"],
  },
  {
    test: "testRFC9989NpDefaultsToP, PsdDefaultsToU, TDefaultsToN, RemovedTagImplicitNoWarning, CheckDmarcSuccess",
    dmarc: ["v=DMARC1; p=reject"],
    checkdmarc: "valid",
    says: "parsed, no removed-tag warning",
    id: "dns.dmarc.policy",
    agree: ["pass"],
  },
  {
    test: "testRFC9989BackwardCompatibility",
    dmarc: [
      "v=DMARC1; p=none; sp=none; fo=1; pct=50; adkim=r; aspf=r; rf=afrf; ri=86400; rua=mailto:eits.dmarcrua@example.test; ruf=mailto:eits.dmarcruf@example.test",
    ],
    checkdmarc: "warning",
    says: "parsed, with warnings (the pct, rf and ri tags RFC 9989 removed)",
    id: "dns.dmarc.policy",
    agree: noted,
  },
  {
    test: "testRFC9989TreeWalkDiscovery, WalkSucceedsAtParent",
    name: "sub.example.test",
    dmarc: ["v=DMARC1; p=reject; rua=mailto:dmarc@example.test"],
    checkdmarc: "valid",
    says: "found at example.com",
    id: "dns.dmarc.present",
    agree: ["pass"],
  },
  {
    test: "testDMARCGrammarSyntaxError",
    dmarc: ["v=DMARC1; p"],
    checkdmarc: "error",
    says: "DMARCSyntaxError",
    id: "dns.dmarc.policy",
    agree: flags,
  },
  ...["fo=invalid_value", "fo=x"].map(
    (tag): CheckdmarcCase => ({
      test: tag === "fo=x" ? "testDMARCInvalidFoValue" : "testDMARCSyntaxError",
      dmarc: [`v=DMARC1; p=reject; ${tag}`],
      checkdmarc: "error",
      says: "InvalidDMARCTagValue",
      id: "dns.dmarc.policy",
      agree: flags,
    }),
  ),
  {
    test: "testDMARCDuplicateTags",
    dmarc: ["v=DMARC1; p=reject; p=none"],
    checkdmarc: "error",
    says: "InvalidDMARCTag",
    id: "dns.dmarc.policy",
    agree: flags,
  },
  {
    test: "testDMARCUnknownTagIgnored",
    dmarc: ["v=DMARC1; p=reject; xyz=foo"],
    checkdmarc: "warning",
    says: "Unknown DMARC tag 'xyz'",
    id: "dns.dmarc.policy",
    agree: noted,
  },
  {
    test: "testDMARCSPFInDMARC",
    dmarc: ["v=spf1 include:example.test -all"],
    checkdmarc: "error",
    says: "SPFRecordFoundWhereDMARCRecordShouldBe",
    id: "dns.dmarc.present",
    agree: flags,
  },
  ...["0", "150", "-1", "abc"].map(
    (value): CheckdmarcCase => ({
      test: "testDMARCPctRemovedNotValidated",
      dmarc: [`v=DMARC1; p=reject; pct=${value}`],
      checkdmarc: "warning",
      says: "pct tag was removed in RFC 9989",
      id: "dns.dmarc.policy",
      agree: noted,
    }),
  ),
  {
    test: "testDMARCRiRemovedNotValidated",
    dmarc: ["v=DMARC1; p=reject; ri=abc"],
    checkdmarc: "warning",
    says: "ri tag was removed in RFC 9989",
    id: "dns.dmarc.policy",
    agree: noted,
  },
  {
    test: "testDMARCFoRedundancy",
    dmarc: ["v=DMARC1; p=reject; fo=0:1"],
    checkdmarc: "warning",
    says: "fo=0:1 is redundant",
    id: "dns.dmarc.policy",
    agree: noted,
    differs: {
      ours: "pass",
      why: "RFC 7489 6.3 allows any colon-separated list of fo options; 0:1 asks for the reports 1 already asks for, which is redundant but not wrong",
    },
  },
  {
    test: "testDMARCRfRemovedNotValidated",
    dmarc: ["v=DMARC1; p=reject; rf=invalid"],
    checkdmarc: "warning",
    says: "rf tag was removed in RFC 9989",
    id: "dns.dmarc.policy",
    agree: noted,
  },
  {
    test: "testDMARCSpNoneWarning",
    dmarc: ["v=DMARC1; p=reject; sp=none"],
    checkdmarc: "warning",
    says: "sp tag value of none",
    id: "dns.dmarc.policy",
    agree: noted,
  },
  {
    test: "testDMARCMissingRuaWarning",
    dmarc: ["v=DMARC1; p=reject"],
    checkdmarc: "warning",
    says: "rua tag missing",
    id: "dns.dmarc.report-destinations",
    agree: noted,
  },
  {
    test: "testDMARCPTagPositionWarns",
    dmarc: ["v=DMARC1; sp=none; p=reject"],
    checkdmarc: "warning",
    says: "p tag does not immediately follow the v tag",
    id: "dns.dmarc.policy",
    agree: noted,
  },
  {
    test: "testDMARCInvalidSpValue",
    dmarc: ["v=DMARC1; p=reject; sp=invalid"],
    checkdmarc: "error",
    says: "InvalidDMARCTagValue",
    id: "dns.dmarc.policy",
    agree: flags,
  },
  {
    test: "testDMARCCheckDmarcParseError",
    dmarc: ["v=DMARC1; p=invalid"],
    checkdmarc: "error",
    says: "valid: false",
    id: "dns.dmarc.policy",
    agree: flags,
  },
  {
    test: "testDMARCRecordStartsWithWhitespace",
    dmarc: [" v=DMARC1; p=reject"],
    checkdmarc: "error",
    says: "DMARCRecordStartsWithWhitespace",
    id: "dns.dmarc.present",
    agree: flags,
  },
  {
    test: "testDMARCMultipleRecords",
    dmarc: ["v=DMARC1; p=reject", "v=DMARC1; p=none"],
    checkdmarc: "error",
    says: "MultipleDMARCRecords",
    id: "dns.dmarc.single",
    agree: flags,
  },
  {
    test: "testDMARCUnrelatedRecords",
    dmarc: ["v=DMARC1; p=reject", "some random txt record"],
    checkdmarc: "error",
    says: "UnrelatedTXTRecordFoundAtDMARC",
    id: "dns.dmarc.single",
    agree: flags,
    differs: {
      ours: "pass",
      why: "RFC 7489 6.6.3 step 3 discards every TXT record at _dmarc that does not start with v=DMARC1: one DMARC record remains and receivers apply it (checkdmarc itself accepts it with ignore_unrelated_records)",
    },
  },
  {
    test: "testDMARCRecordNotFoundNXDOMAIN, ApexFallbackNoAnswer, CheckDmarcError",
    dmarc: [],
    checkdmarc: "error",
    says: "DMARCRecordNotFound",
    id: "dns.dmarc.present",
    agree: flags,
  },
  {
    test: "testApexFallbackWrongLocation",
    dmarc: [],
    apex: ["v=DMARC1; p=reject"],
    checkdmarc: "error",
    says: "DMARCRecordInWrongLocation",
    id: "dns.dmarc.present",
    agree: flags,
  },
  {
    test: "testDMARCRecordAtRoot",
    dmarc: ["v=DMARC1; p=reject"],
    apex: ["v=DMARC1; p=reject"],
    checkdmarc: "warning",
    says: "a DMARC record at the root of the domain has no effect",
    id: "dns.dmarc.present",
    agree: noted,
    differs: {
      ours: "pass",
      why: "receivers read only _dmarc.<domain> (RFC 7489 6.1, 6.6.3): a copy at the domain itself changes nothing, and the one that applies is present",
    },
  },
  {
    test: "TestCheckWildcardDmarcReportAuthorization.testWildcardFound",
    dmarc: ["v=DMARC1; p=reject; rua=mailto:dmarc@reports.test"],
    reports: { "*._report._dmarc.reports.test": ["v=DMARC1"] },
    checkdmarc: "valid",
    says: "destination verified by its wildcard",
    id: "dns.dmarc.report-destinations",
    agree: ["pass"],
  },
  {
    test: "TestVerifyDmarcReportDestination.testSpecificAuthorizationRecordFound, testRuaCrossDomainCallsVerify",
    dmarc: ["v=DMARC1; p=reject; rua=mailto:dmarc@reports.test"],
    reports: authorized,
    checkdmarc: "valid",
    says: "destination verified",
    id: "dns.dmarc.report-destinations",
    agree: ["pass"],
  },
  {
    test: "TestVerifyDmarcReportDestination.testNoAuthorizationRecordRaises",
    dmarc: ["v=DMARC1; p=reject; rua=mailto:dmarc@reports.test"],
    reports: {},
    checkdmarc: "error",
    says: "UnverifiedDMARCURIDestination",
    id: "dns.dmarc.report-destinations",
    agree: flags,
  },
  {
    test: "TestVerifyDmarcReportDestination.testSameBaseDomainReturnsSilently",
    dmarc: ["v=DMARC1; p=reject; rua=mailto:dmarc@mail.example.test"],
    checkdmarc: "valid",
    says: "no verification needed",
    id: "dns.dmarc.report-destinations",
    agree: ["pass"],
  },
  {
    test: "TestVerifyDmarcReportDestination.testUnrelatedRecordsBecomeUnverifiedDestination",
    dmarc: ["v=DMARC1; p=reject; rua=mailto:dmarc@reports.test"],
    reports: { "example.test._report._dmarc.reports.test": ["v=DMARC1", "unrelated txt"] },
    checkdmarc: "error",
    says: "UnverifiedDMARCURIDestination",
    id: "dns.dmarc.report-destinations",
    agree: flags,
    differs: {
      ours: "pass",
      why: "RFC 7489 7.1 steps 5-7 discard the records that do not start with v=DMARC1 and take one that remains as the authorization",
    },
  },
  {
    test: "testRuaSizeLimitWarning",
    dmarc: ["v=DMARC1; p=reject; rua=mailto:dmarc@example.test!10m"],
    checkdmarc: "warning",
    says: "size limit (`!size`) on rua URI ... obsolete in RFC 9989",
    id: "dns.dmarc.report-destinations",
    agree: noted,
    differs: {
      ours: "pass",
      why: "RFC 7489 6.2 defines the !size suffix; the check follows RFC 7489 and reads the URI without it",
    },
  },
  {
    test: "testRuaMissingMxWarning",
    dmarc: ["v=DMARC1; p=reject; rua=mailto:dmarc@reports.test"],
    reports: authorized,
    checkdmarc: "warning",
    says: "the rua email address domain has no MX records",
    id: "dns.dmarc.report-destinations",
    agree: noted,
    differs: {
      ours: "pass",
      why: "not checked: the destination's mail exchangers are its owner's to run (RFC 7489 7.1 asks only for the authorization record); reports.test has none here",
    },
  },
  {
    test: "testManyRuaUrisWarning",
    dmarc: [
      "v=DMARC1; p=reject; rua=mailto:dmarc0@example.test,mailto:dmarc1@example.test,mailto:dmarc2@example.test",
    ],
    checkdmarc: "warning",
    says: "more than two rua URIs",
    id: "dns.dmarc.report-destinations",
    agree: noted,
  },
  {
    test: "testManyRufUrisWarning",
    dmarc: [
      "v=DMARC1; p=reject; rua=mailto:dmarc@example.test; ruf=mailto:forensic0@example.test,mailto:forensic1@example.test,mailto:forensic2@example.test",
    ],
    checkdmarc: "warning",
    says: "more than two ruf URIs",
    id: "dns.dmarc.report-destinations",
    agree: noted,
  },
];
