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
  const secureContext = options.tls.secureContext ?? sharedContext(options.tls);
  return tls.connect({
    ...options.tls,
    ...(secureContext ? { secureContext } : {}),
    host: address,
    port,
    lookup: noLookup,
  });
}

// tls.connect without a secureContext builds one for every connection, about 2 ms of CPU (a
// cold ssl scan opens 5-10 such connections, the hosting section one more). The options that
// make a context are few and the same again and again (scan questions, Node's defaults), so a
// context is shared per set of them; options of any other kind (trust, credentials, OpenSSL
// flags) keep a context of their own, as tls.connect makes it.
const contextOptions = ["ciphers", "ecdhCurve", "sigalgs", "minVersion", "maxVersion"] as const;
const perConnection = new Set([
  ...contextOptions,
  "servername",
  "rejectUnauthorized",
  "checkServerIdentity",
  "ALPNProtocols",
  "session",
  "requestOCSP",
  "minDHSize",
]);
const sharedContexts = new Map<string, tls.SecureContext>();

function sharedContext(options: TlsSocketOptions): tls.SecureContext | undefined {
  if (Object.keys(options).some((name) => !perConnection.has(name))) return undefined;
  const values = contextOptions.map((name) => options[name]);
  if (values.some((value) => value !== undefined && typeof value !== "string")) return undefined;
  const key = JSON.stringify(values);
  let context = sharedContexts.get(key);
  if (!context) {
    // A bound against a caller inventing options per connection; the scan uses a handful.
    if (sharedContexts.size >= 64) sharedContexts.clear();
    const given = contextOptions.filter((name) => options[name] !== undefined);
    context = tls.createSecureContext(
      Object.fromEntries(given.map((name) => [name, options[name]])),
    );
    sharedContexts.set(key, context);
  }
  return context;
}
