import { isIP } from "node:net";
import type { ProbeContext } from "../contract/probe.js";
import { type AddressClass, classifyAddress } from "./address-policy.js";
import { resolveHost } from "./resolve-host.js";

export interface ResolvedTarget {
  host: string;
  /** Every distinct address the name resolved to, IPv4 first, in the resolver's order. */
  addresses: AddressClass[];
  /** The addresses the network policy lets a probe connect to, same order. */
  allowed: AddressClass[];
  /** The others, with the range that refused them. */
  refused: AddressClass[];
}

/**
 * Resolves `host` once through the context's resolvers and judges every address against the
 * policy. Connect only to `allowed` addresses, by address (see connectTls): a second lookup of
 * the name could be answered differently (DNS rebinding). A name with both public and private
 * addresses yields both lists; the caller decides whether the public ones alone are enough.
 * An IP literal is judged as is, without a lookup. Resolver failures reject, as in resolveHost.
 */
export async function resolveTarget(options: {
  host: string;
  context: ProbeContext;
}): Promise<ResolvedTarget> {
  const { host, context } = options;
  if (typeof host !== "string" || host.length === 0) {
    throw new TypeError("resolveTarget: options.host must be a host name or an IP literal");
  }
  const literal = host.replace(/^\[(.*)\]$/, "$1");
  const found = isIP(literal) ? [{ address: literal }] : await resolveHost(host, context);

  const seen = new Set<string>();
  const addresses: AddressClass[] = [];
  for (const { address } of found) {
    if (seen.has(address)) continue;
    seen.add(address);
    addresses.push(classifyAddress({ address }));
  }
  addresses.sort((a, b) => a.family - b.family);
  const allow = context.network.allowPrivateAddresses;
  return {
    host,
    addresses,
    allowed: addresses.filter((address) => allow || address.public),
    refused: addresses.filter((address) => !(allow || address.public)),
  };
}
