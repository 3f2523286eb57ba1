import type * as packet from "dns-packet";
import ipaddr from "ipaddr.js";
import type { Finding } from "../../../../contract/finding.js";
import { isPublicAddress } from "../../../../network/address-policy.js";
import { normalizeName } from "../../../../protocols/dns/records.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import type { HealthFacts, Referral, ZoneFacts } from "../facts.js";
import { check, listText, plural, skipped, withZone } from "../finding.js";
import { isAtOrBelow, uniqueSorted } from "../gather/names.js";
import { parentDisagreement } from "./parent-servers.js";

/** The parent's referral, or why there is none. */
function referralOf(zone: ZoneFacts): Referral | string {
  if (zone.parent === null) return `${zone.apex} is the root zone`;
  if (isFailure(zone.parent)) return `the parent zone could not be found (${zone.parent.message})`;
  if (isFailure(zone.parent.referral)) {
    return `the parent zone ${zone.parent.apex} gave no delegation (${zone.parent.referral.message})`;
  }
  return zone.parent.referral;
}

/** Every address known for the zone's name servers: resolved, and glue. */
export function allAddresses(zone: ZoneFacts): string[] {
  const referral = referralOf(zone);
  const glue = typeof referral === "string" ? [] : Object.values(referral.glue).flat();
  return uniqueSorted([...zone.hosts.flatMap((host) => host.addresses), ...glue]);
}

/** `dns.ns.count`: at least two name servers, at the parent and in the zone (DELEGATION01). */
export const nsCount = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.count", (zone) => {
    if (isFailure(zone.nsHosts)) {
      return skipped(
        "dns.ns.count",
        `the zone's NS records could not be read (${zone.nsHosts.message})`,
      );
    }
    const referral = referralOf(zone);
    const parent = typeof referral === "string" ? null : referral.nsHosts;
    const details = { zone: zone.apex, child: zone.nsHosts, parent };
    const fewest = Math.min(zone.nsHosts.length, parent?.length ?? Number.POSITIVE_INFINITY);
    if (fewest < 2) {
      const where =
        parent && parent.length < zone.nsHosts.length
          ? `The parent delegates ${zone.apex} to ${plural(parent.length, "name server")}`
          : `${zone.apex} has ${plural(zone.nsHosts.length, "NS record")}`;
      return check(
        "dns.ns.count",
        "fail",
        `${where}; at least two are required so one outage does not take the domain down.`,
        details,
      );
    }
    return check(
      "dns.ns.count",
      "pass",
      `${zone.apex} has ${plural(zone.nsHosts.length, "name server")}${parent ? ` (${parent.length} at the parent)` : ""}.`,
      details,
    );
  });

/** `dns.ns.parent-child`: the delegation and the zone's own NS records agree. */
export const nsParentChild = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.parent-child", (zone) => {
    const referral = referralOf(zone);
    if (typeof referral === "string") return skipped("dns.ns.parent-child", referral);
    // The parent's servers among themselves first: their disagreement needs no child answer.
    const split =
      zone.parent && !isFailure(zone.parent)
        ? parentDisagreement({ parent: zone.parent, zone: referral.zone })
        : null;
    if (isFailure(zone.nsHosts)) {
      return split
        ? check(
            "dns.ns.parent-child",
            "warn",
            `The delegation of ${zone.apex} depends on the parent server asked: ${split.text}.`,
            { parentServers: split.servers },
          )
        : skipped(
            "dns.ns.parent-child",
            `the zone's NS records could not be read (${zone.nsHosts.message})`,
          );
    }
    const child = zone.nsHosts;
    const parent = referral.nsHosts;
    const onlyParent = parent.filter((host) => !child.includes(host));
    const onlyChild = child.filter((host) => !parent.includes(host));
    // Each server's own NS answer, where it differs from the zone's (CONSISTENCY04).
    const disagreeing = zone.servers.flatMap((server) => {
      if (isFailure(server.ns) || server.ns.rcode !== "NOERROR" || !server.ns.flags.aa) return [];
      const served = uniqueSorted(
        server.ns.answers
          .filter(
            (record): record is packet.StringAnswer =>
              record.type === "NS" && normalizeName(record.name) === zone.apex,
          )
          .map((record) => normalizeName(record.data)),
      );
      return served.join(" ") === uniqueSorted(child).join(" ")
        ? []
        : [{ server: server.server, ns: served }];
    });
    const addresses = Object.fromEntries(
      zone.hosts
        .filter((host) => onlyChild.includes(host.host))
        .map((host) => [host.host, host.addresses]),
    );
    const details = {
      parent,
      child,
      onlyParent,
      onlyChild,
      disagreeingServers: disagreeing,
      // The glue a registrar needs for a server only the zone lists.
      onlyChildAddresses: addresses,
      parentServers: split?.servers ?? [],
    };
    const agreeing = onlyParent.length === 0 && onlyChild.length === 0 && disagreeing.length === 0;
    if (agreeing && split === null) {
      return check(
        "dns.ns.parent-child",
        "pass",
        `The parent (${referral.server}) and the zone list the same ${plural(parent.length, "name server")}.`,
        details,
      );
    }
    if (agreeing && split) {
      return check(
        "dns.ns.parent-child",
        "warn",
        `The delegation of ${zone.apex} depends on the parent server asked: ${split.text}.`,
        details,
      );
    }
    const parts = [
      ...(onlyParent.length > 0 ? [`only the parent lists ${listText(onlyParent)}`] : []),
      ...(onlyChild.length > 0 ? [`only the zone lists ${listText(onlyChild)}`] : []),
      ...(disagreeing.length > 0
        ? [
            `${listText(disagreeing.map((entry) => entry.server))} serve${disagreeing.length === 1 ? "s" : ""} another NS set`,
          ]
        : []),
      ...(split ? [split.text] : []),
    ];
    return check(
      "dns.ns.parent-child",
      "warn",
      `The delegation and the zone disagree on the name servers: ${parts.join("; ")}.`,
      details,
    );
  });

