import type { Finding } from "../../../../contract/finding.js";
import type { HealthFacts } from "../facts.js";
import { check, listText, plural, skipped, withZone } from "../finding.js";

/**
 * `dns.ns.as-diversity`: the name server addresses are announced by more than one autonomous
 * system (Zonemaster CONNECTIVITY03), so one network's outage does not take the zone down.
 * Skipped, never failed, when no origin could be looked up.
 */
export const nsAsDiversity = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.as-diversity", (zone) => {
    const known = zone.asns.filter((entry) => entry.asn !== null);
    const details = { source: zone.asnSource, addresses: zone.asns };
    if (zone.asns.length === 0)
      return skipped("dns.ns.as-diversity", "no name server address is known", details);
    if (known.length === 0) {
      return skipped(
        "dns.ns.as-diversity",
        `no IP-to-ASN source answered (${zone.asns[0]!.error})`,
        details,
      );
    }
    const systems = [...new Set(known.map((entry) => entry.asn!))].sort((a, b) => a - b);
    if (systems.length > 1) {
      return check(
        "dns.ns.as-diversity",
        "pass",
        `The name servers are announced by ${plural(systems.length, "autonomous system")}: ${listText(systems.map((asn) => `AS${asn}`))}.`,
        details,
      );
    }
    // One AS among the addresses known; an unknown one may sit elsewhere.
    if (known.length < zone.asns.length) {
      return skipped(
        "dns.ns.as-diversity",
        `the origin of ${listText(zone.asns.filter((entry) => entry.asn === null).map((entry) => entry.address))} is unknown`,
        details,
      );
    }
    return check(
      "dns.ns.as-diversity",
      "warn",
      `Every name server address is in AS${systems[0]}: one network's outage takes ${zone.apex} down.`,
      details,
    );
  });
