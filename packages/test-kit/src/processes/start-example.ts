import { type ChildProcess, spawn } from "node:child_process";

export interface RunningExample {
  /** The base URL the example printed, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  stop(): void;
}

/**
 * Runs an example as a user would (plain node, the built packages) and waits for its
 * `listening on <url>` line; rejects with its output if it exits first.
 */
export async function startExample(options: {
  file: string;
  env: Record<string, string>;
}): Promise<RunningExample> {
  const child: ChildProcess = spawn(process.execPath, [options.file], {
    env: { ...process.env, PORT: "0", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`example exited with ${code}: ${output}`)));
  });
  return { url, stop: () => child.kill("SIGTERM") };
}
