import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freeLoopbackPort, waitForChildPort } from "../processes/child-port.js";
import { requireExecutable } from "../processes/executables.js";

export interface TestVrp {
  prefix: string;
  maxLength: number;
  asn: number;
}

export interface TestStayRtr {
  readonly port: number;
  /** `127.0.0.1:port`, as `rpki.rtr` takes it. */
  readonly cache: string;
  /** Replaces the VRP file; StayRTR reads it again within `refreshSeconds` and notifies. */
  setVrps(vrps: readonly TestVrp[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Debian's StayRTR, an RTR cache (RFC 8210), on a free loopback port, serving the VRPs of a
 * JSON file in rpki-client's form that it re-reads every `refreshSeconds` (and then sends
 * Serial Notify). `rtr` sets the intervals it tells its clients (seconds); `notifications:
 * false` keeps it from notifying, so a client learns changes only at its refresh interval.
 */
export async function startStayRtr(options: {
  vrps: readonly TestVrp[];
  refreshSeconds?: number;
  rtr?: { refresh?: number; retry?: number; expire?: number };
  notifications?: boolean;
}): Promise<TestStayRtr> {
  const binary = requireExecutable("stayrtr", { debianPackage: "stayrtr" });
  const folder = await mkdtemp(join(tmpdir(), "stayrtr-"));
  const file = join(folder, "vrps.json");
  let generation = 0;
  const setVrps = async (vrps: readonly TestVrp[]) => {
    const body = {
      metadata: { buildtime: new Date().toISOString(), generation: ++generation },
      roas: vrps.map((vrp) => ({
        prefix: vrp.prefix,
        maxLength: vrp.maxLength,
        asn: `AS${vrp.asn}`,
        ta: "test",
      })),
    };
    // Written aside and renamed, so StayRTR never reads half a file.
    await writeFile(`${file}.next`, JSON.stringify(body));
    await rename(`${file}.next`, file);
  };
  await setVrps(options.vrps);
  const port = await freeLoopbackPort();
  const rtr = options.rtr ?? {};
  const child = spawn(
    binary,
    [
      `-bind=127.0.0.1:${port}`,
      `-cache=${file}`,
      "-checktime=false",
      `-refresh=${options.refreshSeconds ?? 1}`,
      `-rtr.refresh=${rtr.refresh ?? 3600}`,
      `-rtr.retry=${rtr.retry ?? 600}`,
      `-rtr.expire=${rtr.expire ?? 7200}`,
      `-notifications=${options.notifications ?? true}`,
      "-metrics.addr=",
      "-loglevel=warn",
      "-log.verbose=false",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let log = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  await waitForChildPort({
    name: "stayrtr",
    port,
    child,
    deadline: Date.now() + 10_000,
    log: () => log,
  }).catch((error: Error) => {
    child.kill("SIGKILL");
    throw error;
  });
  return {
    port,
    cache: `127.0.0.1:${port}`,
    setVrps,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}
