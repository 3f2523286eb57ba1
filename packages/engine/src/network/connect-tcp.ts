import net from "node:net";
import { type ConnectTarget, checkConnectTarget, noLookup } from "./connect-target.js";

/**
 * Opens a TCP connection to a checked address (WHOIS, and any other plain-TCP protocol): the
 * address is judged again here, at the socket. Throws (no socket opened) a TypeError for a
 * host name or bad port, AddressNotAllowedError for a refused address.
 */
export function connectTcp(options: ConnectTarget): net.Socket {
  checkConnectTarget("connectTcp", options);
  return net.connect({ host: options.address, port: options.port, lookup: noLookup });
}
