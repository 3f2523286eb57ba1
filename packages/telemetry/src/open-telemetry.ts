import type { EngineHooks } from "@domain-intel/engine";
import { SpanKind, SpanStatusCode, type Tracer, trace } from "@opentelemetry/api";
import { version } from "./version.js";

export interface OpenTelemetryOptions {
  /** Default: `trace.getTracer("@domain-intel/engine")`, a no-op unless the host set up an SDK. */
  readonly tracer?: Tracer;
  /** Put the domain on request spans too (probe spans always carry it). Default true. */
  readonly domains?: boolean;
}

const now = () => performance.timeOrigin + performance.now();

/**
 * A span a request and a span a probe run, through `@opentelemetry/api`: without an SDK
 * installed by the host, every call is a no-op. Spans are recorded when the work has ended,
 * with its real start time, so the engine needs no hook at the start of anything.
 */
export function openTelemetryHooks(options: OpenTelemetryOptions = {}): EngineHooks {
  const tracer = options.tracer ?? trace.getTracer("@domain-intel/engine", version);
  const domains = options.domains ?? true;
  return {
    onRequest(event) {
      const end = now();
      const span = tracer.startSpan(`${event.method} ${event.route}`, {
        kind: SpanKind.SERVER,
        startTime: end - event.durationMs,
        attributes: {
          "http.request.method": event.method,
          "http.route": event.route,
          "http.response.status_code": event.status,
          ...(event.cache ? { "domain_intel.cache": event.cache } : {}),
          ...(event.keyId ? { "domain_intel.key_id": event.keyId } : {}),
          ...(domains && event.domain ? { "domain_intel.domain": event.domain } : {}),
        },
      });
      if (event.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end(end);
    },
    onProbe(event) {
      const span = tracer.startSpan(`probe ${event.section}`, {
        kind: SpanKind.INTERNAL,
        startTime: event.startTime,
        attributes: {
          "domain_intel.section": event.section,
          "domain_intel.domain": event.domain,
          "domain_intel.outcome": event.outcome,
        },
      });
      if (event.outcome !== "ok")
        span.setStatus({ code: SpanStatusCode.ERROR, message: event.outcome });
      span.end(event.startTime + event.durationMs);
    },
  };
}
