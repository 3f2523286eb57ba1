import net from "node:net";
import type { Finding } from "../../../../contract/finding.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import type { HealthFacts } from "../facts.js";
import { check, listText, skipped, withZone } from "../finding.js";
import { allAddresses } from "./delegation.js";

/**
 * `dns.ns.ipv6`: some name server has an IPv6 address (internet.nl, Zonemaster CONNECTIVITY02),
 * and whether the ones asked over IPv6 answered.
 */
export const nsIpv6 = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.ipv6", (zone) => {
    const addresses = allAddresses(zone);
    if (addresses.length === 0) return skipped("dns.ns.ipv6", "no name server address is known");
    const ipv6 = addresses.filter((address) => net.isIPv6(address));
    const answering = zone.servers
      .filter((server) => net.isIPv6(server.address))
      .filter((server) => !isFailure(server.soa) || !isFailure(server.soaTcp))
      .map((server) => server.address);
    const details = { ipv6, answeringOverIpv6: answering };
    if (ipv6.length === 0) {
      return check(
        "dns.ns.ipv6",
        "warn",
        `No name server of ${zone.apex} has an IPv6 address: IPv6-only resolvers cannot reach it.`,
        details,
      );
    }
    return check(
      "dns.ns.ipv6",
      "pass",
      `${listText(ipv6)} serve${ipv6.length === 1 ? "s" : ""} ${zone.apex} over IPv6.`,
      details,
    );
  });
