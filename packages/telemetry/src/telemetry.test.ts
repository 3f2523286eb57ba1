import { createEngine, silentLogger } from "@domain-intel/engine";
import {
  openTelemetryHooks,
  prometheusMetrics,
  requestLog,
  requestLogLines,
} from "@domain-intel/telemetry";
import {
  countingProbe,
  engineGet,
  noBuiltInProbes,
  parsePrometheusText,
  until,
} from "@domain-intel/test-kit";
import { context, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { pino } from "pino";
import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";

const key = "telemetry-key-1";

function engineWith(hooks: Parameters<typeof createEngine>[0]["hooks"]) {
  return createEngine({
    keys: [key],
    probes: {
      whois: false,
      dns: false,
      ssl: false,
      echo: countingProbe().probe,
      broken: countingProbe({ fail: "throw" }).probe,
    },
    hooks,
    logger: silentLogger,
  });
}

afterEach(() => {
  trace.disable();
  context.disable();
});

/** The SDK with its in-memory exporter as the global tracer provider. */
function recordSpans(): InMemorySpanExporter {
  const exporter = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  return exporter;
}

describe("openTelemetryHooks", () => {
  it("records a span a request and a span a probe run, through the global tracer provider, without a context manager", async () => {
    const exporter = recordSpans();
    const engine = engineWith(openTelemetryHooks());
    const started = Date.now();
    await engineGet(engine, "/api/v1/echo/shop.test", key);
    await engineGet(engine, "/api/v1/broken/shop.test", key);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual([
      "probe echo",
      "GET /echo/{domain}",
      "probe broken",
      "GET /broken/{domain}",
    ]);
    expect(spans[0]?.attributes).toEqual({
      "domain_intel.section": "echo",
      "domain_intel.domain": "shop.test",
      "domain_intel.outcome": "ok",
    });
    expect(spans[1]?.attributes).toMatchObject({
      "http.request.method": "GET",
      "http.route": "/echo/{domain}",
      "http.response.status_code": 200,
      "domain_intel.cache": "miss",
      "domain_intel.domain": "shop.test",
    });
    expect(spans[2]?.status).toEqual({ code: SpanStatusCode.ERROR, message: "internal" });
    expect(spans[3]?.status.code).toBe(SpanStatusCode.ERROR);
    // Real times: the spans started after the test did, the request around its probe.
    const ms = ([seconds, nanos]: [number, number]) => seconds * 1000 + nanos / 1e6;
    expect(ms(spans[1]!.startTime)).toBeGreaterThanOrEqual(started - 1);
    expect(ms(spans[1]!.startTime)).toBeLessThanOrEqual(ms(spans[0]!.startTime) + 1);
    expect(ms(spans[1]!.endTime)).toBeGreaterThanOrEqual(ms(spans[0]!.endTime) - 1);
  });

  it("with a context manager, makes a probe run's span the child of the request span that started it, the first of those sharing it", async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const exporter = recordSpans();
    const slow = countingProbe({ delayMs: 50 });
    const engine = createEngine({
      keys: [key],
      probes: { ...noBuiltInProbes, slow: slow.probe },
      hooks: openTelemetryHooks(),
      logger: silentLogger,
    });
    // The second request joins the run the first one started (single flight).
    const first = engineGet(engine, "/api/v1/slow/shop.test", key);
    await until(() => slow.runs.length === 1, "the probe run");
    const second = engineGet(engine, "/api/v1/slow/shop.test", key);
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(slow.runs).toHaveLength(1);

    const spans = exporter.getFinishedSpans();
    const probes = spans.filter((span) => span.name === "probe slow");
    const requests = spans.filter((span) => span.name === "GET /slow/{domain}");
    expect(probes).toHaveLength(1);
    expect(requests).toHaveLength(2);
    const ms = ([seconds, nanos]: [number, number]) => seconds * 1000 + nanos / 1e6;
    const [starter, joiner] = [...requests].sort((a, b) => ms(a.startTime) - ms(b.startTime));
    const probe = probes[0]!;
    expect(probe.parentSpanContext?.spanId).toBe(starter!.spanContext().spanId);
    expect(probe.spanContext().traceId).toBe(starter!.spanContext().traceId);
    expect(joiner!.spanContext().traceId).not.toBe(starter!.spanContext().traceId);
    expect(starter!.parentSpanContext).toBeUndefined();
    expect(starter!.attributes).toMatchObject({
      "http.route": "/slow/{domain}",
      "http.response.status_code": 200,
      "domain_intel.cache": "miss",
    });
    // The request span covers its probe run.
    expect(ms(starter!.startTime)).toBeLessThanOrEqual(ms(probe.startTime) + 1);
    expect(ms(starter!.endTime)).toBeGreaterThanOrEqual(ms(probe.endTime) - 1);
  });

  it("costs nothing but no-op calls without an SDK", async () => {
    const engine = engineWith(openTelemetryHooks());
    expect((await engineGet(engine, "/api/v1/echo/shop.test", key)).status).toBe(200);
  });
});

