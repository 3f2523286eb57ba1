import type { OpenAPIObject } from "openapi3-ts/oas31";
import pLimit from "p-limit";
import { isKeyVerifier, staticKeys } from "./auth/static-keys.js";
import { batchLookup } from "./batch/batch-lookup.js";
import type { BatchWork } from "./batch/batch-options.js";
import { createBatchRunner } from "./batch/batch-runner.js";
import { createBatchService } from "./batch/batch-service.js";
import { memoryCache } from "./cache/memory-cache.js";
import { DomainIntelError } from "./contract/domain-intel-error.js";
import type { ErrorCode } from "./contract/error-codes.js";
import type { NetworkPolicy, Probe } from "./contract/probe.js";
import type { ParsedProbeQuery } from "./contract/probe-query.js";
import type { Report, SectionResult } from "./contract/section-result.js";
import { normalizeDomain } from "./domain/normalize-domain.js";
import { type EngineOptions, resolveEngineOptions } from "./engine-options.js";
import { createChangeTracking } from "./events/change-tracking.js";
import type { EventListener, EventType } from "./events/domain-event.js";
import { createFleetSummary } from "./fleet/fleet-summary.js";
import type { DomainHistory } from "./history/history-store.js";
import { batchRoute } from "./http/batch-route.js";
import type { EngineHandler, EngineResponse } from "./http/engine-http.js";
import { watchRoute } from "./http/fleet-route.js";
import { historyRoute } from "./http/history-route.js";
import { buildOpenApiDocument } from "./http/openapi/openapi-document.js";
import { createRequestHandler } from "./http/request-handler.js";
import { problemResponse } from "./http/responses.js";
import { isUnderBasePath, parseUrl } from "./http/route.js";
import { memoryBatchStore } from "./jobs/memory-batch-store.js";
import { memoryWorkQueue } from "./jobs/memory-work-queue.js";
import type { WorkerHandle } from "./jobs/work-queue.js";
import { combineHooks } from "./logging/engine-hooks.js";
import { consoleLogger, engineLogger } from "./logging/logger.js";
import {
  builtInSections,
  createBuiltInProbe,
  defaultTtlMs,
  type SectionOptions,
  type SharedResources,
} from "./probes/built-in.js";
import { networkData } from "./protocols/ip-network/network-data.js";
import { createRtrClient } from "./protocols/rtr/rtr-option.js";
import { createFailedAuthLimiter } from "./ratelimit/failed-auth-limiter.js";
import { memoryRateLimit } from "./ratelimit/memory-rate-limit.js";
import { resolveRateLimit } from "./ratelimit/rate-limit-options.js";
import { createRateLimiter } from "./ratelimit/rate-limiter.js";
import { reportInsights } from "./report/report-insights.js";
import { createReportService } from "./report/report-service.js";
import { probeThreads } from "./sections/probe-threads.js";
import { type CachingPolicy, createSectionService } from "./sections/section-service.js";
import type { SweepOptions, SweepSummary } from "./watch/run-sweep.js";
import { watchList } from "./watch/watch-list.js";
import { createWatchSchedule } from "./watch/watch-schedule.js";

export interface Engine {
  /** Where the API is mounted, e.g. `/api/v1`. */
  readonly basePath: string;
  /** The section names this engine serves, built-in and custom. */
  readonly sections: readonly string[];
  /** The single HTTP entry point: the engine's request in, its response out. Never rejects. */
  readonly handle: EngineHandler;
  /** Whether a request path belongs to this engine (adapters pass other paths on). */
  owns(url: string): boolean;
  /**
   * Programmatic access: the full report (`"domain"`, the default) or one section. Rejects
   * with a DomainIntelError `overloaded` when it needs a probe run and `maxPendingProbes` are
   * already in progress.
   */
  lookup(domain: string, section?: "domain", options?: LookupOptions): Promise<Report>;
  lookup(domain: string, section: string, options?: LookupOptions): Promise<SectionResult>;
  readonly openApiDocument: OpenAPIObject;
  /**
   * The engine's problem+json answer for trouble an adapter finds before a request exists
   * (a malformed Lambda event), so adapters never format errors themselves.
   */
  problem(options: { code: ErrorCode; detail: string }): EngineResponse;
  /**
   * Works queued batch jobs here until none is left or `signal` aborts (a scheduled Lambda,
   * or any host created with `batch.worker: false`); jobs cut short resume elsewhere.
   */
  workBatches(options?: { signal?: AbortSignal }): Promise<void>;
  /**
   * The snapshots kept for a domain and what changed between them, oldest first (empty with
   * `history: false`). Waits for results still being recorded.
   */
  history(domain: string): Promise<DomainHistory>;
  /**
   * Calls `listener` with each event of `type` (`"*"`: all) this engine emits, for embedders
   * who deliver events their own way. Returns a function that removes the listener.
   */
  on(type: EventType | "*", listener: EventListener): () => void;
  /**
   * Probes every watched domain again now (for hosts that schedule sweeps themselves: cron, a
   * Lambda schedule), resolving once their history is recorded and their events emitted.
   */
  sweep(options?: SweepOptions): Promise<SweepSummary>;
  /**
   * Stops this instance's batch worker (its running jobs go back to the queue) and the queue,
   * the watch schedule and webhook deliveries (events still queued are dropped).
   */
  close(): Promise<void>;
}

