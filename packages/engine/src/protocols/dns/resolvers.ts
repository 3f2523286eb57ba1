import { getServers } from "node:dns";
import { ProbeError } from "../../contract/probe.js";
import { parseServerAddress, type ServerAddress } from "./wire/server-address.js";

/**
 * The recursive resolvers to ask, in order: the configured ones, else the system's
 * (node:dns reads /etc/resolv.conf or the OS settings). Resolvers are the operator's choice,
 * so the private-address policy, which guards against targets named by users, does not apply.
 */
export function resolverAddresses(options: {
  configured: readonly string[];
  defaultPort: number;
}): ServerAddress[] {
  const list = options.configured.length > 0 ? options.configured : getServers();
  if (list.length === 0) {
    throw new ProbeError("internal", "No DNS resolver is configured and the system has none.");
  }
  return list.map((server) => {
    const address = parseServerAddress({ server, defaultPort: options.defaultPort });
    if (!address) {
      throw new ProbeError(
        "internal",
        `DNS resolver "${server}" is not an IP address with an optional port.`,
      );
    }
    return address;
  });
}