/**
 * `dns.ns.glue`: in-zone name servers have glue, and every glue address is one the server's
 * name resolves to (CONSISTENCY05; a name resolving to none contradicts its glue). Addresses the
 * name has beyond the glue contradict nothing: resolvers starting from the parent reach the
 * server at the glue (RFC 1034 4.2.2, RFC 9471), so they are noted, not failed.
 */
export const nsGlue = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.glue", (zone) => {
    const referral = referralOf(zone);
    if (typeof referral === "string") return skipped("dns.ns.glue", referral);
    const addressesOf = new Map(zone.hosts.map((host) => [host.host, host]));
    const problems: string[] = [];
    const notes: string[] = [];
    const hosts = referral.nsHosts.map((host) => {
      const glue = uniqueSorted(referral.glue[host] ?? []);
      const resolved = addressesOf.get(host);
      const addresses =
        resolved && resolved.error === null ? uniqueSorted(resolved.addresses) : null;
      const inZone = isAtOrBelow(host, zone.apex);
      if (inZone && glue.length === 0) {
        problems.push(`${host} is inside ${zone.apex} but the parent gives no glue for it`);
      } else if (glue.length > 0 && addresses !== null) {
        const stray = glue.filter((address) => !addresses.includes(address));
        const extra = addresses.filter((address) => !glue.includes(address));
        if (stray.length > 0)
          problems.push(
            `glue for ${host} is ${listText(glue)} but it resolves to ${listText(addresses) || "nothing"}`,
          );
        else if (extra.length > 0)
          notes.push(
            `${host} also resolves to ${listText(extra)}, beyond its glue (${listText(glue)})`,
          );
      }
      return { host, inZone, glue, addresses };
    });
    const details = { parentServer: referral.server, hosts };
    if (problems.length > 0) {
      return check(
        "dns.ns.glue",
        "fail",
        `The delegation's glue is wrong: ${problems.join("; ")}.`,
        details,
      );
    }
    if (notes.length > 0) {
      return check(
        "dns.ns.glue",
        "info",
        `The parent's glue leads to the name servers, though it is not all their addresses: ${notes.join("; ")}. Resolvers starting from the parent use the glue.`,
        details,
      );
    }
    const withGlue = hosts.filter((host) => host.glue.length > 0).length;
    return check(
      "dns.ns.glue",
      "pass",
      withGlue === 0
        ? "No name server is inside the zone, so no glue is needed."
        : `The parent's glue matches the addresses of ${plural(withGlue, "name server")}.`,
      details,
    );
  });

