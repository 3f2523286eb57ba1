import type { CacheStore } from "../cache/cache-store.js";
import { hotCache } from "../cache/hot-cache.js";
import { isDomainIntelError } from "../contract/domain-intel-error.js";
import type { MaybePromise } from "../contract/maybe-promise.js";
import type { NetworkPolicy, Probe } from "../contract/probe.js";
import type { ParsedProbeQuery } from "../contract/probe-query.js";
import type { SectionResult } from "../contract/section-result.js";
import type { EngineHooks } from "../logging/engine-hooks.js";
import { describeError, type Logger } from "../logging/logger.js";
import { type Admitted, probeAdmission } from "./probe-admission.js";
import { probeSection } from "./probe-section.js";
import { type SectionAnswer, sectionAnswer } from "./section-answer.js";
import { createSectionStore, sectionCacheKey } from "./section-store.js";

export type { Freshness, SectionAnswer } from "./section-answer.js";
export { sectionCacheKey } from "./section-store.js";

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
  hooks?: EngineHooks;
  policy: CachingPolicy;
  defaultTtlMs(section: string): number;
  /**
   * Most probe runs in progress at once (distinct section and domain). A request that needs
   * one more is refused with an `overloaded` DomainIntelError. Default: no bound.
   */
  maxPendingProbes?: number;
  /**
   * Told of each result a probe run produced and the store kept (history); not of hits, nor of
   * runs with a query (an undelegated test is no snapshot of the domain).
   */
  onFresh?(result: SectionResult): void;
}

export interface SectionService {
  /** A hit kept in process answers at once; anything else with a promise. */
  get(
    section: string,
    domain: string,
    options?: { refresh?: boolean; query?: ParsedProbeQuery<unknown> },
  ): MaybePromise<SectionAnswer>;
}

/** One probe run asked for: the section, the domain and what the route's query said. */
interface Run {
  readonly section: string;
  readonly domain: string;
  readonly query?: ParsedProbeQuery<unknown>;
}

const lockPollMs = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The hit / stale / miss policy of sections. Fresh entries are hits (kept ready to send in
 * process); entries past their TTL but within the grace window are served as `stale` and
 * refreshed in the background; anything else waits for a probe run, which concurrent requests
 * share (across instances too when the store can lock). Failures are remembered briefly, and
 * a refresh that fails never replaces a good entry still within its grace.
 */
