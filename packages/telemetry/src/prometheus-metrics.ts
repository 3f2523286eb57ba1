import type { EngineHooks } from "@domain-intel/engine";
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

export interface PrometheusMetricsOptions {
  /** Where the metrics are registered. Default: a new registry of their own. */
  readonly registry?: Registry;
  /** Also register prom-client's process metrics (CPU, memory, event loop). Default true. */
  readonly defaultMetrics?: boolean;
}

export interface PrometheusMetrics extends EngineHooks {
  readonly registry: Registry;
}

const requestBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10];
const probeBuckets = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * A metric's labelled children, each made once: prom-client hashes the label values on every
 * `inc({...})`, which a cache hit of a few microseconds would feel.
 */
function childrenOf<Child>(make: (first: string, second: string) => Child) {
  const children = new Map<string, Child>();
  return (first: string, second = ""): Child => {
    const id = `${first}\u0000${second}`;
    let child = children.get(id);
    if (child === undefined) {
      child = make(first, second);
      children.set(id, child);
    }
    return child;
  };
}

/**
 * The engine's metrics in prom-client, registered on `registry` in one call; pass the result
 * as (or among) the engine's `hooks`, and serve `registry.metrics()` where Prometheus scrapes.
 */
export function prometheusMetrics(options: PrometheusMetricsOptions = {}): PrometheusMetrics {
  const registry = options.registry ?? new Registry();
  const registers = [registry];
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "domain_intel_http_requests_total",
    help: "Requests the engine answered, by route template and status.",
    labelNames: ["route", "status"],
    registers,
  });
  const requestDuration = new Histogram({
    name: "domain_intel_http_request_duration_seconds",
    help: "Time the engine took to answer a request, by route template.",
    labelNames: ["route"],
    buckets: requestBuckets,
    registers,
  });
  const probeDuration = new Histogram({
    name: "domain_intel_probe_duration_seconds",
    help: "Probe runs, by section and outcome (ok, timeout, upstream_error, internal).",
    labelNames: ["section", "outcome"],
    buckets: probeBuckets,
    registers,
  });
  const cacheLookups = new Counter({
    name: "domain_intel_cache_lookups_total",
    help: "Section lookups by result (hit, stale, miss); section domain is the full report.",
    labelNames: ["section", "result"],
    registers,
  });
  const cacheErrors = new Counter({
    name: "domain_intel_cache_errors_total",
    help: "Cache store operations that failed or timed out (answered without the cache).",
    labelNames: ["operation"],
    registers,
  });
  const overloads = new Counter({
    name: "domain_intel_overloads_total",
    help: "Lookups refused because too many probe runs were in progress (503 overloaded).",
    labelNames: ["section"],
    registers,
  });
  const requestCount = childrenOf((route, status) => requests.labels(route, status));
  const requestTime = childrenOf((route) => requestDuration.labels(route));
  const probeTime = childrenOf((section, outcome) => probeDuration.labels(section, outcome));
  const lookups = childrenOf((section, result) => cacheLookups.labels(section, result));

  return {
    registry,
    onRequest(event) {
      requestCount(event.route, String(event.status)).inc();
      requestTime(event.route).observe(event.durationMs / 1000);
    },
    onProbe(event) {
      probeTime(event.section, event.outcome).observe(event.durationMs / 1000);
    },
    onCacheLookup(event) {
      lookups(event.section, event.result).inc();
    },
    onCacheError(event) {
      cacheErrors.labels(event.operation).inc();
    },
    onOverload(event) {
      overloads.labels(event.section).inc();
    },
  };
}
