import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
  const port = await freeLoopbackPort();
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