export function createSectionService(options: SectionServiceOptions): SectionService {
  const { logger, policy, network } = options;
  const hooks = options.hooks ?? {};
  const store = createSectionStore({
    cache: options.cache,
    logger,
    hooks,
    timeoutMs: policy.storeTimeoutMs,
  });
  const admission = probeAdmission({
    maxPending: options.maxPendingProbes ?? Number.POSITIVE_INFINITY,
    budgetMs: network.timeoutMs,
  });
  const hot = hotCache<SectionAnswer>(policy.hotBytes);
  const inFlight = new Map<string, Promise<SectionAnswer>>();

  /** Keeps a fresh entry ready to send as the hit later requests get. */
  function keepHot(key: string, result: SectionResult): void {
    const hit = sectionAnswer(result, "hit");
    if (hit.expiresAtMs <= Date.now()) return;
    // The envelope is held three times: as bytes, as a value, and as its data's JSON, which
    // envelopeJson remembers for as long as the value lives.
    hot.set(key, hit, 3 * hit.body.length + 2 * key.length + 200, hit.expiresAtMs);
  }

  /** One probe run per key at a time in this process, and across instances when the store locks. */
  function refresh(run: Run, key: string, keep?: SectionResult): Promise<SectionAnswer> {
    const { section } = run;
    const pending = inFlight.get(key);
    if (pending) return pending;
    let admitted: Admitted;
    try {
      admitted = admission.admit();
    } catch (overloaded) {
      hooks.onOverload?.({ section });
      return Promise.reject(overloaded);
    }
    const running = probeOnce(run, key, keep, admitted).finally(() => inFlight.delete(key));
    inFlight.set(key, running);
    return running;
  }

  async function probeOnce(
    { section, domain, query }: Run,
    key: string,
    keep: SectionResult | undefined,
    admitted: Admitted,
  ): Promise<SectionAnswer> {
    let probing = false;
    try {
      const lockMs = network.timeoutMs + 2000;
      const locked = await store.lock(key, lockMs);
      if (locked === false) {
        const theirs = await answerOfOtherInstance(section, domain, key, lockMs, keep);
        if (theirs) return sectionAnswer(theirs, "miss");
      }
      probing = true;
      try {
        const result = await probeSection({
          probe: options.probes.get(section)!,
          section,
          domain,
          ...(query ? { query: query.value } : {}),
          network,
          limit: options.limit,
          logger,
          hooks,
          defaultTtlMs: options.defaultTtlMs(section),
          errorTtlMs: policy.errorTtlMs,
          onSettled: admitted.release,
        });
        // A failed refresh must not replace a good entry that is still within its grace.
        if (result.status === "ok" || !keep) {
          const ok = result.status === "ok";
          const storeMs =
            Date.parse(result.expiresAt) - Date.now() + (ok ? policy.staleGraceMs : 0);
          await store.write(key, result, Math.max(1, storeMs));
          keepHot(key, result);
          if (!query) options.onFresh?.(result);
        }
        return sectionAnswer(result, "miss");
      } finally {
        if (locked === true) await store.unlock(key);
      }
    } finally {
      if (!probing) admitted.release();
    }
  }

  /** Another instance is probing: wait for its answer (a new one), or undefined at the lock's end. */
  async function answerOfOtherInstance(
    section: string,
    domain: string,
    key: string,
    lockMs: number,
    keep: SectionResult | undefined,
  ): Promise<SectionResult | undefined> {
    const deadline = Date.now() + lockMs;
    while (Date.now() < deadline) {
      await sleep(lockPollMs);
      const entry = await store.read(key, section, domain);
      if (entry && Date.parse(entry.expiresAt) > Date.now() && entry.fetchedAt !== keep?.fetchedAt)
        return entry;
    }
    return undefined;
  }

  async function load(run: Run, key: string, force: boolean): Promise<SectionAnswer> {
    const { section, domain } = run;
    const current = await store.read(key, section, domain);
    const now = Date.now();
    const expiresAtMs = current ? Date.parse(current.expiresAt) : 0;
    const withinGrace =
      current?.status === "ok" && expiresAtMs + policy.staleGraceMs > now ? current : undefined;
    // A failed refresh=true answers its caller, but a good entry still within its grace stays
    // for everyone else: one client's refresh cannot swap good data for an error.
    if (force) {
      hooks.onCacheLookup?.({ section, result: "miss" });
      return refresh(run, key, withinGrace);
    }
    if (current && expiresAtMs > now) {
      hooks.onCacheLookup?.({ section, result: "hit" });
      keepHot(key, current);
      return sectionAnswer(current, "hit");
    }
    if (withinGrace) {
      refresh(run, key, withinGrace).catch((error: unknown) => {
        // Overloaded: the stale answer stands; a later request refreshes it.
        if (isDomainIntelError(error) && error.code === "overloaded") return;
        logger.warn("background refresh failed", { key, error: describeError(error) });
      });
      hooks.onCacheLookup?.({ section, result: "stale" });
      return sectionAnswer(withinGrace, "stale");
    }
    hooks.onCacheLookup?.({ section, result: "miss" });
    return refresh(run, key);
  }

  return {
    get(section, domain, { refresh: force = false, query } = {}) {
      const key = sectionCacheKey(section, domain, query?.key);
      if (force) hot.delete(key);
      else {
        const warm = hot.get(key, Date.now());
        if (warm) {
          hooks.onCacheLookup?.({ section, result: "hit" });
          return warm;
        }
      }
      return load({ section, domain, ...(query ? { query } : {}) }, key, force);
    },
  };
}
