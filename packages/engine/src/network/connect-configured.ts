import net from "node:net";
import type { NetworkPolicy } from "../contract/probe.js";
import { noLookup } from "./connect-target.js";
import { resolveHost } from "./resolve-host.js";

/**
 * A TCP connection to a service the operator configured by name or address (the RTR cache of
 * `rpki.rtr`): trusted as configured, as `network.resolvers` are, so loopback and private
 * addresses are allowed; a name resolves through the configured resolvers, never the system's.
 * Resolves once connected; rejects when the name has no address, the connection fails, or
 * `signal` aborts first (the socket is destroyed).
 */
export async function connectConfiguredTcp(options: {
  host: string;
  port: number;
  network: NetworkPolicy;
  signal: AbortSignal;
}): Promise<net.Socket> {
  const { host, port, network, signal } = options;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new TypeError("connectConfiguredTcp: options.port must be an integer 1..65535");
  }
  const literal = net.isIP(host) !== 0;
  const address = literal
    ? host
    : (await resolveHost(host, { signal, network, limit: (operation) => operation() }))[0]?.address;
  if (address === undefined) throw new Error(`${host} has no A or AAAA record`);
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port, lookup: noLookup });
    const abort = () => {
      socket.destroy();
      reject(signal.reason ?? new Error("aborted"));
    };
    signal.addEventListener("abort", abort, { once: true });
    socket.once("connect", () => {
      signal.removeEventListener("abort", abort);
      resolve(socket);
    });
    socket.once("error", (error) => {
      signal.removeEventListener("abort", abort);
      reject(error);
    });
  });
}
