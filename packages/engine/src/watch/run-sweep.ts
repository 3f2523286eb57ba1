import { describeError, type Logger } from "../logging/logger.js";

/** What one sweep did. */
export interface SweepSummary {
  readonly startedAt: string;
  readonly finishedAt: string;
  /** Domains on the watch list. */
  readonly domains: number;
  /** Sections probed again and answered with data. */
  readonly checked: number;
  /** Sections that failed or could not start (overloaded, aborted). */
  readonly failed: number;
}

export interface SweepOptions {
  /** Spread the domains' starts evenly over this many ms. Default 0: as fast as allowed. */
  readonly spreadMs?: number;
  /** Stops starting new domains when aborted. */
  readonly signal?: AbortSignal;
}

/** Domains probed at once when the sweep is not spread. */
const concurrency = 8;

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * Probes every section of every watched domain again (as `?refresh=true` does), the i-th
 * domain starting at `i * spreadMs / n`, at most `concurrency` domains at a time.
 */
export async function runSweep(options: {
  readonly domains: readonly string[];
  readonly sections: readonly string[];
  refresh(domain: string, section: string): Promise<{ status: string }>;
  readonly logger: Logger;
  readonly sweep?: SweepOptions;
}): Promise<SweepSummary> {
  const { domains, sections, logger } = options;
  const spreadMs = options.sweep?.spreadMs ?? 0;
  const signal = options.sweep?.signal;
  const startedAt = new Date().toISOString();
  const began = Date.now();
  let checked = 0;
  let failed = 0;
  let next = 0;

  async function check(domain: string): Promise<void> {
    await Promise.all(
      sections.map(async (section) => {
        try {
          const result = await options.refresh(domain, section);
          if (result.status === "ok") checked += 1;
          else failed += 1;
        } catch (error) {
          failed += 1;
          logger.warn("watch sweep: section not checked", {
            domain,
            section,
            error: describeError(error),
          });
        }
      }),
    );
  }

  async function worker(): Promise<void> {
    while (next < domains.length) {
      const index = next++;
      const domain = domains[index]!;
      if (spreadMs > 0)
        await pause(began + (index * spreadMs) / domains.length - Date.now(), signal);
      if (signal?.aborted) {
        failed += sections.length;
        continue;
      }
      await check(domain);
    }
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, domains.length) }, worker));
  return {
    startedAt,
    finishedAt: new Date().toISOString(),
    domains: domains.length,
    checked,
    failed,
  };
}
