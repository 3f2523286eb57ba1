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
  const run = spawn(
    "unshare",
    [
      "-rn",
      "sh",
      "-c",
      `${setup} && exec "$0" --import tsx "$1" "$2" "$3"`,
      process.execPath,
      child,
      section,
      id,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        [inNamespaceVariable]: "1",
        TSX_TSCONFIG_PATH: `${root}tsconfig.json`,
      },
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
  const timer = setTimeout(() => run.kill("SIGKILL"), 120_000);
  const code = await new Promise<number | null>((resolve) => run.on("close", resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${id}: the proof in a network namespace exited ${code}: ${err}`);
  return JSON.parse(out) as FixProof;
}
