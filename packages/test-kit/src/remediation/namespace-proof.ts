import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { FixProof } from "./fix-proof.js";

/**
 * Some worlds need addresses loopback does not have (public ones, for `dns.ns.public-address`):
 * the proof then runs in a child process inside its own network namespace (`unshare -rn`, no
 * root needed), whose loopback interface gets those addresses. The child runs the same prover
 * from the sources (tsx, the root tsconfig's paths) and prints the proof as JSON.
 */
export const inNamespaceVariable = "DOMAIN_INTEL_PROOF_IN_NAMESPACE";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const child = fileURLToPath(new URL("./namespace-proof-child.ts", import.meta.url));

/** Why a namespace cannot be made here, or null. */
export function namespaceMissingTools(): string | null {
  const probe = spawnSync("unshare", ["-rn", "ip", "link", "set", "lo", "up"], {
    encoding: "utf8",
  });
  if (probe.error || probe.status !== 0)
    return `this proof needs \`unshare -rn\` (util-linux, user namespaces) and \`ip\` (iproute2): ${probe.error?.message ?? probe.stderr.trim()}`;
  return null;
}

/** Runs the proof of `section`'s case `id` in a namespace whose loopback has `addresses`. */
export async function proveInNamespace(
  section: "dns",
  id: string,
  addresses: readonly string[],
): Promise<FixProof> {
  const missing = namespaceMissingTools();
  if (missing) throw new Error(`${id}: ${missing}`);
  const setup = [
    "ip link set lo up",
    ...addresses.map(
      (address) => `ip addr add ${address}/${address.includes(":") ? 128 : 32} dev lo`,
    ),
  ].join(" && ");
  const out = await runInNamespace({
    setup,
    script: child,
    args: [section, id],
    env: { [inNamespaceVariable]: "1" },
    timeoutMs: 120_000,
    what: `${id}: the proof in a network namespace`,
  });
  return JSON.parse(out) as FixProof;
}

/**
 * Runs a TypeScript `script` from the sources (tsx, the root tsconfig's paths) in a new network
 * namespace (`unshare -rn`) after the shell commands `setup`, and resolves with its stdout;
 * killed after `timeoutMs`, rejected (naming `what`) when it exits otherwise than 0.
 */
export async function runInNamespace(options: {
  setup: string;
  script: string;
  args: readonly string[];
  env?: Record<string, string>;
  timeoutMs: number;
  what: string;
}): Promise<string> {
  const run = spawn(
    "unshare",
    [
      "-rn",
      "sh",
      "-c",
      `${options.setup} && exec "$0" --import tsx "$@"`,
      process.execPath,
      options.script,
      ...options.args,
    ],
    {
      cwd: root,
      env: { ...process.env, ...options.env, TSX_TSCONFIG_PATH: `${root}tsconfig.json` },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  run.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  run.stderr.on("data", (chunk: Buffer) => {
    err = (err + chunk.toString()).slice(-4000);
  });
  const timer = setTimeout(() => run.kill("SIGKILL"), options.timeoutMs);
  const code = await new Promise<number | null>((resolve) => run.on("close", resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${options.what} exited ${code}: ${err}`);
  return out;
}
