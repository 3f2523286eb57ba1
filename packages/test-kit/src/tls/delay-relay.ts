import net from "node:net";

export interface DelayRelay {
  port: number;
  /** Connections relayed so far: one a handshake for a scanner that never reuses one. */
  connections(): number;
  /**
   * The most connections held in their delay at once so far: each of them is open at the
   * client, which cannot finish a handshake before the relay connects on, so this is a floor
   * on the client's connections at once, free of the lag with which a close is seen here.
   */
  mostHeld(): number;
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
  /** Where the relay listens (a fixed port such as 443 on another loopback address). Default: any port on 127.0.0.1. */
  listen?: { host?: string; port?: number };
}): Promise<DelayRelay> {
  let count = 0;
  let held = 0;
  let mostHeld = 0;
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    count += 1;
    held += 1;
    mostHeld = Math.max(mostHeld, held);
    track(client);
    // Read (not pause) while holding, so a client that gives up is seen closing at once.
    const early: Buffer[] = [];
    const keep = (chunk: Buffer) => early.push(chunk);
    client.on("data", keep);
    let waiting = true;
    const timer = setTimeout(() => {
      timers.delete(timer);
      waiting = false;
      held -= 1;
      client.off("data", keep);
      client.pause();
      const upstream = net.connect(options.targetPort, options.targetHost ?? "127.0.0.1");
      track(upstream);
      upstream.on("close", () => client.destroy());
      client.on("close", () => upstream.destroy());
      for (const chunk of early) upstream.write(chunk);
      client.pipe(upstream).pipe(client);
    }, options.delayMs);
    timers.add(timer);
    client.on("close", () => {
      if (!waiting) return;
      waiting = false;
      held -= 1;
      clearTimeout(timer);
      timers.delete(timer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.listen?.port ?? 0, options.listen?.host ?? "127.0.0.1", resolve);
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => count,
    mostHeld: () => mostHeld,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
