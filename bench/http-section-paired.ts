/**
 * This build of the http section against another (`BENCH_ENGINE_BEFORE`, e.g. main's) over the
 * MDN HTTP Observatory's 211 loopback sites (ports 443 and 80: run as root), in paired rounds
 * whose order alternates, `CONC` sites at a time (default 6), `ROUNDS` rounds (default 3): each
 * round's wall and CPU time of both and their ratios, with the load average. On a busy machine
 * the CPU ratio is the figure to trust. Run with `pnpm run build`, then
 * `BENCH_ENGINE_BEFORE=<build>/packages/engine/dist/index.js CONC=1 npx tsx --tsconfig bench/tsconfig.json bench/http-section-paired.ts`.
 */
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import type { SectionResult } from "../packages/engine/dist/index.js";
import * as after from "../packages/engine/dist/index.js";
import { assertBenchTsconfig, benchEnv, benchExecArgv } from "./support/bench-process.js";
import { type EngineBuild, engineBefore } from "./support/engine-before.js";

assertBenchTsconfig();
const script = fileURLToPath(new URL("./support/serve-observatory-sites.ts", import.meta.url));
const child = spawn(
  process.execPath,
  [...benchExecArgv, script, "127.31.0.1", "127.31.0.2", "443", "80"],
  { env: benchEnv(), stdio: ["ignore", "pipe", "inherit"] },
);
const sites = await new Promise<{ dns: string; ca: string; hosts: string[] }>((resolve) => {
  let out = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c;
    const m = /^SITES (.*)$/m.exec(out);
    if (m) resolve(JSON.parse(m[1]!));
  });
});
const before = await engineBefore();
if (!before) throw new Error("BENCH_ENGINE_BEFORE names the engine build to compare with");
async function scan(build: EngineBuild, concurrency: number) {
  const engine = build.createEngine({
    keys: ["bench"],
    network: { resolvers: [sites.dns], allowPrivateAddresses: true },
    probes: {
      whois: false,
      dns: false,
      ssl: false,
      mail: false,
      http: build.httpProbe({ ca: sites.ca }),
    },
  });
  let next = 0;
  const cpu = process.cpuUsage();
  const t = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < sites.hosts.length) {
        const s = (await engine.lookup(sites.hosts[next++]!, "http")) as SectionResult;
        if (s.status !== "ok") throw new Error("failed");
      }
    }),
  );
  const wall = performance.now() - t;
  const u = process.cpuUsage(cpu);
  await engine.close();
  return { wall, cpu: (u.user + u.system) / 1000 };
}
const conc = Number(process.env.CONC ?? 6);
const ratios: number[] = [];
const cpuRatios: number[] = [];
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  const order = round % 2 ? ["before", "after"] : ["after", "before"];
  const r: Record<string, { wall: number; cpu: number }> = {};
  for (const which of order) r[which] = await scan(which === "after" ? after : before, conc);
  ratios.push(r.after!.wall / r.before!.wall);
  cpuRatios.push(r.after!.cpu / r.before!.cpu);
  console.log(
    `round ${round} conc ${conc}: after ${r.after!.wall.toFixed(0)} ms (CPU ${r.after!.cpu.toFixed(0)}), before ${r.before!.wall.toFixed(0)} ms (CPU ${r.before!.cpu.toFixed(0)}), wall ${ratios.at(-1)!.toFixed(3)}, CPU ${cpuRatios.at(-1)!.toFixed(3)}, load ${loadavg()[0]!.toFixed(1)}`,
  );
}
child.kill("SIGTERM");
