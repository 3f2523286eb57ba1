import ipaddr from "ipaddr.js";

/** A validated ROA payload (RFC 6811 section 1): a prefix, its maximum length and an AS. */
export interface Vrp {
  /** CIDR, e.g. `192.0.2.0/24`. */
  readonly prefix: string;
  readonly maxLength: number;
  readonly asn: number;
}

/** A VRP as the RTR cache sends it. */
export interface WireVrp {
  readonly family: 4 | 6;
  readonly bytes: Uint8Array;
  readonly length: number;
  readonly maxLength: number;
  readonly asn: number;
}

/**
 * VRPs keyed by their prefix, so that the VRPs covering a route are found by one map lookup
 * per prefix length at or above the route's (33 at most for IPv4, 129 for IPv6).
 */
export interface VrpTable {
  readonly size: number;
  has(vrp: WireVrp): boolean;
  add(vrp: WireVrp): void;
  remove(vrp: WireVrp): boolean;
  /** The VRPs whose prefix holds the route's prefix (RFC 6811 "covering"). */
  covering(family: 4 | 6, bytes: Uint8Array, length: number): Vrp[];
}

export function vrpTable(): VrpTable {
  const byPrefix = new Map<string, Map<string, Vrp>>();
  let size = 0;
  const identity = (vrp: WireVrp) => `${vrp.maxLength}/${vrp.asn}`;
  return {
    get size() {
      return size;
    },
    has: (vrp) =>
      byPrefix.get(prefixKey(vrp.family, vrp.bytes, vrp.length))?.has(identity(vrp)) ?? false,
    add(vrp) {
      const key = prefixKey(vrp.family, vrp.bytes, vrp.length);
      let entries = byPrefix.get(key);
      if (!entries) {
        entries = new Map();
        byPrefix.set(key, entries);
      }
      if (entries.has(identity(vrp))) return;
      entries.set(identity(vrp), {
        prefix: `${prefixText(vrp.family, vrp.bytes)}/${vrp.length}`,
        maxLength: vrp.maxLength,
        asn: vrp.asn,
      });
      size++;
    },
    remove(vrp) {
      const key = prefixKey(vrp.family, vrp.bytes, vrp.length);
      const entries = byPrefix.get(key);
      if (!entries?.delete(identity(vrp))) return false;
      if (entries.size === 0) byPrefix.delete(key);
      size--;
      return true;
    },
    covering(family, bytes, length) {
      const found: Vrp[] = [];
      for (let bits = 0; bits <= length; bits++) {
        const entries = byPrefix.get(prefixKey(family, bytes, bits));
        if (entries) found.push(...entries.values());
      }
      return found;
    },
  };
}

/** `family/hex of the first `length` bits, the rest zeroed`/length. */
function prefixKey(family: 4 | 6, bytes: Uint8Array, length: number): string {
  let hex = "";
  const whole = length >> 3;
  for (let index = 0; index < whole; index++) hex += bytes[index]!.toString(16).padStart(2, "0");
  const rest = length & 7;
  if (rest > 0) hex += (bytes[whole]! & (0xff << (8 - rest)) & 0xff).toString(16).padStart(2, "0");
  return `${family}/${hex}/${length}`;
}

function prefixText(family: 4 | 6, bytes: Uint8Array): string {
  return family === 4
    ? ipaddr.fromByteArray([...bytes]).toString()
    : (ipaddr.fromByteArray([...bytes]) as ipaddr.IPv6).toRFC5952String();
}

/** The outcome of route origin validation (RFC 6811 section 2). */
export type RouteValidity = "valid" | "invalid" | "not-found";

/**
 * Judges a route, its prefix and origin AS, against the VRPs (RFC 6811 section 2): not found
 * when no VRP covers the prefix; valid when a covering VRP has the route's origin AS and a max
 * length at or above the route's length; invalid otherwise. A VRP for AS 0 matches no route
 * (RFC 6483 section 4), and neither does a route with no origin. Throws a TypeError for a
 * prefix that is not CIDR.
 */
export function validateRoute(
  table: VrpTable,
  route: { readonly prefix: string; readonly asn: number | null },
): { state: RouteValidity; covering: Vrp[]; matched: Vrp[] } {
  const [network, length] = parseRoutePrefix(route.prefix);
  const family = network.kind() === "ipv4" ? 4 : 6;
  const covering = table.covering(family, Uint8Array.from(network.toByteArray()), length);
  if (covering.length === 0) return { state: "not-found", covering, matched: [] };
  const matched = covering.filter(
    (vrp) =>
      route.asn !== null && vrp.asn !== 0 && vrp.asn === route.asn && length <= vrp.maxLength,
  );
  return { state: matched.length > 0 ? "valid" : "invalid", covering, matched };
}

function parseRoutePrefix(prefix: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  try {
    const [network, length] = ipaddr.parseCIDR(prefix);
    return [network, length];
  } catch {
    throw new TypeError(`validateRoute: ${JSON.stringify(prefix)} is not a CIDR prefix`);
  }
}
