import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { freeLoopbackPort, waitForChildPort } from "../processes/child-port.js";
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

/**
 * A real redis-server (Debian's package) on a free loopback port, without persistence.
 * `searchPath` replaces PATH where the program is looked up.
 */
export async function startRedisServer(
  options: { searchPath?: string } = {},
): Promise<TestRedisServer> {
  const binary = requireExecutable("redis-server", {
    debianPackage: "redis-server",
    searchPath: options.searchPath,
  });
  const port = await freeLoopbackPort();
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
        "--appendonly",
        "no",
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
    await waitForChildPort({ name: "redis-server", port, child, deadline: Date.now() + 10_000 });
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
