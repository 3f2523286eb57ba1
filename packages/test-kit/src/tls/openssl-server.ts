import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freeLoopbackPort, waitForChildPort } from "../processes/child-port.js";
import { requireExecutable } from "../processes/executables.js";

export interface OpensslServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Debian's `openssl s_server` on a free loopback port, for what Node's TLS server cannot be
 * told to do (0-RTT: `-early_data`). `args` are s_server's own options. A missing `openssl`
 * throws at once, naming the Debian package (`.ci/run` installs it).
 */
export async function startOpensslServer(options: {
  keyPem: string;
  certPem: string;
  /** Intermediates sent after the leaf. */
  chainPem?: string;
  args?: readonly string[];
}): Promise<OpensslServer> {
  const openssl = requireExecutable("openssl", { debianPackage: "openssl" });
  const directory = await mkdtemp(join(tmpdir(), "s-server-"));
  const file = (name: string) => join(directory, name);
  await writeFile(file("key.pem"), options.keyPem);
  await writeFile(file("cert.pem"), options.certPem);
  if (options.chainPem) await writeFile(file("chain.pem"), options.chainPem);
  const port = await freeLoopbackPort();
  let said = "";
  const child: ChildProcess = spawn(
    openssl,
    [
      "s_server",
      "-accept",
      `127.0.0.1:${port}`,
      "-key",
      file("key.pem"),
      "-cert",
      file("cert.pem"),
      ...(options.chainPem ? ["-cert_chain", file("chain.pem")] : []),
      "-quiet",
      ...(options.args ?? []),
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  child.stderr?.on("data", (chunk: Buffer) => {
    said = `${said}${chunk}`.slice(-2000);
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(directory, { recursive: true, force: true });
  };
  try {
    await waitForChildPort({
      name: "openssl s_server",
      port,
      child,
      deadline: Date.now() + 10_000,
      log: () => said,
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { port, close };
}
