import net from "node:net";

export interface DelayRelay {
  port: number;
  /** Connections relayed so far: one a handshake for a scanner that never reuses one. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A loopback TCP relay to `targetPort` that holds each new connection for `delayMs` before
 * connecting on, so every TLS handshake through it takes that much longer, as a distant server's
 * would. Bytes then flow unchanged both ways; either side closing closes the other.
 */
export async function startDelayRelay(options: {
  targetPort: number;
  targetHost?: string;
  delayMs: number;
}): Promise<DelayRelay> {
  let count = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    count += 1;
    track(client);
    client.pause();
    const timer = setTimeout(() => {
      const upstream = net.connect(options.targetPort, options.targetHost ?? "127.0.0.1");
      track(upstream);
      upstream.on("close", () => client.destroy());
      client.on("close", () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    }, options.delayMs);
    client.on("close", () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => count,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
