import { readFileSync } from "node:fs";

/**
 * CPU time from Linux's /proc, to report what each answer costs the server (immune to the
 * time a shared VM's host steals) and how much was stolen while measuring. Elsewhere: undefined.
 */
function read<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch {
    return undefined;
  }
}

/** User plus system CPU seconds a process has used so far. */
export function processCpuSeconds(pid: number): number | undefined {
  return read(() => {
    // Fields after the command name (which may hold spaces): utime and stime are 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  });
}

/** Jiffies of the whole machine: [all, steal]. */
export function machineTicks(): [number, number] | undefined {
  return read(() => {
    const values = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1);
    const numbers = values.slice(0, 8).map(Number);
    return [numbers.reduce((sum, value) => sum + value, 0), numbers[7]!];
  });
}

/** Share of CPU time the hypervisor stole between two readings, in percent. */
export function stealPercent(
  before: [number, number] | undefined,
  after: [number, number] | undefined,
): number | undefined {
  if (!before || !after || after[0] === before[0]) return undefined;
  return Math.round((100 * (after[1] - before[1])) / (after[0] - before[0]));
}
