import type { SectionResult } from "../contract/section-result.js";
import { describeError, type Logger } from "../logging/logger.js";
import { memorySweepScheduler } from "./memory-sweep-scheduler.js";
import { runSweep, type SweepOptions, type SweepSummary } from "./run-sweep.js";
import type { WatchOptions } from "./watch-options.js";

export interface WatchSchedule {
  sweep(options?: SweepOptions): Promise<SweepSummary>;
  close(): Promise<void>;
}

/**
 * The watch list and its sweeps: `sweep()` on demand, and every `intervalMs` through the
 * scheduler (spread over the interval) when one is set.
 */
export function createWatchSchedule(options: {
  readonly watch: WatchOptions | undefined;
  readonly sections: readonly string[];
  /** The watched domains now (watch-list.ts). */
  watched(): Promise<string[]>;
  refresh(domain: string, section: string): Promise<SectionResult>;
  /** Resolves once the sweep's results are recorded and their events emitted. */
  settled(): Promise<void>;
  readonly logger: Logger;
}): WatchSchedule {
  const { watch, logger, watched } = options;
  async function sweep(sweepOptions: SweepOptions = {}): Promise<SweepSummary> {
    const summary = await runSweep({
      domains: await watched(),
      sections: watch?.sections ?? options.sections,
      refresh: options.refresh,
      logger,
      sweep: sweepOptions,
    });
    await options.settled();
    return summary;
  }
  const intervalMs = watch?.intervalMs;
  const scheduler = intervalMs ? (watch?.scheduler ?? memorySweepScheduler()) : undefined;
  const started = Promise.resolve(
    scheduler?.start({
      intervalMs: intervalMs!,
      sweep: async (signal) => {
        const summary = await sweep({ spreadMs: intervalMs, signal });
        if (summary.failed > 0) logger.warn("watch sweep: some sections failed", { ...summary });
      },
    }),
  ).catch((error: unknown) =>
    logger.error("watch schedule could not start", { error: describeError(error) }),
  );
  return {
    sweep,
    async close() {
      await started;
      await scheduler?.stop();
    },
  };
}
