import type { CacheStore } from "../cache/cache-store.js";
import { describeError, type Logger } from "../logging/logger.js";
import type { NetworkPolicy, Probe } from "../probes/probe.js";
import { runProbe } from "./run-probe.js";
import type { SectionResult } from "./section-result.js";

export interface SectionServiceOptions {
  probes: ReadonlyMap<string, Probe>;
  cache: CacheStore;
  network: NetworkPolicy;
  limit<T>(operation: () => Promise<T>): Promise<T>;
  logger: Logger;
  defaultTtlMs(section: string): number;
}

export interface SectionService {
  get(section: string, domain: string, options?: { refresh?: boolean }): Promise<SectionResult>;
}

const cacheKey = (section: string, domain: string) => `domain-intel:v1:${section}:${domain}`;

/**
 * Answers sections from the cache or by running their probe. Concurrent requests for the
 * same section of the same domain share one probe run; a failing cache store only costs a miss.
 */
export function createSectionService(options: SectionServiceOptions): SectionService {
  const inFlight = new Map<string, Promise<SectionResult>>();
  const { cache, logger } = options;

  async function readCache(key: string): Promise<SectionResult | undefined> {
    try {
      const stored = await cache.get(key);
      if (typeof stored !== "string") return undefined;
      const result = JSON.parse(stored) as SectionResult;
      if (Date.parse(result.expiresAt) <= Date.now()) return undefined;
      return { ...result, cache: "hit" };
    } catch (error) {
      logger.warn("cache read failed; probing instead", { key, error: describeError(error) });
      return undefined;
    }
  }

  async function writeCache(key: string, result: SectionResult, ttlMs: number): Promise<void> {
    try {
      await cache.set(key, JSON.stringify(result), ttlMs);
    } catch (error) {
      logger.warn("cache write failed", { key, error: describeError(error) });
    }
  }

  async function probe(section: string, domain: string, key: string): Promise<SectionResult> {
    const probe = options.probes.get(section)!;
    const started = performance.now();
    const fetchedAt = new Date();
    const outcome = await runProbe({
      probe,
      section,
      domain,
      context: { network: options.network, limit: options.limit },
      onUnexpectedError: (error) =>
        logger.error("probe failed unexpectedly", { section, domain, error: describeError(error) }),
    });
    const durationMs = Math.round(performance.now() - started);
    if (!outcome.ok) {
      return {
        domain,
        section,
        status: "error",
        fetchedAt: fetchedAt.toISOString(),
        expiresAt: fetchedAt.toISOString(),
        cache: "miss",
        durationMs,
        error: { code: outcome.error.code, message: outcome.error.message },
      };
    }
    const ttlMs = ttlFor(probe, outcome.data, options.defaultTtlMs(section));
    const result: SectionResult = {
      domain,
      section,
      status: "ok",
      fetchedAt: fetchedAt.toISOString(),
      expiresAt: new Date(fetchedAt.getTime() + ttlMs).toISOString(),
      cache: "miss",
      durationMs,
      data: outcome.data,
    };
    await writeCache(key, result, ttlMs);
    return result;
  }

  return {
    async get(section, domain, { refresh = false } = {}) {
      const key = cacheKey(section, domain);
      if (!refresh) {
        const cached = await readCache(key);
        if (cached) return cached;
      }
      const pending = inFlight.get(key);
      if (pending) return pending;
      const run = probe(section, domain, key).finally(() => inFlight.delete(key));
      inFlight.set(key, run);
      return run;
    },
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
