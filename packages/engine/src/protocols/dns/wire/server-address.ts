import net from "node:net";
import { configuredDnsServer, type DnsServer } from "../../../network/dns-exchange.js";

/** A DNS server to talk to: an IP literal and a port. */
export interface ServerAddress {
  readonly host: string;
  readonly port: number;
  readonly family: 4 | 6;
  /** `host:port`, or `[v6]:port`: the form used in messages and results. */
  readonly label: string;
}

/**
 * Parses `host`, `host:port`, `[v6]` or `[v6]:port` (a bare IPv6 literal has no port).
 * Only IP literals: a server given by name would need a DNS lookup of its own.
 * Returns undefined when the text is not such an address.
 */
export function parseServerAddress(options: {
  server: string;
  defaultPort?: number;
}): ServerAddress | undefined {
  const { server, defaultPort = 53 } = options;
  const text = server.trim();
  let host = text;
  let portText: string | undefined;

  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    host = bracketed[1]!;
    portText = bracketed[2];
    if (net.isIP(host) !== 6) return undefined;
  } else if (net.isIP(text) === 0) {
    // Exactly one colon: IPv4 (or junk) with a port; several colons without brackets is IPv6 only.
    const colon = text.lastIndexOf(":");
    if (colon < 0 || text.indexOf(":") !== colon) return undefined;
    host = text.slice(0, colon);
    portText = text.slice(colon + 1);
    if (net.isIP(host) !== 4) return undefined;
  }

  const family = net.isIP(host);
  if (family !== 4 && family !== 6) return undefined;
  const port = portText === undefined ? defaultPort : Number(portText);
  if (!/^\d*$/.test(portText ?? "") || !Number.isInteger(port) || port < 1 || port > 65535) {
    return undefined;
  }
  return { host, port, family, label: family === 6 ? `[${host}]:${port}` : `${host}:${port}` };
}

/**
 * The server a query goes to: a text address is the caller's own choice, trusted as configured;
 * a `DnsServer` object was judged by network/ already. Undefined for anything else.
 */
export function dnsServerOf(server: unknown): DnsServer | undefined {
  if (typeof server !== "string") return isDnsServer(server) ? server : undefined;
  const parsed = parseServerAddress({ server });
  return parsed && configuredDnsServer(parsed);
}

const isDnsServer = (value: unknown): value is DnsServer =>
  typeof value === "object" && value !== null && "origin" in value && "label" in value;
