import type { LookupFunction } from "node:net";
import { checkAddress } from "./address-policy.js";

/** A connection the network policy refused; no socket was opened. */
export class AddressNotAllowedError extends Error {
  readonly code = "ERR_ADDRESS_NOT_ALLOWED";
  readonly address: string;
  readonly range: string;
  /** The host name that resolved to `address`, when there was one. */
  readonly host: string | undefined;
  constructor(address: string, range: string, host?: string) {
    const subject = host === undefined ? `${address} is` : `${host} resolves to ${address},`;
    super(
      `${subject} not a public address (${range} range), and private addresses are not allowed`,
    );
    this.name = "AddressNotAllowedError";
    this.address = address;
    this.range = range;
    this.host = host;
  }
}

export interface ConnectTarget {
  /** An IP literal from a vetted resolution; host names are refused, never looked up. */
  address: string;
  port: number;
  allowPrivateAddresses: boolean;
}

/**
 * Judges where a socket is about to go, at the socket: a TypeError for a host name or bad
 * port, AddressNotAllowedError for an address the policy refuses. `caller` names the function
 * in messages.
 */
export function checkConnectTarget(caller: string, target: ConnectTarget): void {
  const { address, port } = target;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new TypeError(`${caller}: options.port must be an integer 1..65535`);
  }
  const verdict = checkAddress({
    address,
    allowPrivateAddresses: target.allowPrivateAddresses === true,
  });
  if (!verdict.class) {
    throw new TypeError(
      `${caller}: options.address must be an IP literal, not ${JSON.stringify(address)}`,
    );
  }
  if (!verdict.allowed) throw new AddressNotAllowedError(address, verdict.class.range);
}

/** net.connect skips lookup for IP literals; this makes sure nothing else ever slips through. */
export const noLookup: LookupFunction = (hostname, _options, callback) => {
  const error = Object.assign(new Error(`refusing to resolve ${hostname} at connect time`), {
    code: "ERR_ADDRESS_NOT_ALLOWED",
  });
  process.nextTick(() => callback(error, "", 4));
};
