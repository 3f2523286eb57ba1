import { type CacheStore, createEngine, silentLogger } from "@domain-intel/engine";
import { prometheusMetrics } from "@domain-intel/telemetry";
import {
  countingProbe,
  engineGet,
  noBuiltInProbes,
  parsePrometheusText,
  until,
} from "@domain-intel/test-kit";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";

const key = "exposition-key-1";

/** Every sample line, with the values that depend on timing (finite buckets, sums) replaced. */
function timeless(text: string): string[] {
  return text
    .trim()
    .split("\n")
    .map((line) =>
      /_bucket\{le="[0-9.]+"/.test(line) || /_sum\{/.test(line)
        ? line.replace(/ \S+$/, " <time>")
        : line,
    );
}

/** A store that fails every read, so the engine reports a cache error and answers without it. */
const failingStore: CacheStore = {
  get: () => Promise.reject(new Error("store down")),
  set: () => undefined,
  delete: () => undefined,
};

async function scrapeAfterKnownRequests(registry: Registry) {
  const metrics = prometheusMetrics({ registry, defaultMetrics: false });
  const slow = countingProbe({ delayMs: 100 });
  const sections = {
    ...noBuiltInProbes,
    echo: countingProbe().probe,
    broken: countingProbe({ fail: "throw" }).probe,
    slow: slow.probe,
  } as const;
  const engine = createEngine({
    keys: [key],
    probes: sections,
    hooks: metrics,
    logger: silentLogger,
  });
  await engineGet(engine, "/api/v1/echo/shop.test", key); // miss, probe ok
  await engineGet(engine, "/api/v1/echo/shop.test", key); // hit
  await engineGet(engine, "/api/v1/echo/Shop.Test.", key); // hit, same name
  await engineGet(engine, "/api/v1/broken/shop.test", key); // 500, probe internal
  await engineGet(engine, "/api/v1/broken/shop.test", key); // 500, the error kept a while: hit
  await engineGet(engine, "/api/v1/echo/not_a_domain", key); // 400
  await engineGet(engine, "/api/v1/echo/shop.test", "wrong-key"); // 401
  await engineGet(engine, "/api/v1/nowhere", key); // 404
  await engineGet(engine, "/api/v1/openapi.json", key); // 200
  await engineGet(engine, "/api/v1/domain/other.test", key); // report miss, sections miss
  // The same hooks on a second engine, whose cache store fails every read and which runs one
  // probe at a time: one slow run in progress, a second name is refused (503 overloaded).
  const storeless = createEngine({
    keys: [key],
    probes: { ...sections, echo: false, broken: false },
    cache: failingStore,
    network: { maxPendingProbes: 1 },
    hooks: metrics,
    logger: silentLogger,
  });
  const first = engineGet(storeless, "/api/v1/slow/a.test", key);
  await until(() => slow.runs.includes("a.test"), "the slow run");
  await engineGet(storeless, "/api/v1/slow/b.test", key);
  await first;
  return registry.metrics();
}

describe("prometheusMetrics exposition", () => {
  it("names, types, labels and counts after known requests", async () => {
    const text = await scrapeAfterKnownRequests(new Registry());
    const scrape = parsePrometheusText(text);
    expect(timeless(text)).toEqual([
      "# HELP domain_intel_http_requests_total Requests the engine answered, by route template and status.",
      "# TYPE domain_intel_http_requests_total counter",
      'domain_intel_http_requests_total{route="/echo/{domain}",status="200"} 3',
      'domain_intel_http_requests_total{route="/broken/{domain}",status="500"} 2',
      'domain_intel_http_requests_total{route="/echo/{domain}",status="400"} 1',
      'domain_intel_http_requests_total{route="/echo/{domain}",status="401"} 1',
      'domain_intel_http_requests_total{route="unmatched",status="404"} 1',
      'domain_intel_http_requests_total{route="/openapi.json",status="200"} 1',
      'domain_intel_http_requests_total{route="/domain/{domain}",status="200"} 1',
      'domain_intel_http_requests_total{route="/slow/{domain}",status="503"} 1',
      'domain_intel_http_requests_total{route="/slow/{domain}",status="200"} 1',
      "",
      "# HELP domain_intel_http_request_duration_seconds Time the engine took to answer a request, by route template.",
      "# TYPE domain_intel_http_request_duration_seconds histogram",
      ...histogramLines(
        "domain_intel_http_request_duration_seconds",
        [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10],
        [
          ['route="/echo/{domain}"', 5],
          ['route="/broken/{domain}"', 2],
          ['route="unmatched"', 1],
          ['route="/openapi.json"', 1],
          ['route="/domain/{domain}"', 1],
          ['route="/slow/{domain}"', 2],
        ],
      ),
      "",
      "# HELP domain_intel_probe_duration_seconds Probe runs, by section and outcome (ok, timeout, upstream_error, internal).",
      "# TYPE domain_intel_probe_duration_seconds histogram",
      ...histogramLines(
        "domain_intel_probe_duration_seconds",
        [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
        [
          ['section="echo",outcome="ok"', 2],
          ['section="broken",outcome="internal"', 2],
          ['section="slow",outcome="ok"', 2],
        ],
      ),
      "",
      "# HELP domain_intel_cache_lookups_total Section lookups by result (hit, stale, miss); section domain is the full report.",
      "# TYPE domain_intel_cache_lookups_total counter",
      'domain_intel_cache_lookups_total{section="echo",result="miss"} 2',
      'domain_intel_cache_lookups_total{section="echo",result="hit"} 2',
      'domain_intel_cache_lookups_total{section="broken",result="miss"} 2',
      'domain_intel_cache_lookups_total{section="broken",result="hit"} 1',
      'domain_intel_cache_lookups_total{section="domain",result="miss"} 1',
      'domain_intel_cache_lookups_total{section="slow",result="miss"} 3',
      "",
      "# HELP domain_intel_cache_errors_total Cache store operations that failed or timed out (answered without the cache).",
      "# TYPE domain_intel_cache_errors_total counter",
      'domain_intel_cache_errors_total{operation="read"} 2',
      "",
      "# HELP domain_intel_overloads_total Lookups refused because too many probe runs were in progress (503 overloaded).",
      "# TYPE domain_intel_overloads_total counter",
      'domain_intel_overloads_total{section="slow"} 1',
    ]);
    // The finite buckets are cumulative and end at the count; the sums are durations.
    for (const sample of scrape.samples) {
      if (sample.name.endsWith("_sum")) expect(sample.value).toBeGreaterThan(0);
      if (!sample.name.endsWith("_bucket")) continue;
      const series = scrape.samples.filter(
        (other) =>
          other.name === sample.name &&
          Object.entries(sample.labels).every(
            ([label, value]) => label === "le" || other.labels[label] === value,
          ),
      );
      const values = series.map((other) => other.value);
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }
  });

  it("answers the registry's JSON and reset like prom-client's own metrics", async () => {
    const registry = new Registry();
    await scrapeAfterKnownRequests(registry);
    const json = await registry.getMetricsAsJSON();
    const requests = json.find((metric) => metric.name === "domain_intel_http_requests_total");
    expect(requests).toMatchObject({ type: "counter", aggregator: "sum" });
    expect(requests?.values).toContainEqual({
      labels: { route: "/broken/{domain}", status: "500" },
      value: 2,
    });
    const durations = json.find((metric) => metric.name === "domain_intel_probe_duration_seconds");
    expect(durations?.values).toContainEqual({
      metricName: "domain_intel_probe_duration_seconds_count",
      labels: { section: "broken", outcome: "internal" },
      value: 2,
    });
    registry.resetMetrics();
    const samples = (await registry.metrics()).split("\n").filter((line) => /^[a-z]/.test(line));
    expect(samples).toEqual([]);
  });

  it("adds prom-client's process metrics unless told not to", async () => {
    const registry = new Registry();
    prometheusMetrics({ registry });
    const scrape = parsePrometheusText(await registry.metrics());
    expect(scrape.types).toMatchObject({
      process_cpu_seconds_total: "counter",
      process_resident_memory_bytes: "gauge",
      nodejs_eventloop_lag_seconds: "gauge",
      nodejs_heap_size_used_bytes: "gauge",
      domain_intel_http_requests_total: "counter",
      domain_intel_http_request_duration_seconds: "histogram",
    });
  });
});

/** The lines of a histogram's series: each finite bucket, `+Inf`, sum and count. */
function histogramLines(
  name: string,
  bounds: readonly number[],
  series: readonly (readonly [labels: string, count: number])[],
): string[] {
  return series.flatMap(([labels, count]) => [
    ...bounds.map((bound) => `${name}_bucket{le="${bound}",${labels}} <time>`),
    `${name}_bucket{le="+Inf",${labels}} ${count}`,
    `${name}_sum{${labels}} <time>`,
    `${name}_count{${labels}} ${count}`,
  ]);
}