describe("prometheusMetrics", () => {
  it("registers the metrics on an embedder's registry in one call", async () => {
    const registry = new Registry();
    const engine = engineWith(prometheusMetrics({ registry, defaultMetrics: false }));
    await engineGet(engine, "/api/v1/echo/shop.test", key);
    const metrics = parsePrometheusText(await registry.metrics());
    expect(
      metrics.value("domain_intel_http_requests_total", { route: "/echo/{domain}", status: "200" }),
    ).toBe(1);
    expect(metrics.value("process_cpu_seconds_total")).toBeUndefined();
    expect(() => prometheusMetrics({ registry })).toThrow(/already been registered/);
  });
});

describe("the engine's logger option", () => {
  it("takes a pino logger as it is, fields included", async () => {
    const lines: string[] = [];
    const logger = pino({ base: null }, { write: (line: string) => lines.push(line) });
    const engine = createEngine({
      keys: [key],
      probes: {
        whois: false,
        dns: false,
        ssl: false,
        broken: countingProbe({ fail: "throw" }).probe,
      },
      logger,
    });
    await engineGet(engine, "/api/v1/broken/shop.test", key);
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      {
        level: 50,
        msg: "probe failed unexpectedly",
        section: "broken",
        domain: "shop.test",
        error: "Error: boom",
      },
    ]);
  });
});

describe("requestLog", () => {
  it("takes a pino logger as it is", async () => {
    const lines: string[] = [];
    const logger = pino({ base: null }, { write: (line: string) => lines.push(line) });
    const engine = engineWith(requestLog(logger));
    await engineGet(engine, "/api/v1/broken/shop.test", key);
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      { level: 50, msg: "request", route: "/broken/{domain}", status: 500 },
    ]);
    expect(lines.join("")).not.toContain(key);
  });
});

describe("requestLogLines", () => {
  it("writes pino's line format in batches, at most flushMs late, never the key", async () => {
    const chunks: string[] = [];
    const lines = requestLogLines(
      { write: (chunk: string) => chunks.push(chunk) },
      { flushMs: 50 },
    );
    const engine = engineWith(lines);
    await engineGet(engine, "/api/v1/echo/shop.test", key);
    await engineGet(engine, "/api/v1/echo/shop.test", key);
    await engineGet(engine, "/api/v1/broken/shop.test", key);
    expect(chunks).toEqual([]);
    await until(() => chunks.length > 0, "the batch of lines");
    lines.close();
    expect(chunks).toHaveLength(1);
    const parsed = chunks[0]!
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(parsed).toMatchObject([
      {
        level: 30,
        msg: "request",
        method: "GET",
        route: "/echo/{domain}",
        status: 200,
        cache: "miss",
      },
      { level: 30, route: "/echo/{domain}", status: 200, cache: "hit" },
      { level: 50, route: "/broken/{domain}", status: 500 },
    ]);
    expect(parsed[0]).not.toHaveProperty("domain");
    expect(chunks[0]).not.toContain(key);
  });

  it("writes only lines at or above its level", async () => {
    const chunks: string[] = [];
    const lines = requestLogLines(
      { write: (chunk: string) => chunks.push(chunk) },
      { level: "error", domains: true },
    );
    const engine = engineWith(lines);
    await engineGet(engine, "/api/v1/echo/shop.test", key);
    await engineGet(engine, "/api/v1/broken/Shop.Test", key);
    lines.close();
    expect(
      chunks
        .join("")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toMatchObject([{ level: 50, route: "/broken/{domain}", domain: "shop.test" }]);
  });
});
