import type { Finding } from "../../../../contract/finding.js";
import type { HealthFacts } from "../facts.js";
import { check, listText, skipped, withZone } from "../finding.js";

/**
 * `dns.ns.ptr`: each name server address has a PTR (ADDRESS02) naming one of the servers at that
 * address (ADDRESS03). Nothing breaks without them, so it is `info`, never a warning.
 */
export const nsPtr = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.ptr", (zone) => {
    if (zone.ptrs.length === 0) return skipped("dns.ns.ptr", "no name server address is known");
    const hostsOf = (address: string) =>
      zone.hosts.filter((host) => host.addresses.includes(address)).map((host) => host.host);
    const rows = zone.ptrs.map((ptr) => ({ ...ptr, hosts: hostsOf(ptr.address) }));
    const looked = rows.filter((row) => row.error === null);
    const details = { addresses: rows };
    if (looked.length === 0)
      return skipped("dns.ns.ptr", "no reverse lookup was answered", details);
    const without = looked.filter((row) => row.names.length === 0);
    const mismatched = looked.filter(
      (row) => row.names.length > 0 && !row.names.some((name) => row.hosts.includes(name)),
    );
    if (without.length > 0 || mismatched.length > 0) {
      const parts = [
        ...(without.length > 0
          ? [
              `${listText(without.map((row) => row.address))} ${without.length === 1 ? "has" : "have"} no PTR record (ADDRESS02)`,
            ]
          : []),
        ...mismatched.map(
          (row) =>
            `${row.address} points back to ${listText(row.names)}, not to ${listText(row.hosts)} (ADDRESS03)`,
        ),
      ];
      return check(
        "dns.ns.ptr",
        "info",
        `Reverse DNS of the name servers: ${parts.join("; ")}.`,
        details,
      );
    }
    return check(
      "dns.ns.ptr",
      "pass",
      `Every name server address${looked.length < rows.length ? " that could be looked up" : ""} points back to its name server.`,
      details,
    );
  });
