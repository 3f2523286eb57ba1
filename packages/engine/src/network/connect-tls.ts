import type { LookupFunction } from "node:net";
import tls from "node:tls";
import { checkAddress } from "./address-policy.js";

/** A connection the network policy refused; no socket was opened. */
export class AddressNotAllowedError extends Error {
  readonly code = "ERR_ADDRESS_NOT_ALLOWED";
  readonly address: string;
  readonly range: string;
  constructor(address: string, range: string) {
    super(
      `${address} is not a public address (${range} range), and private addresses are not allowed`,
    );
    this.name = "AddressNotAllowedError";
    this.address = address;
    this.range = range;
  }
}

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

// net.connect skips lookup for IP literals; this makes sure nothing else ever slips through.
const noLookup: LookupFunction = (hostname, _options, callback) => {
  const error = Object.assign(new Error(`refusing to resolve ${hostname} at connect time`), {
    code: "ERR_ADDRESS_NOT_ALLOWED",
  });
  process.nextTick(() => callback(error, "", 4));
};

/**
 * Opens a TLS connection to a checked address: the address is judged again here, at the
 * socket, so no caller can reach a private address by skipping resolveTarget. Throws (no socket
 * opened) a TypeError for a host name or bad port, AddressNotAllowedError for a refused address.
 */
export function connectTls(options: ConnectTlsOptions): tls.TLSSocket {
  const { address, port } = options;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new TypeError("connectTls: options.port must be an integer 1..65535");
  }
  const verdict = checkAddress({
    address,
    allowPrivateAddresses: options.allowPrivateAddresses === true,
  });
  if (!verdict.class) {
    throw new TypeError(
      `connectTls: options.address must be an IP literal, not ${JSON.stringify(address)}`,
    );
  }
  if (!verdict.allowed) throw new AddressNotAllowedError(address, verdict.class.range);
  return tls.connect({ ...options.tls, host: address, port, lookup: noLookup });
}
