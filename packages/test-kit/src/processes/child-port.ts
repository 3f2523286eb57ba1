import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import net from "node:net";

/** A loopback port free right now, for a server program told where to listen. */
export async function freeLoopbackPort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Resolves once the program `name` accepts on `port` of 127.0.0.1; rejects at once if it exits
 * or cannot start, and at `deadline`. `log` adds what the program said to the error.
 */
export async function waitForChildPort(options: {
  name: string;
  port: number;
  child: ChildProcess;
  deadline: number;
  log?: () => string;
}): Promise<void> {
  const { name, port, child } = options;
  const said = () => (options.log ? `: ${options.log()}` : "");
  let spawnError: Error | undefined;
  child.once("error", (error) => {
    spawnError = error;
  });
  while (Date.now() < options.deadline) {
    if (spawnError) throw new Error(`${name} did not start: ${spawnError.message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${name} exited (${child.exitCode ?? child.signalCode}) before listening${said()}`,
      );
    }
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (connected) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${name} did not listen on ${port}${said()}`);
}
