import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { requireExecutable } from "../processes/executables.js";

export interface TestRedisServer {
  readonly port: number;
  readonly url: string;
  /** Kills the server (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once `port` accepts; rejects at once if the server exits or cannot start. */
async function waitForPort(port: number, server: ChildProcess, deadline: number): Promise<void> {
  let spawnError: Error | undefined;
  server.once("error", (error) => {
    spawnError = error;
  });
  while (Date.now() < deadline) {
    if (spawnError) throw new Error(`redis-server did not start: ${spawnError.message}`);
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `redis-server exited (${server.exitCode ?? server.signalCode}) before listening`,
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
  throw new Error(`redis-server did not listen on ${port}`);
}

/**
 * A real redis-server (Debian's package) on a free loopback port, without persistence, or with
 * `persistent: true` an append-only file synced on every write, so `kill()` then `restart()`
 * is a crash that loses nothing acknowledged. `searchPath` replaces PATH where the program is
 * looked up.
 */
export async function startRedisServer(
  options: { searchPath?: string; persistent?: boolean } = {},
): Promise<TestRedisServer> {
  const binary = requireExecutable("redis-server", {
    debianPackage: "redis-server",
    searchPath: options.searchPath,
  });
  const port = await freePort();
  const persistence = options.persistent
    ? [
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
        "--dir",
        mkdtempSync(join(tmpdir(), "redis-")),
      ]
    : ["--appendonly", "no"];
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      binary,
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        ...persistence,
        "--loglevel",
        "warning",
        // Lets a test block the server with DEBUG SLEEP; it only listens on loopback.
        "--enable-debug-command",
        "yes",
      ],
      {
        stdio: "ignore",
      },
    );
    await waitForPort(port, child, Date.now() + 10_000);
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    running.kill("SIGKILL");
    await once(running, "exit");
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, kill, restart: start, stop: kill };
}
