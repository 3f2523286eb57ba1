import type { CacheStore } from "../cache/cache-store.js";
import { hotCache } from "../cache/hot-cache.js";
import { DomainIntelError, isDomainIntelError } from "../contract/domain-intel-error.js";
import { isPromiseLike, type MaybePromise } from "../contract/maybe-promise.js";
import type { NetworkPolicy, Probe } from "../contract/probe.js";
import type { CacheStatus, SectionResult } from "../contract/section-result.js";
import { describeError, type Logger } from "../logging/logger.js";
import { runProbe } from "./run-probe.js";
import { type CachedEntry, readCachedEntry, withCacheStatus } from "./stored-entry.js";

export interface CachingPolicy {
  /** How long past its TTL an entry is still served (as `stale`) while it is refreshed. */
  readonly staleGraceMs: number;
  /** How long a failed section is remembered, so a broken upstream is not hammered. */
  readonly errorTtlMs: number;
  /** Longest wait for the cache store before treating it as a miss. */
  readonly storeTimeoutMs: number;
  /** Bytes of ready-to-send fresh answers kept in this process in front of the store. */
  readonly hotBytes: number;
}

export interface SectionServiceOptions {
  probes: ReadonlyMap<string, Probe>;
  cache: CacheStore;
  network: NetworkPolicy;
  limit<T>(operation: () => Promise<T>): Promise<T>;
  logger: Logger;
  policy: CachingPolicy;
  defaultTtlMs(section: string): number;
  /**
   * Most probe runs in progress at once (distinct section and domain). A request that needs
   * one more is refused with an `overloaded` DomainIntelError. Default: no bound.
   */
  maxPendingProbes?: number;
}

/** When an answer was made and until when it is fresh. */
export interface Freshness {
  readonly ok: boolean;
  readonly fetchedAtMs: number;
  readonly expiresAtMs: number;
}

/** One section's answer: the envelope's bytes, ready to send, plus what callers decide on. */
export interface SectionAnswer extends Freshness {
  readonly section: string;
  readonly domain: string;
  /** The envelope as sent to this caller (its `cache` says hit, miss or stale). */
  readonly body: Buffer;
  /** The same envelope as a later cache hit shows it. */
  readonly hitBody: Buffer;
  readonly cache: CacheStatus;
}

export interface SectionService {
  /** A hit kept in process answers at once; anything else with a promise. */
  get(
    section: string,
    domain: string,
    options?: { refresh?: boolean },
  ): MaybePromise<SectionAnswer>;
}

export const sectionCacheKey = (section: string, domain: string) =>
  `domain-intel:v1:${section}:${domain}`;

const lockPollMs = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Answers sections from the cache or by running their probe: fresh entries are hits; entries
 * past their TTL but within the grace window are served as `stale` and refreshed in the
 * background; concurrent requests share one probe run (across instances too when the store
 * can lock); failures are remembered briefly; a failing or slow store only costs a miss.
 * Fresh answers are also kept ready to send in a small in-process cache.
 */
