import ipaddr from "ipaddr.js";

/**
 * Classifies an IP literal with ipaddr.js. Anything but plain global unicast (private,
 * loopback, link-local, CGNAT, multicast, documentation, reserved...) is not public.
 * IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
 */
export function addressRange(ip: string): string {
  if (!ipaddr.isValid(ip)) return "invalid";
  let parsed = ipaddr.parse(ip);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range();
}

export function isPublicAddress(ip: string): boolean {
  return addressRange(ip) === "unicast";
}

export function isAddressAllowed(ip: string, allowPrivateAddresses: boolean): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return allowPrivateAddresses || isPublicAddress(ip);
}
