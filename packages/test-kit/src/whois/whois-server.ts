import net from "node:net";

export interface WhoisTestServer {
  readonly host: string;
  readonly port: number;
  /** Connections accepted, answered or not. */
  readonly connections: number;
  /** Every query line received, in order. */
  readonly queries: string[];
  close(): Promise<void>;
}

/**
 * A real WHOIS (RFC 3912) server on a loopback address (127.0.0.0/8 is all loopback on Linux),
 * on port 43 unless `port` says otherwise (0: any free port). `answer` returns the text to
 * send (bytes as given, for registries that answer in another character set), or `null` to
 * accept and never answer.
 */
export async function startWhoisServer(
  answer: (query: string) => string | Uint8Array | null,
  options: { host?: string; port?: number } = {},
): Promise<WhoisTestServer> {
  const host = options.host ?? "127.0.0.2";
  const queries: string[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      const end = received.indexOf("\r\n");
      if (end < 0) return;
      const query = received.slice(0, end);
      queries.push(query);
      const text = answer(query);
      if (text !== null) socket.end(text);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 43, host, () => resolve());
  });
  return {
    host,
    port: (server.address() as net.AddressInfo).port,
    get connections() {
      return connections;
    },
    queries,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