/** `dns.ns.distinct-ip`: no two name server names share an address (DELEGATION02). */
export const nsDistinctIp = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.distinct-ip", (zone) => {
    const namesByAddress = new Map<string, string[]>();
    for (const host of zone.hosts) {
      for (const address of host.addresses) {
        namesByAddress.set(
          address,
          uniqueSorted([...(namesByAddress.get(address) ?? []), host.host]),
        );
      }
    }
    if (namesByAddress.size === 0)
      return skipped("dns.ns.distinct-ip", "no name server address is known");
    const shared = [...namesByAddress].filter(([, names]) => names.length > 1);
    const details = { shared: shared.map(([address, hosts]) => ({ address, hosts })) };
    if (shared.length > 0) {
      return check(
        "dns.ns.distinct-ip",
        "fail",
        `Several name server names point at one address: ${shared.map(([address, names]) => `${listText(names)} at ${address}`).join("; ")}; that is one server, not several.`,
        details,
      );
    }
    return check(
      "dns.ns.distinct-ip",
      "pass",
      `Each of the ${plural(namesByAddress.size, "address", "addresses")} serves one name server name.`,
      details,
    );
  });

/** The IPv4 /24 or IPv6 /48 an address is in. */
function networkOf(address: string): string {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return `${parsed.toByteArray().slice(0, 3).join(".")}.0/24`;
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3).map((part) => part.toString(16));
  return `${parts.join(":")}::/48`;
}

/**
 * `dns.ns.diversity`: the servers sit in more than one network. Whether one is on IPv6 is
 * `dns.ns.ipv6`'s to say: one fact, one finding.
 */
export const nsDiversity = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.diversity", (zone) => {
    const addresses = allAddresses(zone);
    if (addresses.length === 0)
      return skipped("dns.ns.diversity", "no name server address is known");
    const networks = uniqueSorted(addresses.map(networkOf));
    const ipv6 = addresses.filter((address) => address.includes(":"));
    const details = { networks, ipv4: addresses.length - ipv6.length, ipv6: ipv6.length };
    if (networks.length < 2) {
      // A verdict against diversity from part of the addresses: the rest may well differ.
      const unread = zone.hosts.filter((host) => host.error !== null);
      if (unread.length > 0) {
        return skipped(
          "dns.ns.diversity",
          `the addresses of ${listText(unread.map((host) => host.host))} could not all be looked up (${unread.map((host) => host.error).join("; ")})`,
          details,
        );
      }
      return check(
        "dns.ns.diversity",
        "warn",
        `Every name server is in ${networks[0]}, so one network outage takes them all down.`,
        details,
      );
    }
    return check(
      "dns.ns.diversity",
      "pass",
      `The name servers span ${plural(networks.length, "network")} (IPv4 /24, IPv6 /48).`,
      details,
    );
  });

/** `dns.ns.public-address`: every name server address is globally routable (ADDRESS01). */
export const nsPublicAddress = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.public-address", (zone) => {
    const addresses = allAddresses(zone);
    if (addresses.length === 0)
      return skipped("dns.ns.public-address", "no name server address is known");
    const nonPublic = addresses.filter((address) => !isPublicAddress(address));
    const details = { addresses, nonPublic };
    if (nonPublic.length === 0) {
      return check(
        "dns.ns.public-address",
        "pass",
        `All ${plural(addresses.length, "name server address", "name server addresses")} are public.`,
        details,
      );
    }
    if (facts.allowPrivateAddresses) {
      // The operator declared private networks legitimate (an internal zone, a lab): say what was
      // seen, but do not score it.
      return skipped(
        "dns.ns.public-address",
        `network.allowPrivateAddresses is set, so the non-public name server addresses (${listText(nonPublic)}) are taken as intended`,
        details,
      );
    }
    return check(
      "dns.ns.public-address",
      "fail",
      `Name server addresses ${listText(nonPublic)} are not public: resolvers on the internet cannot reach them (and this service does not query them).`,
      details,
    );
  });

/** `dns.ns.not-cname`: name server names are not aliases (RFC 2181 10.3, DELEGATION05). */
export const nsNotCname = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.not-cname", (zone) => {
    if (zone.hosts.length === 0)
      return skipped("dns.ns.not-cname", "the zone names no name server");
    const aliases = zone.hosts.filter((host) => host.cname !== null);
    // The addresses the alias leads to: the fix gives them to the target as glue.
    const details = {
      aliases: aliases.map((host) => ({
        host: host.host,
        cname: host.cname,
        addresses: host.addresses,
      })),
    };
    if (aliases.length > 0) {
      return check(
        "dns.ns.not-cname",
        "fail",
        `${listText(aliases.map((host) => `${host.host} is an alias of ${host.cname}`))}: an NS record must name a host with its own addresses.`,
        details,
      );
    }
    return check("dns.ns.not-cname", "pass", "No name server name is an alias.", details);
  });