export function createSectionService(options: SectionServiceOptions): SectionService {
  const inFlight = new Map<string, Promise<CachedEntry>>();
  // Runs admitted and not over, oldest first. A run is over when its probe settled (or it
  // never had to probe): a probe the engine stopped waiting for at its budget still counts
  // until it really ends, so probes that ignore their signal cannot pile up beyond the bound.
  const pendingRuns = new Set<{ readonly startedAt: number }>();
  const maxPending = options.maxPendingProbes ?? Number.POSITIVE_INFINITY;
  const { cache, logger, policy } = options;
  const hot = hotCache<SectionAnswer>(policy.hotBytes);
  // Hits come back to the same few names: keep each one's cache key rather than joining the
  // string anew (and hashing it for the lookup) on every request.
  const keysBySection = new Map<string, Map<string, string>>();
  function keyOf(section: string, domain: string): string {
    let keys = keysBySection.get(section);
    if (keys === undefined) {
      keys = new Map();
      keysBySection.set(section, keys);
    }
    let key = keys.get(domain);
    if (key === undefined) {
      key = sectionCacheKey(section, domain);
      if (keys.size >= 10_000) keys.clear();
      keys.set(domain, key);
    }
    return key;
  }

  async function withStoreTimeout<T>(
    operation: string,
    key: string,
    call: () => T | Promise<T>,
  ): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = call();
      // A synchronous store (the in-memory one) needs no timer.
      if (!isPromiseLike(result)) return result;
      return await Promise.race([
        result,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${policy.storeTimeoutMs} ms`)),
            policy.storeTimeoutMs,
          );
        }),
      ]);
    } catch (error) {
      logger.warn(`cache ${operation} failed; answering without the cache`, {
        key,
        error: describeError(error),
      });
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  async function read(key: string): Promise<CachedEntry | undefined> {
    const stored = await withStoreTimeout("read", key, () => cache.get(key));
    return typeof stored === "string" ? readCachedEntry(stored) : undefined;
  }

  async function probe(
    section: string,
    domain: string,
    onSettled: () => void,
  ): Promise<CachedEntry> {
    const probe = options.probes.get(section)!;
    const started = performance.now();
    const fetchedAt = new Date();
    const outcome = await runProbe({
      probe,
      section,
      domain,
      context: { network: options.network, limit: options.limit },
      onSettled,
      onUnexpectedError: (error) =>
        logger.error("probe failed unexpectedly", { section, domain, error: describeError(error) }),
    });
    const ttlMs = outcome.ok
      ? ttlFor(probe, outcome.data, options.defaultTtlMs(section))
      : policy.errorTtlMs;
    const result: SectionResult = {
      domain,
      section,
      status: outcome.ok ? "ok" : "error",
      fetchedAt: fetchedAt.toISOString(),
      expiresAt: new Date(fetchedAt.getTime() + ttlMs).toISOString(),
      cache: "miss",
      durationMs: Math.round(performance.now() - started),
      ...(outcome.ok
        ? { data: outcome.data }
        : { error: { code: outcome.error.code, message: outcome.error.message } }),
    };
    return {
      json: JSON.stringify(result),
      ok: outcome.ok,
      fetchedAtMs: fetchedAt.getTime(),
      expiresAtMs: fetchedAt.getTime() + ttlMs,
    };
  }

  /** Probes once per key at a time in this process, and once across instances when the store locks. */
  async function refresh(
    section: string,
    domain: string,
    key: string,
    keep?: CachedEntry,
  ): Promise<CachedEntry> {
    const pending = inFlight.get(key);
    if (pending) return pending;
    if (pendingRuns.size >= maxPending) throw overloaded();
    const slot = { startedAt: Date.now() };
    pendingRuns.add(slot);
    const release = () => pendingRuns.delete(slot);
    let probed = false;
    const run = (async () => {
      const lockMs = options.network.timeoutMs + 2000;
      const locked = cache.lock
        ? await withStoreTimeout("lock", key, () => cache.lock!(key, lockMs))
        : true;
      if (locked === false) {
        // Another instance is probing: wait for its answer, then probe ourselves if none came.
        const deadline = Date.now() + lockMs;
        while (Date.now() < deadline) {
          await sleep(lockPollMs);
          const entry = await read(key);
          if (entry && entry.expiresAtMs > Date.now() && entry.json !== keep?.json) return entry;
        }
      }
      try {
        probed = true;
        const entry = await probe(section, domain, release);
        // A failed refresh must not replace a good entry that is still within its grace.
        if (entry.ok || !keep?.ok) {
          const storeMs = entry.expiresAtMs - Date.now() + (entry.ok ? policy.staleGraceMs : 0);
          await withStoreTimeout("write", key, () =>
            cache.set(key, entry.json, Math.max(1, storeMs)),
          );
        }
        return entry;
      } finally {
        if (locked === true && cache.unlock) {
          await withStoreTimeout("unlock", key, () => cache.unlock!(key));
        }
      }
    })().finally(() => {
      inFlight.delete(key);
      if (!probed) release();
    });
    inFlight.set(key, run);
    return run;
  }

  /** Retry-After: when the oldest run in progress ends at the latest (its time budget). */
  function overloaded(): DomainIntelError {
    const oldest = pendingRuns.values().next().value?.startedAt ?? Date.now();
    const seconds = Math.max(
      1,
      Math.ceil((oldest + options.network.timeoutMs - Date.now()) / 1000),
    );
    return new DomainIntelError(
      "overloaded",
      `Too many lookups are in progress; retry in ${seconds} s. Cached answers are still served.`,
      { headers: { "retry-after": String(seconds) } },
    );
  }

  // Requests that waited on one probe run share its rendered bytes instead of each encoding them.
  const rendered = new WeakMap<CachedEntry, Partial<Record<CacheStatus, SectionAnswer>>>();

  function answer(
    section: string,
    domain: string,
    key: string,
    entry: CachedEntry,
    cacheStatus: CacheStatus,
    /** Keep the answer ready in process for later requests (not a failure meant for one caller). */
    remember = true,
  ): SectionAnswer {
    const variants = rendered.get(entry) ?? {};
    const known = variants[cacheStatus];
    if (known) return known;
    rendered.set(entry, variants);
    const hitBody = variants.hit?.body ?? Buffer.from(withCacheStatus(entry.json, "hit"), "utf8");
    const body =
      cacheStatus === "hit"
        ? hitBody
        : Buffer.from(withCacheStatus(entry.json, cacheStatus), "utf8");
    const made: SectionAnswer = {
      section,
      domain,
      body,
      hitBody,
      cache: cacheStatus,
      ok: entry.ok,
      fetchedAtMs: entry.fetchedAtMs,
      expiresAtMs: entry.expiresAtMs,
    };
    variants[cacheStatus] = made;
    if (!remember) return made;
    if (entry.expiresAtMs > Date.now() && !variants.hit) {
      const hit = { ...made, body: hitBody, cache: "hit" as const };
      variants.hit = hit;
      hot.set(key, hit, hitBody.length + 2 * key.length + 200, entry.expiresAtMs);
    } else if (cacheStatus === "hit" && entry.expiresAtMs > Date.now()) {
      hot.set(key, made, hitBody.length + 2 * key.length + 200, entry.expiresAtMs);
    }
    return made;
  }

  async function load(
    section: string,
    domain: string,
    key: string,
    force: boolean,
  ): Promise<SectionAnswer> {
    if (force) {
      hot.delete(key);
      // A failed refresh answers its caller, but a good entry still within its grace stays
      // for everyone else: one client's refresh=true cannot swap good data for an error.
      const current = await read(key);
      const keep =
        current?.ok && current.expiresAtMs + policy.staleGraceMs > Date.now() ? current : undefined;
      const entry = await refresh(section, domain, key, keep);
      return answer(section, domain, key, entry, "miss", entry.ok || keep === undefined);
    }
    const now = Date.now();
    const entry = await read(key);
    if (entry && entry.expiresAtMs > now) return answer(section, domain, key, entry, "hit");
    if (entry?.ok && entry.expiresAtMs + policy.staleGraceMs > now) {
      refresh(section, domain, key, entry).catch((error: unknown) => {
        // Overloaded: the stale answer stands; a later request refreshes it.
        if (isDomainIntelError(error) && error.code === "overloaded") return;
        logger.warn("background refresh failed", { key, error: describeError(error) });
      });
      return answer(section, domain, key, entry, "stale");
    }
    return answer(section, domain, key, await refresh(section, domain, key), "miss");
  }

  return {
    get(section, domain, { refresh: force = false } = {}) {
      const key = keyOf(section, domain);
      if (!force) {
        const warm = hot.get(key, Date.now());
        if (warm) return warm;
      }
      return load(section, domain, key, force);
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
