import tls from "node:tls";
import { checkConnectTarget, noLookup } from "./connect-target.js";

export { AddressNotAllowedError } from "./connect-target.js";

/** Everything of tls.connect but where to connect, which this module decides. */
export type TlsSocketOptions = Omit<
  tls.ConnectionOptions,
  "host" | "port" | "path" | "socket" | "lookup" | "family"
> & {
  /** Asks for a stapled OCSP response (the `OCSPResponse` event); missing from @types/node. */
  requestOCSP?: boolean;
};

export interface ConnectTlsOptions {
  /** An IP literal from resolveTarget's `allowed`; host names are refused, never looked up. */
  address: string;
  port: number;
  allowPrivateAddresses: boolean;
  /** SNI, trust, ALPN... `servername` is sent as is and never resolved. */
  tls: TlsSocketOptions;
}

/**
 * Opens a TLS connection to a checked address: the address is judged again here, at the
 * socket, so no caller can reach a private address by skipping resolveTarget. Throws (no socket
 * opened) a TypeError for a host name or bad port, AddressNotAllowedError for a refused address.
 */
export function connectTls(options: ConnectTlsOptions): tls.TLSSocket {
  checkConnectTarget("connectTls", options);
  const { address, port } = options;
  return tls.connect({ ...options.tls, host: address, port, lookup: noLookup });
}
