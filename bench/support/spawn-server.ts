import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { benchEnv, benchExecArgv } from "./bench-process.js";

const script = fileURLToPath(new URL("./bench-server.ts", import.meta.url));

/** Starts `bench-server.ts <mode>` in its own process; resolves once it listens. */
export async function spawnServer(
  mode: string,
): Promise<{ url: string; bytes: number; pid: number; close(): Promise<void> }> {
  const child = spawn(process.execPath, [...benchExecArgv, script, mode], {
    env: benchEnv(),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const { port, bytes } = await new Promise<{ port: number; bytes: number }>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PORT (\d+) BYTES (\d+)/.exec(output);
      if (match) resolve({ port: Number(match[1]), bytes: Number(match[2]) });
    });
    child.once("exit", (code) => reject(new Error(`bench server ${mode} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    bytes,
    pid: child.pid!,
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}
