import { DomainIntelError } from "../contract/domain-intel-error.js";

/** A probe run admitted; `release` when the probe has really ended. */
export interface Admitted {
  release(): void;
}

/**
 * Bounds the probe runs in progress at once. A run counts until its probe settles, even after
 * the engine stopped waiting for it at its budget, so probes that ignore their signal cannot
 * pile up beyond the bound. Beyond it, `admit` throws `overloaded` with a Retry-After.
 */
export function probeAdmission(options: { maxPending: number; budgetMs: number }) {
  // Runs admitted and not over, oldest first.
  const pending = new Set<{ readonly startedAt: number }>();

  function overloaded(): DomainIntelError {
    // Retry-After: when the oldest run in progress ends at the latest (its time budget).
    const oldest = pending.values().next().value?.startedAt ?? Date.now();
    const seconds = Math.max(1, Math.ceil((oldest + options.budgetMs - Date.now()) / 1000));
    return new DomainIntelError(
      "overloaded",
      `Too many lookups are in progress; retry in ${seconds} s. Cached answers are still served.`,
      { headers: { "retry-after": String(seconds) } },
    );
  }

  return {
    admit(): Admitted {
      if (pending.size >= options.maxPending) throw overloaded();
      const slot = { startedAt: Date.now() };
      pending.add(slot);
      return { release: () => pending.delete(slot) };
    },
  };
}
