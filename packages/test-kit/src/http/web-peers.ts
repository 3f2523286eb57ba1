import { once } from "node:events";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import http2 from "node:http2";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";
import type { TLSSocket } from "node:tls";

/**
 * What a web peer does with a request. HTTP/2 requests come through http2's compatibility API,
 * which answers the same calls (setHeader, writeHead, write, end) as http's.
 */
export type WebHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface WebPeer {
  readonly port: number;
  /** Paths asked so far, in order. */
  readonly requests: readonly string[];
  /** ALPN protocols of the TLS connections accepted (`h2`, `http/1.1`, or false). */
  readonly protocols: readonly (string | false)[];
  /** Per TLS connection accepted, in the same order: whether it resumed an earlier session. */
  readonly resumed: readonly boolean[];
  close(): Promise<void>;
}

/**
 * A loopback web server: HTTPS (HTTP/2 offered through ALPN, HTTP/1.1 too) when `tls` is
 * given, plain HTTP otherwise. `close` destroys open connections, so a peer that stalls a body
 * does not hold a test open.
 */
export async function startWebPeer(options: {
  /** Listen on this loopback address. Default 127.0.0.1. */
  host?: string;
  handler: WebHandler;
  /** Key and certificate, and any other node:tls server option (versions, suites). */
  tls?: Omit<http2.SecureServerOptions, "key" | "cert"> & { key: string; cert: string };
  /** Listen on this port (e.g. one just freed, for "nothing listening"). Default: any. */
  port?: number;
  /**
   * Speak HTTP/1.1 only over TLS, as a server without HTTP/2 does (HTTP/2 refuses field values
   * that start or end with whitespace, RFC 9113 section 8.2.1; HTTP/1.1 carries them).
   */
  http1Only?: boolean;
}): Promise<WebPeer> {
  const requests: string[] = [];
  const protocols: (string | false)[] = [];
  const resumed: boolean[] = [];
  const sockets = new Set<Socket>();
  const handle: WebHandler = (request, response) => {
    requests.push(request.url ?? "");
    options.handler(request, response);
  };
  const server = options.tls
    ? options.http1Only
      ? https.createServer(options.tls, handle)
      : http2.createSecureServer(
          { ...options.tls, allowHTTP1: true },
          handle as unknown as (
            request: http2.Http2ServerRequest,
            response: http2.Http2ServerResponse,
          ) => void,
        )
    : http.createServer(handle);
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("secureConnection", (socket: TLSSocket) => {
    protocols.push(socket.alpnProtocol ?? false);
    resumed.push(socket.isSessionReused());
  });
  server.listen(options.port ?? 0, options.host ?? "127.0.0.1");
  await once(server, "listening");
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    protocols,
    resumed,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** A port that was free a moment ago, with nothing listening on it. */
export async function unusedPort(): Promise<number> {
  const server = http.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
