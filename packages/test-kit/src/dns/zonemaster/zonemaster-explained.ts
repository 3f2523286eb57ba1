import type { ZonemasterScenario } from "./zonemaster-scenarios.js";
import type { ComparedVerdict } from "./zonemaster-verdicts.js";

/**
 * Where our verdict differs from Zonemaster's on its own scenarios, and why: each entry is
 * explained in the engine README ("Zonemaster's scenarios"), with the RFC that decides it.
 */
export interface ExplainedDisagreement {
  /** The README's words, shortened. */
  readonly why: string;
  matches(scenario: ZonemasterScenario, verdict: ComparedVerdict): boolean;
}

/** Zonemaster only forbade a problem tag there: it expected silence, not a pass. */
const onlyForbidden = (verdict: ComparedVerdict) =>
  verdict.tags.every((tag) => tag.startsWith("!"));

export const explainedDisagreements: readonly ExplainedDisagreement[] = [
  {
    why: "The lab serves the scenarios' 'public' servers on 127.0.0.0/8, which is not globally reachable (RFC 6890); ADDRESS01 is replayed with the address policy on.",
    matches: (scenario, verdict) =>
      scenario.testCase === "address01" &&
      verdict.id === "dns.ns.public-address" &&
      verdict.ours === "fail" &&
      onlyForbidden(verdict),
  },
  {
    why: "CONNECTIVITY04 takes prefixes from a routing database these scenarios break; dns.ns.diversity reads the /24 from the addresses themselves (RFC 2182 3.1), and every server is in one /24.",
    matches: (scenario, verdict) =>
      scenario.testCase === "connectivity04" &&
      verdict.id === "dns.ns.diversity" &&
      verdict.ours === "warn" &&
      onlyForbidden(verdict),
  },
  {
    why: "Zonemaster's BASIC02 and CHILD_ZONE_LAME speak when no server serves the zone; dns.ns.lame fails when any one does not (RFC 1912 2.8): resolvers that pick it fail or retry.",
    matches: (scenario, verdict) =>
      (scenario.testCase === "basic02" || scenario.testCase === "consistency05") &&
      verdict.id === "dns.ns.lame" &&
      verdict.ours === "fail" &&
      onlyForbidden(verdict),
  },
  {
    why: "These servers answer only the questions DNSSEC10 asks; dns.dnssec.denial also asks a missing name and a missing type, whose answers carry no NSEC/NSEC3: bogus to a validator (RFC 4035 3.1.3, 5.4). A server answering the apex NSEC without authority fails it too.",
    matches: (scenario, verdict) =>
      scenario.testCase === "dnssec10" &&
      /^(GOOD-NSEC3?-3|BAD-SERVERS-BUT-GOOD-NSEC-1)$/.test(scenario.name) &&
      verdict.id === "dns.dnssec.denial" &&
      verdict.ours === "fail",
  },
  {
    why: "One server answers the DNSKEY question with an error, another with keys: two answers for one zone, which dns.dnssec.consistency fails (every server of a zone serves its data: RFC 1034 4.1); Zonemaster reports the error under a tag of its own.",
    matches: (scenario, verdict) =>
      scenario.testCase === "dnssec07" &&
      scenario.name === "UNEXP-RCODE-RESP-DNSKEY-1" &&
      verdict.id === "dns.dnssec.consistency" &&
      verdict.ours === "fail",
  },
  {
    why: "The parent answers NXDOMAIN with authority for the name: it does not exist (RFC 1034 4.3.2, RFC 8020), so we judge no zone and fail dns.zone.exists; Zonemaster's B01_NO_CHILD names the parent, an ancestor, never the domain's zone.",
    matches: (scenario, verdict) =>
      scenario.testCase === "basic01" &&
      verdict.id === "zone" &&
      verdict.ours === null &&
      verdict.tags.includes("B01_NO_CHILD"),
  },
  {
    why: "ADDRESS01's NO-NAME-SERVERS is no delegation at all: address01.xa holds nothing at the name, which therefore does not exist (RFC 1034 4.3.2, RFC 8020); dns.zone.exists fails and dns.ns.lame has no delegation to judge.",
    matches: (scenario, verdict) =>
      scenario.testCase === "address01" &&
      scenario.name === "NO-NAME-SERVERS" &&
      verdict.id === "dns.ns.lame" &&
      verdict.ours === "skipped",
  },
  {
    why: "DS07_NO_DS_ON_PARENT_SERVER and DS07_NOT_SIGNED_ON_SERVER repeat per server a fault of the whole zone (no DS; not signed), which dns.dnssec.signed reports; dns.dnssec.ds-consistency and dns.dnssec.consistency compare the servers with one another, and here they agree (every parent server serves no DS, every child server serves no key).",
    matches: (scenario, verdict) =>
      scenario.testCase === "dnssec07" &&
      ((verdict.id === "dns.dnssec.ds-consistency" &&
        verdict.ours === "pass" &&
        verdict.tags.join() === "DS07_NO_DS_ON_PARENT_SERVER") ||
        (verdict.id === "dns.dnssec.consistency" &&
          verdict.ours === "skipped" &&
          verdict.tags.join() === "DS07_NOT_SIGNED_ON_SERVER" &&
          scenario.expect.includes("DS07_NOT_SIGNED"))),
  },
  {
    why: "B01_INCONSISTENT_DELEGATION compares the parent's servers with one another; dns.ns.parent-child compares the delegation (here the servers given for the undelegated test) with the zone's own NS set, and these zones list other servers than those given (RFC 1034 4.2.2: the two sets should agree).",
    matches: (scenario, verdict) =>
      scenario.testCase === "basic01" &&
      scenario.undelegatedNs.length > 0 &&
      verdict.id === "dns.ns.parent-child" &&
      verdict.ours === "warn" &&
      onlyForbidden(verdict),
  },
  {
    why: "BASIC02 asks only the servers given; dns.ns.reachable-udp also asks every address the zone's own NS set names (resolvers use that set once they reach the zone: RFC 1034 4.2.2), and those of GOOD-UNDEL-9 are not served.",
    matches: (scenario, verdict) =>
      scenario.testCase === "basic02" &&
      scenario.name === "GOOD-UNDEL-9" &&
      verdict.id === "dns.ns.reachable-udp" &&
      verdict.ours === "fail",
  },
  {
    why: "ADDRESSES-MATCH-6's data never serves an A record for ns2.sibbling (its templates answer ns1's name twice, one with a misspelt owner), so the glue 127.14.5.34 is for a name that resolves to nothing; Zonemaster's own IB-ADDR-MISMATCH-2 and OOB-ADDR-MISMATCH fail exactly that, as dns.ns.glue does (RFC 1034 4.2.2: glue copies the name's address records).",
    matches: (scenario, verdict) =>
      scenario.testCase === "consistency05" &&
      scenario.name === "ADDRESSES-MATCH-6" &&
      verdict.id === "dns.ns.glue" &&
      verdict.ours === "fail",
  },
];
