import type { HistoryLimits, HistoryStore } from "./history-store.js";

/** `history`: on by default, in memory unless a store is given. `false` keeps none. */
export interface HistoryOptions {
  /** Where snapshots and changes are kept. Default: in memory (`memoryHistory()`). */
  readonly store?: HistoryStore;
  /** Snapshots kept per domain, all sections together. Default 200. */
  readonly maxSnapshots?: number;
  /** Changes kept per domain. Default 1000. */
  readonly maxChanges?: number;
  /** Snapshots and changes older than this are dropped. Default 90 days. */
  readonly maxAgeMs?: number;
}

const day = 86_400_000;

export function historyLimits(options: HistoryOptions): HistoryLimits {
  return {
    maxSnapshots: options.maxSnapshots ?? 200,
    maxChanges: options.maxChanges ?? 1000,
    maxAgeMs: options.maxAgeMs ?? 90 * day,
  };
}

export function validateHistoryOptions(
  history: HistoryOptions | false | undefined,
  fail: (option: string, expectation: string) => never,
): void {
  if (history === undefined || history === false) return;
  if (typeof history !== "object" || history === null)
    fail("history", "must be false or an object");
  const store = history.store;
  if (
    store !== undefined &&
    (["latest", "append", "read", "remember"] as const).some(
      (method) => typeof store?.[method] !== "function",
    )
  )
    fail("history.store", "must be a HistoryStore with latest, append, read and remember");
  for (const [name, max] of [
    ["maxSnapshots", 100_000],
    ["maxChanges", 1_000_000],
    ["maxAgeMs", 3650 * day],
  ] as const) {
    const value = history[name];
    if (value !== undefined && !(Number.isInteger(value) && value >= 1 && value <= max))
      fail(`history.${name}`, `must be an integer from 1 to ${max}`);
  }
}
