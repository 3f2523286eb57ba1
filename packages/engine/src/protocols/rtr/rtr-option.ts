import net from "node:net";
import type { NetworkPolicy } from "../../contract/probe.js";
import { connectConfiguredTcp } from "../../network/connect-configured.js";
import { type RtrClient, rtrClient } from "./rtr-client.js";

/**
 * Reads `rpki.rtr` (`DOMAIN_INTEL_RPKI_RTR`): `host:port`, `[v6]:port`; the host an IP literal or
 * a name. Throws a TypeError naming `path` otherwise.
 */
export function parseRtrCache(value: unknown, path: string): { host: string; port: number } {
  const text = typeof value === "string" ? value.trim() : "";
  const match = /^(?:\[([^\]]+)\]|([^:\s[\]]+)):(\d{1,5})$/.exec(text);
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  const hostOk =
    host !== undefined &&
    (match?.[1] !== undefined
      ? net.isIPv6(host)
      : net.isIPv4(host) || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(host));
  if (!hostOk || !(port >= 1 && port <= 65535)) {
    throw new TypeError(
      `${path} must be host:port or [v6]:port (the RTR cache), not ${JSON.stringify(value)}`,
    );
  }
  return { host: host!, port };
}

/** The engine's RTR client for `rpki.rtr`: it connects on first use, through the network layer. */
export function createRtrClient(options: { cache: string; network: NetworkPolicy }): RtrClient {
  const { host, port } = parseRtrCache(options.cache, "rpki.rtr");
  return rtrClient({
    cache: options.cache,
    connect: (signal) => connectConfiguredTcp({ host, port, network: options.network, signal }),
  });
}
