import type tls from "node:tls";
import { Agent, type buildConnector, Client, type Dispatcher, Pool } from "undici";

/** Streams an HTTP/2 connection of a run carries at once (Node's servers allow 100). */
const h2Streams = 100;

/**
 * An Agent whose later requests to an origin wait until the origin's first connection is
 * settled. Why: requests that start together (a site's chain, security.txt) otherwise each open
 * a connection and pay a full TLS handshake. Once settled, on HTTP/2 they share that connection
 * (undici otherwise sends one request at a time on it); on HTTP/1.1 they open their own once it
 * holds a TLS session, which the connector's session cache resumes (an abbreviated handshake).
 * A held request waits at most until the first connection fails or its first answer ends, each
 * bounded by the dispatcher's connect and request timeouts. For a dispatcher that lives one run.
 */
export function agentWaitingForFirstConnection(connect: buildConnector.connector): Dispatcher {
  const gates = new Map<string, { settled: Promise<void>; settle(): void }>();
  const gateOf = (origin: string) => {
    let gate = gates.get(origin);
    if (!gate) {
      let settle = () => {};
      const settled = new Promise<void>((resolve) => {
        settle = resolve;
      });
      gate = { settled, settle };
      gates.set(origin, gate);
    }
    return gate;
  };
  const opened = new Set<string>();
  const watchedClient = (origin: string | URL, options: Client.Options) => {
    const key = originOf(origin);
    const settle = () => gateOf(key).settle();
    const client: Client = new Client(origin, {
      ...options,
      connect: (target, callback) =>
        connect(target, (error, socket) => {
          if (!socket) {
            settle();
            return callback(error ?? new Error("no connection"), null);
          }
          whenReusable(client, socket as tls.TLSSocket, settle);
          callback(null, socket);
        }),
    });
    return client;
  };
  const agent = new Agent({
    connect,
    factory: (origin, options) =>
      new Pool(origin, { ...(options as Pool.Options), factory: watchedClient }),
  });
  return agent.compose((dispatch) => (options, handler) => {
    const origin = originOf(options.origin ?? "");
    if (!opened.has(origin)) {
      opened.add(origin);
      return dispatch(options, handler);
    }
    void gateOf(origin).settled.then(() => {
      try {
        dispatch(options, handler);
      } catch (error) {
        (handler as { onError?(error: unknown): void }).onError?.(error);
      }
    });
    return true;
  });
}

/**
 * Calls `settle` once later requests gain by the connection: at once on HTTP/2 (raising what
 * the client sends at once) and without TLS; on HTTP/1.1 over TLS once its session arrives
 * (TLS 1.3 sends it after the handshake), or when the first answer ends or the socket closes,
 * for servers that send none.
 */
function whenReusable(client: Client, socket: tls.TLSSocket, settle: () => void): void {
  if (socket.alpnProtocol === "h2") {
    client.pipelining = h2Streams;
    settle();
    return;
  }
  if (typeof socket.getSession !== "function") {
    settle();
    return;
  }
  socket.once("session", settle);
  socket.once("close", settle);
  client.once("drain", settle);
}

function originOf(origin: string | URL): string {
  return (typeof origin === "string" ? new URL(origin) : origin).origin;
}
