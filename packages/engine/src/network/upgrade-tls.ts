import type net from "node:net";
import tls from "node:tls";
import type { TlsSocketOptions } from "./connect-tls.js";

/**
 * Starts TLS on a socket this layer opened (connectTcp), as STARTTLS does: the same vetted
 * connection carries the handshake, so no second connection, and no lookup, happens.
 */
export function upgradeToTls(options: {
  socket: net.Socket;
  tls: TlsSocketOptions;
}): tls.TLSSocket {
  return tls.connect({ ...options.tls, socket: options.socket });
}
