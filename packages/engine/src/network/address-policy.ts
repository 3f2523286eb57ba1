import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** What an IP address is, as far as the network policy cares. */
export interface AddressClass {
  /** The address as given. */
  address: string;
  family: 4 | 6;
  /**
   * ipaddr.js's range name ("unicast", "private", "loopback", "linkLocal", "carrierGradeNat",
   * "multicast", "unspecified", "broadcast", "uniqueLocal", "teredo"...), with "reserved" split
   * into "documentation" and "benchmarking" where they apply, and IPv6 outside 2000::/3 named
   * "unallocated". For an address that embeds an IPv4 address, the range of that address.
   */
  range: string;
  /** Global unicast: the only kind probes connect to unless private addresses are allowed. */
  public: boolean;
  /** The IPv4 address judged in place of an IPv4-mapped, NAT64 (64:ff9b::/96) or 6to4 one. */
  embeddedIPv4: string | null;
}

const cidrs = (list: readonly string[]) => list.map((cidr) => ipaddr.parseCIDR(cidr));
const ipv4Documentation = cidrs(["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24"]);
const ipv4Benchmarking = cidrs(["198.18.0.0/15"]);
const ipv6Documentation = cidrs(["2001:db8::/32", "3fff::/20"]);
const ipv6GlobalUnicast = cidrs(["2000::/3"]);
// RFC 6052's well-known prefix; the local-use 64:ff9b:1::/48 (RFC 8215) is a private network.
const nat64WellKnown = cidrs(["64:ff9b::/96"]);

function within(address: ipaddr.IPv4 | ipaddr.IPv6, ranges: ReturnType<typeof cidrs>): boolean {
  return ranges.some(
    ([network, bits]) => network.kind() === address.kind() && address.match(network, bits),
  );
}

function classifyIPv4(address: string, parsed: ipaddr.IPv4): Omit<AddressClass, "family"> {
  let range: string = parsed.range();
  if (range === "reserved" && within(parsed, ipv4Documentation)) range = "documentation";
  if (range === "reserved" && within(parsed, ipv4Benchmarking)) range = "benchmarking";
  return { address, range, public: range === "unicast", embeddedIPv4: null };
}

/**
 * IPv6 addresses that carry an IPv4 address are judged by it: a NAT64 gateway or 6to4 relay
 * would otherwise carry the connection to 127.0.0.1 or 10.0.0.0/8 on the far side. Teredo
 * (2001::/32) is refused outright: it tunnels to an obfuscated client address behind a NAT,
 * where no public service lives.
 */
function embeddedIPv4Of(parsed: ipaddr.IPv6, range: string): ipaddr.IPv4 | undefined {
  const parts = parsed.parts;
  if (range === "ipv4Mapped") return parsed.toIPv4Address();
  if (range === "rfc6052" && within(parsed, nat64WellKnown)) {
    return ipaddr.IPv4.parse(
      [parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff].join("."),
    );
  }
  if (range === "6to4") {
    return ipaddr.IPv4.parse(
      [parts[1]! >> 8, parts[1]! & 0xff, parts[2]! >> 8, parts[2]! & 0xff].join("."),
    );
  }
  return undefined;
}

/**
 * The WHATWG URL parser's hex form of an IPv6 literal, zone dropped. ipaddr.js reads a dotted
 * tail after "::" as IPv4-mapped ("::1.2.3.4" as ::ffff:1.2.3.4), which would misjudge it.
 */
function canonicalIPv6(address: string): string {
  const withoutZone = address.split("%")[0]!;
  return new URL(`http://[${withoutZone}]/`).hostname.slice(1, -1);
}

/**
 * Classifies an IP literal with ipaddr.js. Throws a TypeError for anything that is not an
 * IPv4 or IPv6 literal in standard notation (ipaddr.js alone would accept "127.1" or "0x7f.1").
 */
export function classifyAddress(options: { address: string }): AddressClass {
  const { address } = options;
  const family = typeof address === "string" ? isIP(address) : 0;
  if (family !== 4 && family !== 6) {
    throw new TypeError(`classifyAddress: ${JSON.stringify(address)} is not an IP address`);
  }
  if (family === 4) return { ...classifyIPv4(address, ipaddr.IPv4.parse(address)), family };

  const parsed = ipaddr.IPv6.parse(canonicalIPv6(address));
  let range: string = parsed.range();
  const embedded = embeddedIPv4Of(parsed, range);
  if (embedded) {
    return { ...classifyIPv4(address, embedded), family, embeddedIPv4: embedded.toString() };
  }
  if (range === "reserved" && within(parsed, ipv6Documentation)) range = "documentation";
  if (range === "unicast" && !within(parsed, ipv6GlobalUnicast)) range = "unallocated";
  return { address, family, range, public: range === "unicast", embeddedIPv4: null };
}

/** Whether the policy lets a probe connect to `address`; false for anything not an IP literal. */
export function checkAddress(options: { address: string; allowPrivateAddresses: boolean }): {
  allowed: boolean;
  class: AddressClass | null;
} {
  let found: AddressClass;
  try {
    found = classifyAddress({ address: options.address });
  } catch {
    return { allowed: false, class: null };
  }
  return { allowed: options.allowPrivateAddresses || found.public, class: found };
}

// The helpers below predate classifyAddress and are kept for their callers (probes/dns).

/** The range name of an IP literal (see AddressClass.range), or "invalid". */
export function addressRange(ip: string): string {
  return checkAddress({ address: ip, allowPrivateAddresses: false }).class?.range ?? "invalid";
}

export function isPublicAddress(ip: string): boolean {
  return checkAddress({ address: ip, allowPrivateAddresses: false }).allowed;
}

export function isAddressAllowed(ip: string, allowPrivateAddresses: boolean): boolean {
  return checkAddress({ address: ip, allowPrivateAddresses }).allowed;
}
