import type { Probe } from "@domain-intel/engine";
import { until } from "../wait/until.js";

export interface SaturatingProbe {
  /** A custom section whose run keeps `width` operations in the engine's outbound limit. */
  readonly probe: Probe<{ operations: number }>;
  /** Resolves once at least `count` operations are queued or running, all runs together. */
  saturated(count: number): Promise<void>;
}

/**
 * Other work for the engine's shared outbound limit (`network.maxConcurrency`): each run keeps
 * `width` operations of `operationMs` queued or running until its budget is nearly spent, so a
 * section probed meanwhile waits for every slot it gets.
 */
export function saturatingProbe(options: {
  readonly width: number;
  readonly operationMs: number;
}): SaturatingProbe {
  const { width, operationMs } = options;
  let pending = 0;
  const sleep = () => new Promise((resolve) => setTimeout(resolve, operationMs));
  return {
    probe: {
      async run(_domain, context) {
        let operations = 0;
        const chain = async () => {
          while (!context.signal.aborted && context.remainingMs() > 2 * operationMs) {
            pending += 1;
            try {
              await context.limit(sleep);
              operations += 1;
            } catch {
              // No slot in time: the limit said so; the chain ends with the budget.
            } finally {
              pending -= 1;
            }
          }
        };
        await Promise.all(Array.from({ length: width }, chain));
        return { operations };
      },
      ttlMs: () => 1000,
    },
    saturated: (count) => until(() => pending >= count, `${count} operations in the limit`),
  };
}
