import dgram from "node:dgram";
import net from "node:net";
import { checkConnectTarget } from "./connect-target.js";

/** A DNS server's IP literal and port, as the DNS client parses it. */
export interface DnsServerAddress {
  readonly host: string;
  readonly port: number;
  readonly family: 4 | 6;
  /** `host:port`, or `[v6]:port`: the form used in messages and results. */
  readonly label: string;
}

/**
 * A DNS server a query may go to, judged once: an operator's configured resolver (trusted as
 * configured, loopback included), or a name server address learned from DNS data, which has
 * passed the address policy. Only these two factories make one, and only one of them opens a
 * socket.
 */
export interface DnsServer extends DnsServerAddress {
  readonly origin: "configured" | "learned";
}

const judged = new WeakSet<DnsServer>();

function judge(address: DnsServerAddress, origin: DnsServer["origin"]): DnsServer {
  const server: DnsServer = Object.freeze({
    host: address.host,
    port: address.port,
    family: address.family,
    label: address.label,
    origin,
  });
  judged.add(server);
  return server;
}

/** A resolver the operator configured (`network.resolvers`), or the server a caller named. */
export function configuredDnsServer(address: DnsServerAddress): DnsServer {
  return judge(address, "configured");
}

/**
 * A name server address read from DNS data (NS targets, glue): refused with
 * AddressNotAllowedError, before any socket exists, unless the policy allows it.
 */
export function learnedDnsServer(options: {
  address: string;
  port: number;
  allowPrivateAddresses: boolean;
}): DnsServer {
  const { address, port } = options;
  checkConnectTarget("learnedDnsServer", {
    address,
    port,
    allowPrivateAddresses: options.allowPrivateAddresses,
  });
  const family = net.isIP(address) === 6 ? 6 : 4;
  const label = family === 6 ? `[${address}]:${port}` : `${address}:${port}`;
  return judge({ host: address, port, family, label }, "learned");
}

/**
 * dgram looks up even an IP literal (net.connect does not): this answers a literal with itself
 * and refuses a name, so no socket ever resolves one behind the configured resolvers' back.
 */
function literalOnly(hostname: string, _options: unknown, callback: LookupCallback): void {
  const family = net.isIP(hostname);
  if (family === 4 || family === 6) {
    process.nextTick(() => callback(null, hostname, family));
    return;
  }
  const error = Object.assign(new Error(`refusing to resolve ${hostname} at connect time`), {
    code: "ERR_ADDRESS_NOT_ALLOWED",
  });
  process.nextTick(() => callback(error, "", 4));
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string,
  family: number,
) => void;

function assertJudged(caller: string, server: DnsServer): void {
  if (!judged.has(server)) {
    throw new TypeError(
      `${caller}: options.server must come from configuredDnsServer or learnedDnsServer`,
    );
  }
}

/**
 * A UDP socket connected to `server`, so the kernel drops datagrams from anyone else. Listen
 * for its "connect" event before sending.
 */
export function openDnsUdpSocket(server: DnsServer): dgram.Socket {
  assertJudged("openDnsUdpSocket", server);
  const socket = dgram.createSocket({
    type: server.family === 6 ? "udp6" : "udp4",
    lookup: literalOnly,
  });
  socket.connect(server.port, server.host);
  return socket;
}

/** A TCP connection to `server`. */
export function connectDnsTcp(server: DnsServer): net.Socket {
  assertJudged("connectDnsTcp", server);
  return net.connect({
    host: server.host,
    port: server.port,
    family: server.family,
    lookup: literalOnly,
  });
}
