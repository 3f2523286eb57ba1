import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

// The built command of packages/cli, as `pnpm test` builds it first: this is what users run.
export const bin = fileURLToPath(new URL("../../../cli/dist/bin.js", import.meta.url));

/** The environment without any setting of ours, so the outer shell cannot leak into a test. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith("DOMAIN_INTEL_") && name !== "REDIS_URL" && name !== "PORT")
      env[name] = value;
  }
  return { ...env, ...extra };
}

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `domain-intel ...args` to completion; never rejects on a non-zero exit. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env, timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") reject(error);
        else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

export interface ServeProcess {
  readonly child: ChildProcess;
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** Everything printed so far. */
  output(): string;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash or the OOM killer would: nothing of the process runs after it. */
  kill(): Promise<void>;
}

const unlimitedServe = fileURLToPath(new URL("./serve-unlimited.mjs", import.meta.url));

/**
 * Starts `domain-intel serve` on a free loopback port and waits until it listens.
 * `rateLimit: false` runs the CLI's serve() with rate limits off (no variable turns them off).
 */
export async function startServe(
  env: NodeJS.ProcessEnv,
  options: { readonly rateLimit?: false } = {},
): Promise<ServeProcess> {
  const args = options.rateLimit === false ? [unlimitedServe] : [bin, "serve"];
  const child = spawn(process.execPath, args, {
    env: { ...env, PORT: "0", HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 15_000);
    const look = () => {
      const match = /listening on (http:\/\/[0-9.:]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", look);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      const [code] = (await exited) as [number | null];
      return code;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Polls until `check` holds; fails after `withinMs`. "Within seconds", not a tight timing. */
export async function eventually(check: () => Promise<boolean>, withinMs = 15_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The status an authenticated-looking call gets: 400 (the key works, the domain is bad) or 401. */
export async function statusWithKey(url: string, key: string): Promise<number> {
  // An IP literal is refused after authentication and before any probe: no network needed.
  const response = await fetch(`${url}/api/v1/dns/127.0.0.1`, {
    headers: { authorization: `Bearer ${key}` },
  });
  await response.arrayBuffer();
  return response.status;
}
