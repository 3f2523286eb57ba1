import type { Socket } from "node:net";
import type tls from "node:tls";
import { Agent, buildConnector, type Dispatcher } from "undici";
import type { NetworkPolicy } from "../contract/probe.js";
import type { AddressClass } from "./address-policy.js";
import { checkConnectTarget, noLookup } from "./connect-target.js";
import { agentWaitingForFirstConnection } from "./first-connection.js";
import { readInSlices } from "./read-in-slices.js";
import { secureContextTrusting } from "./trusting-roots.js";
import { resolveVettedHost } from "./vetted-host.js";

export interface GuardedDispatcherOptions {
  network: NetworkPolicy;
  /** Bound of resolving the host and opening the connection (default: the policy's budget). */
  connectTimeoutMs?: number;
  /** Roots trusted for HTTPS (default: Node's), e.g. with a deployment's extra CA. */
  secureContext?: tls.SecureContext;
  /** Offer HTTP/2 through ALPN and speak it when the server picks it (default false). */
  allowH2?: boolean;
  /** Told of each connection opened (`origin` as `https://host:port`), e.g. to read its ALPN. */
  onConnect?: (origin: string, socket: Socket) => void;
  /** Extra trusted roots (PEM) for HTTPS, added to Node's bundled ones. */
  ca?: readonly string[];
  /**
   * Resolve each host once for the dispatcher's life and vet every connection to it against
   * that answer (default false: resolve per connection). For a dispatcher that lives one probe
   * run, where a site's chains, hops and side requests open several connections to one name.
   */
  resolveEachHostOnce?: boolean;
  /**
   * Later requests to an origin wait for its first connection, then share it (HTTP/2) or
   * resume its TLS session (default false). For a dispatcher of one run; see first-connection.ts.
   */
  waitForFirstConnection?: boolean;
}

/**
 * An undici dispatcher (for `fetch`, `request`) whose every connection is resolved through the
 * configured resolvers, judged against the address policy (IP literals and redirect targets
 * too, since this runs for each new connection) and opened to the vetted address, with the
 * host name kept for SNI and certificate checks. A refused host fails the request with
 * AddressNotAllowedError before any socket is opened; nothing resolves the name a second time.
 */
export function createGuardedDispatcher(options: GuardedDispatcherOptions): Dispatcher {
  const { network } = options;
  const timeoutMs = options.connectTimeoutMs ?? network.timeoutMs;
  const secureContext = options.secureContext ?? secureContextTrusting(options.ca ?? []);
  const open = buildConnector({
    timeout: timeoutMs,
    lookup: noLookup,
    allowH2: options.allowH2 ?? false,
    ...(secureContext ? { secureContext } : {}),
  });
  // The request that needs this connection already holds a `limit` slot; taking a second
  // one here could deadlock a limit of 1.
  const resolve = (host: string): Promise<AddressClass[]> =>
    resolveVettedHost({
      host,
      context: {
        signal: AbortSignal.timeout(timeoutMs),
        network,
        remainingMs: () => timeoutMs,
        limit: (operation) => operation(),
      },
    });
  const resolved = new Map<string, Promise<AddressClass[]>>();
  const vet = (host: string): Promise<AddressClass[]> => {
    if (!options.resolveEachHostOnce) return resolve(host);
    let addresses = resolved.get(host);
    if (!addresses) {
      addresses = resolve(host);
      resolved.set(host, addresses);
    }
    return addresses;
  };
  const connect: buildConnector.connector = (target, callback) => {
    vet(target.hostname).then(
      ([vetted]) => {
        const address = vetted!.address;
        try {
          checkConnectTarget("createGuardedDispatcher", {
            address,
            port: Number(target.port) || (target.protocol === "https:" ? 443 : 80),
            allowPrivateAddresses: network.allowPrivateAddresses,
          });
        } catch (error) {
          callback(error as Error, null);
          return;
        }
        open({ ...target, hostname: address }, (error, socket) => {
          if (!socket) return callback(error ?? new Error("no connection"), null);
          options.onConnect?.(`${target.protocol}//${target.host}`, socket);
          callback(null, readInSlices(socket));
        });
      },
      (error: Error) => callback(error, null),
    );
  };
  return options.waitForFirstConnection
    ? agentWaitingForFirstConnection(connect)
    : new Agent({ connect });
}
