import type { NetworkPolicy, Probe } from "../contract/probe.js";
import type { SectionResult } from "../contract/section-result.js";
import type { EngineHooks } from "../logging/engine-hooks.js";
import { describeError, type Logger } from "../logging/logger.js";
import { runProbe } from "./run-probe.js";

/** Runs a section's probe and wraps what came of it in the envelope, with its TTL. */
export async function probeSection(options: {
  probe: Probe;
  section: string;
  domain: string;
  /** What the section's query parameters said, parsed by the probe's own `query`. */
  query?: unknown;
  network: NetworkPolicy;
  limit<T>(operation: () => Promise<T>): Promise<T>;
  logger: Logger;
  hooks?: EngineHooks;
  /** Freshness of data when the probe names none. */
  defaultTtlMs: number;
  /** Freshness of a failure: a broken upstream is not asked again at once. */
  errorTtlMs: number;
  /** Called once the probe itself has settled, which may be after the engine stopped waiting. */
  onSettled(): void;
}): Promise<SectionResult> {
  const { probe, section, domain } = options;
  const started = performance.now();
  const fetchedAt = Date.now();
  const outcome = await runProbe({
    probe,
    section,
    domain,
    context: {
      network: options.network,
      limit: options.limit,
      ...(options.query === undefined ? {} : { query: options.query }),
    },
    onSettled: options.onSettled,
    onUnexpectedError: (error) =>
      options.logger.error("probe failed unexpectedly", {
        section,
        domain,
        error: describeError(error),
      }),
  });
  const durationMs = performance.now() - started;
  options.hooks?.onProbe?.({
    section,
    domain,
    outcome: outcome.ok ? "ok" : outcome.error.code,
    startTime: performance.timeOrigin + started,
    durationMs,
  });
  const ttlMs = outcome.ok ? ttlFor(probe, outcome.data, options.defaultTtlMs) : options.errorTtlMs;
  return {
    domain,
    section,
    status: outcome.ok ? "ok" : "error",
    fetchedAt: new Date(fetchedAt).toISOString(),
    expiresAt: new Date(fetchedAt + ttlMs).toISOString(),
    cache: "miss",
    durationMs: Math.round(durationMs),
    ...(outcome.ok
      ? { data: outcome.data }
      : { error: { code: outcome.error.code, message: outcome.error.message } }),
  };
}

function ttlFor(probe: Probe, data: unknown, fallbackMs: number): number {
  try {
    const ttl = probe.ttlMs?.(data);
    return typeof ttl === "number" && Number.isFinite(ttl) && ttl > 0
      ? Math.round(ttl)
      : fallbackMs;
  } catch {
    return fallbackMs;
  }
}
