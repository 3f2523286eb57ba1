import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * An address's labels in reverse-lookup order: `7.2.0.192` for 192.0.2.7, the 32 nibbles
 * backwards for IPv6; with the family, so callers pick `in-addr.arpa` or `ip6.arpa` (or Team
 * Cymru's `origin` and `origin6`). Null for anything that is not an IP address.
 */
export function reversedAddress(address: string): { family: 4 | 6; labels: string } | null {
  if (net.isIPv4(address)) return { family: 4, labels: address.split(".").reverse().join(".") };
  if (!net.isIPv6(address)) return null;
  const hex = (ipaddr.parse(address) as ipaddr.IPv6)
    .toNormalizedString()
    .split(":")
    .map((part) => part.padStart(4, "0"))
    .join("");
  return { family: 6, labels: [...hex].reverse().join(".") };
}
