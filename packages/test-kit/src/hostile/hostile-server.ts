import net from "node:net";
import tls from "node:tls";

/**
 * What a hostile peer does once the client has spoken (or at once, for protocols where the
 * server speaks first), act after act:
 * - `send`: these bytes, at once;
 * - `drip`: these bytes one at a time, `everyMs` apart (a byte a second: 1000);
 * - `flood`: these bytes again and again for as long as the client reads (never-ending);
 * - `hang`: nothing more, the connection left open;
 * - `close`: end the connection;
 * - `relay`: a real server answers instead;
 * - `readLine`: wait for the client's next line (its next command).
 */
export type HostileAct =
  | { readonly send: string | Uint8Array }
  | { readonly drip: string | Uint8Array; readonly everyMs: number }
  | { readonly flood: string | Uint8Array }
  | { readonly hang: true }
  | { readonly close: true }
  /** Hand the connection to a real server on loopback `port` (what was read is passed on). */
  | { readonly relay: number }
  /** Wait for the client's next line (a command), then go on. */
  | { readonly readLine: true };

/**
 * When the peer starts its acts: `connect` (SMTP speaks first), after the client's first
 * `line` (WHOIS, SMTP commands), its first TLS `record` (a ClientHello), its first
 * length-prefixed `dns-tcp` message, or the end of an HTTP request's `http-head`.
 */
export type HostileTrigger = "connect" | "line" | "record" | "dns-tcp" | "http-head";

export interface HostileServer {
  readonly host: string;
  readonly port: number;
  /** Bytes written to clients so far, all connections together. */
  bytesSent(): number;
  /** The most bytes written on any one connection. */
  mostSentOnOne(): number;
  /** Connections accepted so far. */
  connections(): number;
  /** Connections still open: the client has not let go. */
  open(): number;
  /** What the clients sent first on each connection (up to the trigger), in order. */
  readonly requests: Buffer[];
  close(): Promise<void>;
}

const asBuffer = (bytes: string | Uint8Array) =>
  typeof bytes === "string" ? Buffer.from(bytes, "latin1") : Buffer.from(bytes);

/** How many bytes of `received` the trigger needs, or 0 while it needs more. */
function triggered(trigger: HostileTrigger, received: Buffer): number {
  switch (trigger) {
    case "connect":
      return -1;
    case "line": {
      const end = received.indexOf("\n");
      return end < 0 ? 0 : end + 1;
    }
    case "record": {
      // SSL 2's 2-byte header has the high bit set; TLS records have 5 bytes of header.
      if (received.length >= 2 && (received[0]! & 0x80) !== 0) {
        const length = 2 + (((received[0]! & 0x7f) << 8) | received[1]!);
        return received.length >= length ? length : 0;
      }
      return received.length >= 5 && received.length >= 5 + received.readUInt16BE(3)
        ? 5 + received.readUInt16BE(3)
        : 0;
    }
    case "dns-tcp":
      return received.length >= 2 && received.length >= 2 + received.readUInt16BE(0)
        ? 2 + received.readUInt16BE(0)
        : 0;
    case "http-head": {
      const end = received.indexOf("\r\n\r\n");
      return end < 0 ? 0 : end + 4;
    }
  }
}

/**
 * A loopback TCP (or, with `tls`, TLS) peer that answers whatever the client says with the
 * acts `script` returns for it: the misbehaving servers of the internet (slow, endless,
 * malformed), each connection's bytes counted so a test can show the client stopped reading.
 */
export async function startHostileServer(options: {
  readonly trigger: HostileTrigger;
  /** The acts for one connection, given what the client sent up to the trigger. */
  readonly script: (request: Buffer) => readonly HostileAct[];
  readonly host?: string;
  readonly port?: number;
  /** Key and certificate: the acts then happen inside TLS. */
  readonly tls?: tls.TlsOptions;
}): Promise<HostileServer> {
  let sent = 0;
  let most = 0;
  const sentOn = new WeakMap<net.Socket, number>();
  let accepted = 0;
  const requests: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  /** Writes `bytes`; resolves once the socket can take more, false once it is gone. */
  const write = (socket: net.Socket, bytes: Buffer) =>
    new Promise<boolean>((resolve) => {
      if (socket.destroyed || !socket.writable) return resolve(false);
      const more = socket.write(bytes, (error) => {
        if (error) return;
        sent += bytes.length;
        const total = (sentOn.get(socket) ?? 0) + bytes.length;
        sentOn.set(socket, total);
        most = Math.max(most, total);
      });
      if (more) return resolve(true);
      const onDrain = () => {
        socket.off("close", onClose);
        resolve(true);
      };
      const onClose = () => {
        socket.off("drain", onDrain);
        resolve(false);
      };
      socket.once("drain", onDrain);
      socket.once("close", onClose);
    });

  /** Resolves true once the client sends a line end, false when it closes first. */
  const nextLine = (socket: net.Socket) =>
    new Promise<boolean>((resolve) => {
      const onData = (chunk: Buffer) => {
        if (!chunk.includes(10)) return;
        socket.off("close", onClose);
        socket.off("data", onData);
        resolve(true);
      };
      const onClose = () => {
        socket.off("data", onData);
        resolve(false);
      };
      socket.on("data", onData);
      socket.once("close", onClose);
    });

  async function play(socket: net.Socket, request: Buffer): Promise<void> {
    requests.push(request);
    for (const act of options.script(request)) {
      if ("send" in act) {
        if (!(await write(socket, asBuffer(act.send)))) return;
      } else if ("drip" in act) {
        for (const byte of asBuffer(act.drip)) {
          if (!(await write(socket, Buffer.from([byte])))) return;
          await wait(act.everyMs);
        }
      } else if ("flood" in act) {
        const chunk = asBuffer(act.flood);
        let written = 0;
        while (await write(socket, chunk)) {
          // Yield now and then so the test's own timers still run.
          if (++written % 64 === 0) await wait(0);
        }
        return;
      } else if ("hang" in act) {
        return;
      } else if ("readLine" in act) {
        if (!(await nextLine(socket))) return;
      } else if ("relay" in act) {
        const upstream = net.connect(act.relay, "127.0.0.1");
        sockets.add(upstream);
        upstream.on("close", () => {
          sockets.delete(upstream);
          socket.destroy();
        });
        upstream.on("error", () => socket.destroy());
        socket.on("close", () => upstream.destroy());
        upstream.write(request);
        socket.pipe(upstream).pipe(socket);
        return;
      } else {
        socket.end();
        return;
      }
    }
  }

  const onConnection = (socket: net.Socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    if (options.trigger === "connect") {
      socket.resume();
      void play(socket, Buffer.alloc(0));
      return;
    }
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const used = triggered(options.trigger, received);
      if (used === 0) return;
      socket.off("data", onData);
      // Whatever the client says next is read and dropped.
      socket.resume();
      void play(socket, received.subarray(0, used));
    };
    socket.on("data", onData);
  };
  const server = options.tls
    ? tls.createServer(options.tls, onConnection)
    : net.createServer(onConnection);
  if (options.tls) server.on("tlsClientError", () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as net.AddressInfo;
  return {
    host: address.address,
    port: address.port,
    bytesSent: () => sent,
    mostSentOnOne: () => most,
    connections: () => accepted,
    open: () => sockets.size,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