export interface LookupOptions {
  /** Probe again instead of answering from the cache, as `?refresh=true` does. */
  readonly refresh?: boolean;
  /**
   * The section's own query parameters, as its route takes them (dns: `ns`, `ds`); a value may
   * be a list, as a repeated parameter. A malformed value is a TypeError naming it.
   */
  readonly query?: Readonly<Record<string, string | readonly string[]>>;
}

/** Creates the framework-agnostic engine. Options are checked and resolved here, once. */
export function createEngine(given: EngineOptions): Engine {
  const options = resolveEngineOptions(given);
  const { basePath } = options;
  const logger = engineLogger(options.logger ?? consoleLogger);
  const verifier = isKeyVerifier(options.keys) ? options.keys : staticKeys({ keys: options.keys });
  const network: NetworkPolicy = {
    resolvers: options.network.resolvers,
    allowPrivateAddresses: options.network.allowPrivateAddresses,
    timeoutMs: options.network.timeoutMs,
  };
  const hooks = combineHooks(options.hooks, logger);
  const limiter = pLimit(options.network.maxConcurrency);

  // Made once, shared by the sections: the network data and the RTR client (started on use).
  const shared: SharedResources = {
    networkData: networkData(options.hosting?.asnSource ?? "builtin"),
    rtr:
      options.rpki?.rtr === undefined
        ? null
        : createRtrClient({ cache: options.rpki.rtr, network }),
  };
  const sectionOptions = given as unknown as SectionOptions;
  const threads =
    options.network.probeThreads > 0
      ? probeThreads({
          threads: options.network.probeThreads,
          given: sectionOptions,
          shared,
          logger,
        })
      : undefined;
  const probes = new Map<string, Probe>();
  for (const name of Object.keys(builtInSections)) {
    const configured = options.probes?.[name];
    // A built-in's probe is made from the options as given: its own resolution reads them.
    const builtIn = () => createBuiltInProbe(name, sectionOptions, shared);
    if (configured !== false)
      probes.set(name, configured ?? threads?.onThread(name, builtIn()) ?? builtIn());
  }
  for (const [name, probe] of Object.entries(options.probes ?? {})) {
    if (probe && !probes.has(name)) probes.set(name, probe);
  }
  const sections = [...probes.keys()];

  const policy: CachingPolicy = {
    staleGraceMs: options.caching.staleGraceMs,
    errorTtlMs: options.caching.errorTtlMs,
    storeTimeoutMs: options.caching.storeTimeoutMs,
    hotBytes: options.caching.hotBytes,
  };
  const tracking = createChangeTracking({
    history: options.history,
    webhooks: options.webhooks,
    network,
    logger,
  });
  const service = createSectionService({
    probes,
    cache: options.cache ?? memoryCache(),
    network,
    limit: (operation) => limiter(operation),
    logger,
    hooks,
    policy,
    defaultTtlMs,
    maxPendingProbes: options.network.maxPendingProbes,
    ...(tracking.onFresh ? { onFresh: tracking.onFresh } : {}),
  });
  const reports = createReportService({
    sections,
    service,
    insights: reportInsights(options.insights),
    hotBytes: policy.hotBytes,
    hooks,
  });
  const rateLimit = resolveRateLimit(options.rateLimit);
  const rateLimiter = rateLimit ? createRateLimiter(rateLimit, logger) : undefined;

  const batchStore = options.batch.store ?? memoryBatchStore();
  const batchQueue = options.batch.queue ?? memoryWorkQueue<BatchWork>();
  const batches = createBatchService({ basePath, store: batchStore, queue: batchQueue });
  const runBatch = createBatchRunner({
    store: batchStore,
    concurrency: options.batch.concurrency,
    lookup: batchLookup(service, reports.get),
    // Each domain costs what its GET would: a batch is never a way around the limit.
    ...(rateLimiter ? { charge: (identity) => rateLimiter(identity, false) } : {}),
    logger,
  });
  // Jobs at once per instance; their domains share `batch.concurrency`.
  const workBatchJobs = () => batchQueue.work(runBatch, { concurrency: 4 });
  let batchWorker: WorkerHandle | undefined = options.batch.worker ? workBatchJobs() : undefined;
  // The fleet at a glance, read from history: none without it.
  const summarize = tracking.kept ? createFleetSummary({ history: tracking.kept }) : undefined;
  const watched = watchList({ ...options.watch, logger });
  const watchSections = options.watch?.sections ?? sections;
  const ownRoutes = [
    batchRoute({
      service: batches,
      maxDomains: options.batch.maxDomains,
      sections,
      ...(summarize ? { summary: summarize } : {}),
    }),
    ...(tracking.enabled ? [historyRoute(tracking.history)] : []),
    ...(summarize
      ? [
          watchRoute(async (since) =>
            summarize({
              domains: await watched(),
              sections: watchSections,
              ...(since ? { since } : {}),
            }),
          ),
        ]
      : []),
  ];
  const routes = [...ownRoutes, ...(options.routes ?? [])];

  const openApiDocument = buildOpenApiDocument({
    basePath,
    probes,
    defaultTtlMs,
    ownRoutes,
    routes: options.routes ?? [],
  });
  const handle = createRequestHandler({
    basePath,
    sections: new Set(sections),
    verifier,
    openApiJson: JSON.stringify(openApiDocument),
    logger,
    hooks,
    staleGraceMs: policy.staleGraceMs,
    section: (section, domain, refresh, query) => {
      if (refresh) reports.forget(domain);
      return service.get(section, domain, { refresh, ...(query ? { query } : {}) });
    },
    queries: new Map(
      [...probes].flatMap(([name, probe]) => (probe.query ? [[name, probe.query] as const] : [])),
    ),
    report: reports.get,
    ...(rateLimiter ? { rateLimit: rateLimiter } : {}),
    ...(rateLimit?.failedAuth
      ? {
          failedAuth: createFailedAuthLimiter(
            { store: rateLimit.store, plan: rateLimit.failedAuth },
            logger,
          ),
        }
      : {}),
    routes,
    routeContext: {
      logger,
      // A route that must stay limited (issuing keys) is, even with rateLimit: false.
      rateLimitStore: rateLimit?.store ?? memoryRateLimit(),
      plans: rateLimit ? new Set(Object.keys(rateLimit.plans)) : undefined,
      sections,
      lookup: (domain, section, options) => lookup(domain, section, options),
      openApiDocument,
    },
  });

  async function lookup(
    domain: string,
    section = "domain",
    { refresh = false, query: given }: LookupOptions = {},
  ): Promise<Report | SectionResult> {
    const { name } = normalizeDomain(domain);
    // A copy: the caller may change it, the kept answer must not change.
    if (section === "domain") return structuredClone((await reports.get(name, refresh)).report);
    if (!probes.has(section)) {
      throw new TypeError(
        `lookup: unknown section "${section}"; expected one of domain, ${sections.join(", ")}`,
      );
    }
    const query = given && lookupQuery(probes.get(section)!, given);
    if (refresh) reports.forget(name);
    return structuredClone(
      (await service.get(section, name, { refresh, ...(query ? { query } : {}) })).result,
    );
  }

  const watch = createWatchSchedule({
    watch: options.watch,
    sections,
    watched,
    refresh: (domain, section) =>
      lookup(domain, section, { refresh: true }) as Promise<SectionResult>,
    settled: tracking.settled,
    logger,
  });

  threads?.start();
  return {
    basePath,
    sections,
    handle,
    owns: (url) => isUnderBasePath(parseUrl(url).pathname, basePath),
    lookup: lookup as Engine["lookup"],
    openApiDocument,
    problem: ({ code, detail }) => problemResponse(new DomainIntelError(code, detail)),
    async workBatches({ signal } = {}) {
      const worker = workBatchJobs();
      const stop = () => void worker.stop();
      signal?.addEventListener("abort", stop, { once: true });
      try {
        await Promise.race([
          worker.idle(),
          new Promise((resolve) => signal?.addEventListener("abort", resolve, { once: true })),
        ]);
      } finally {
        signal?.removeEventListener("abort", stop);
        await worker.stop();
      }
    },
    history: (domain) => tracking.history(normalizeDomain(domain).name),
    on: tracking.on,
    sweep: watch.sweep,
    async close() {
      shared.rtr?.close();
      await watch.close();
      const worker = batchWorker;
      batchWorker = undefined;
      await worker?.stop();
      await batchQueue.close();
      await threads?.close();
      await tracking.close();
    },
  };
}

/** Tells an engine from an options object, so adapters can take either. */
export function isEngine(value: unknown): value is Engine {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Engine).handle === "function" &&
    typeof (value as Engine).owns === "function" &&
    typeof (value as Engine).openApiDocument === "object"
  );
}

/** `lookup`'s query read by the section's own declaration; a parameter it lacks is an error. */
function lookupQuery(
  probe: Probe,
  given: Readonly<Record<string, string | readonly string[]>>,
): ParsedProbeQuery<unknown> | undefined {
  const known = new Set(probe.query?.parameters.map((parameter) => parameter.name));
  const unknown = Object.keys(given).find((name) => !known.has(name));
  if (unknown !== undefined)
    throw new TypeError(`lookup: options.query.${unknown} is not a parameter of this section`);
  const values = Object.fromEntries(
    Object.entries(given).map(([name, value]) => [
      name,
      typeof value === "string" ? [value] : value,
    ]),
  );
  return probe.query?.parse(values);
}
