import type { SweepScheduler } from "./sweep-scheduler.js";

/** `watch`: domains re-checked on a schedule (`intervalMs`) or by `engine.sweep()`. */
export interface WatchOptions {
  /** Domains to watch. */
  readonly domains?: readonly string[];
  /** A file of domains, one a line (`#` comments); read at each sweep when it has changed. */
  readonly file?: string;
  /** Time between sweeps; each sweep spreads its domains over it. Without it, only `engine.sweep()` runs sweeps. */
  readonly intervalMs?: number;
  /** Sections re-checked. Default: every section. */
  readonly sections?: readonly string[];
  /** Runs one sweep at a time. Default: `memorySweepScheduler()` (this process only). */
  readonly scheduler?: SweepScheduler;
}

export function validateWatchOptions(
  watch: WatchOptions | undefined,
  sections: ReadonlySet<string>,
  fail: (option: string, expectation: string) => never,
): void {
  if (watch === undefined) return;
  if (typeof watch !== "object" || watch === null) fail("watch", "must be an object");
  if (
    watch.domains !== undefined &&
    (!Array.isArray(watch.domains) || watch.domains.some((domain) => typeof domain !== "string"))
  )
    fail("watch.domains", "must be an array of domain names");
  if (watch.file !== undefined && (typeof watch.file !== "string" || watch.file === ""))
    fail("watch.file", "must be a file path");
  if (
    watch.intervalMs !== undefined &&
    !(
      Number.isInteger(watch.intervalMs) &&
      watch.intervalMs >= 1000 &&
      watch.intervalMs <= 31 * 86_400_000
    )
  )
    fail("watch.intervalMs", "must be an integer from 1000 (1 s) to 31 days");
  if (
    watch.sections !== undefined &&
    (!Array.isArray(watch.sections) || watch.sections.some((section) => !sections.has(section)))
  )
    fail("watch.sections", `must be an array of sections: ${[...sections].join(", ")}`);
  const scheduler = watch.scheduler;
  if (
    scheduler !== undefined &&
    (typeof scheduler?.start !== "function" || typeof scheduler?.stop !== "function")
  )
    fail("watch.scheduler", "must be a SweepScheduler with start and stop");
}
