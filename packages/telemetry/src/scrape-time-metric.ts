import type { Metric, Registry } from "prom-client";
import type { BucketCounts, Count, Labels, SeriesTable } from "./series-table.js";

interface Sample {
  readonly labels: Readonly<Record<string, string | number>>;
  readonly value: number;
  readonly metricName?: string;
}

interface ScrapeTimeMetric {
  readonly name: string;
  readonly help: string;
  readonly type: "counter" | "histogram";
  samples(): Sample[];
  reset(): void;
}

/**
 * Registers a metric whose samples are read from our own tables when the registry is scraped.
 * prom-client's registry takes any object with its metrics' `name`, `help`, `type`,
 * `aggregator`, `get()` and `reset()`, and prints it as it prints its own Counter and
 * Histogram; its TypeScript types name only its own classes, hence the cast.
 */
function register(registry: Registry, metric: ScrapeTimeMetric): void {
  const registered = {
    name: metric.name,
    help: metric.help,
    type: metric.type,
    aggregator: "sum",
    get: () =>
      Promise.resolve({
        name: registered.name,
        help: metric.help,
        type: metric.type,
        values: metric.samples(),
        aggregator: "sum",
      }),
    reset: () => metric.reset(),
  };
  registry.registerMetric(registered as unknown as Metric);
}

export function registerCounter(
  registry: Registry,
  name: string,
  help: string,
  table: SeriesTable<Count>,
): void {
  register(registry, {
    name,
    help,
    type: "counter",
    samples: () => table.series().map(({ labels, cell }) => ({ labels, value: cell.value })),
    reset: () => table.clear(),
  });
}

/** Buckets cumulative, then `+Inf`, sum and count, each series in turn, as prom-client does. */
function histogramSamples(name: string, labels: Labels, cell: BucketCounts): Sample[] {
  const samples: Sample[] = [];
  let below = 0;
  cell.bounds.forEach((bound, index) => {
    below += cell.counts[index]!;
    samples.push({ metricName: `${name}_bucket`, labels: { le: bound, ...labels }, value: below });
  });
  samples.push(
    { metricName: `${name}_bucket`, labels: { le: "+Inf", ...labels }, value: cell.count },
    { metricName: `${name}_sum`, labels, value: cell.sum },
    { metricName: `${name}_count`, labels, value: cell.count },
  );
  return samples;
}

export function registerHistogram(
  registry: Registry,
  name: string,
  help: string,
  table: SeriesTable<BucketCounts>,
): void {
  register(registry, {
    name,
    help,
    type: "histogram",
    samples: () =>
      table.series().flatMap(({ labels, cell }) => histogramSamples(name, labels, cell)),
    reset: () => table.clear(),
  });
}
