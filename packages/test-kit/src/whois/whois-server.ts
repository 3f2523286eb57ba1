import net from "node:net";

export interface WhoisTestServer {
  readonly host: string;
  /** Every query line received, in order. */
  readonly queries: string[];
  close(): Promise<void>;
}

/**
 * A real WHOIS (RFC 3912) server. rdapper always dials port 43, so the test server takes port 43
 * of its own loopback address (127.0.0.0/8 is all loopback on Linux). `answer` returns the text
 * to send, or `null` to accept and never answer.
 */
export async function startWhoisServer(
  answer: (query: string) => string | null,
  options: { host?: string; port?: number } = {},
): Promise<WhoisTestServer> {
  const host = options.host ?? "127.0.0.2";
  const queries: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
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
    queries,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
