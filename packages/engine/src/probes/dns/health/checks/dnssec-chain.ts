import type { Finding } from "../../../../contract/finding.js";
import type { HealthFacts } from "../facts.js";
import { check, skipped, withZone } from "../finding.js";

/**
 * `dns.dnssec.chain`: validation from the trust anchor down every delegation to the zone, by
 * the probe itself (Zonemaster DNSSEC02, DNSSEC11 along the whole path); the finding names the
 * first level that breaks and why.
 */
export const dnssecChain = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.dnssec.chain", (zone) => {
    const { anchor, levels } = zone.chain;
    const details = { anchor, levels };
    if (anchor === null) {
      return skipped("dns.dnssec.chain", `no trust anchor covers ${zone.apex}`, details);
    }
    const last = levels[levels.length - 1];
    if (!last) return skipped("dns.dnssec.chain", "nothing could be validated", details);
    const path = levels.map((level) => level.zone).join(" -> ");
    if (last.status === "indeterminate") {
      return skipped(
        "dns.dnssec.chain",
        `the DNSSEC data of ${last.zone} could not be read (${last.reason})`,
        details,
      );
    }
    if (last.status === "bogus") {
      return check(
        "dns.dnssec.chain",
        "fail",
        `The chain of trust breaks at ${last.zone}: ${last.reason}. Validating resolvers answer SERVFAIL for ${zone.apex}.`,
        details,
      );
    }
    if (last.status === "insecure") {
      return check(
        "dns.dnssec.chain",
        "info",
        `The chain of trust from ${anchor} ends at ${last.zone} (${last.reason}): answers for ${zone.apex} are not validated.`,
        details,
      );
    }
    return check(
      "dns.dnssec.chain",
      "pass",
      `The chain of trust validates from the trust anchor down to ${zone.apex}: ${path}.`,
      details,
    );
  });
