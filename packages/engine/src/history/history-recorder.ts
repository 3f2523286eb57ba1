import type { SectionResult } from "../contract/section-result.js";
import { describeError, type Logger } from "../logging/logger.js";
import type { Change, HistoryLimits, HistoryStore } from "./history-store.js";
import { jsonDigest, meaningful } from "./meaningful-content.js";
import { sectionChanges } from "./section-changes.js";

/** What one recorded probe result brought: the changes since the last snapshot, maybe none. */
export interface Recorded {
  readonly result: SectionResult;
  /** Empty for the first snapshot of a section and when nothing meaningful changed. */
  readonly changes: readonly Change[];
  /** Whether a new snapshot was stored. */
  readonly changed: boolean;
}

export interface HistoryRecorder {
  /** Records a fresh probe result in the background; failures are logged, never thrown. */
  record(result: SectionResult): void;
  /** Resolves once every record started so far has finished. */
  settled(): Promise<void>;
}

/**
 * Digests each fresh section result and, when the digest differs from the section's latest
 * snapshot, stores a new snapshot and the changes between the two. Results of one section and
 * domain are recorded one after another, so each is compared with the one before it.
 */
export function createHistoryRecorder(options: {
  readonly store: HistoryStore;
  readonly limits: HistoryLimits;
  readonly logger: Logger;
  /** Told of every recorded result (expiry thresholds are judged on each, changes or not). */
  readonly onRecorded?: (recorded: Recorded) => Promise<void> | void;
}): HistoryRecorder {
  const { store, limits, logger } = options;
  const queues = new Map<string, Promise<void>>();

  async function recordNow(result: SectionResult): Promise<void> {
    const { domain, section } = result;
    const { content, json } = meaningful(result.data);
    const digest = jsonDigest(json);
    const previous = await store.latest(domain, section);
    let changes: Change[] = [];
    const changed = previous?.digest !== digest;
    if (changed) {
      if (previous) {
        changes = sectionChanges({
          section,
          at: result.fetchedAt,
          before: previous.content,
          after: content,
        });
      }
      await store.append(
        domain,
        { section, fetchedAt: result.fetchedAt, digest, content, json },
        changes,
        limits,
      );
    }
    await options.onRecorded?.({ result, changes, changed });
  }

  return {
    record(result) {
      if (result.status !== "ok") return;
      const key = `${result.section}\u0000${result.domain}`;
      const previous = queues.get(key) ?? Promise.resolve();
      const next = previous
        .then(() => recordNow(result))
        .catch((error: unknown) =>
          logger.warn("history could not be recorded", {
            domain: result.domain,
            section: result.section,
            error: describeError(error),
          }),
        )
        .finally(() => {
          if (queues.get(key) === next) queues.delete(key);
        });
      queues.set(key, next);
    },
    async settled() {
      // Each key's promise ends after its earlier records: one pass, so a busy engine cannot
      // keep a caller waiting for records started after it asked.
      await Promise.all(queues.values());
    },
  };
}
