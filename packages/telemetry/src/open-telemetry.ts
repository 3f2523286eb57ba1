import type { EngineHooks, RequestEvent } from "@domain-intel/engine";
import {
  context,
  createContextKey,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { version } from "./version.js";

export interface OpenTelemetryOptions {
  /** Default: `trace.getTracer("@domain-intel/engine")`, a no-op unless the host set up an SDK. */
  readonly tracer?: Tracer;
  /** Put the domain on request spans too (probe spans always carry it). Default true. */
  readonly domains?: boolean;
}

const now = () => performance.timeOrigin + performance.now();

// Whether the host installed a context manager (the SDK's AsyncLocalStorage one): without
// one, `context.with` runs its function in the root context and nothing can find a span there.
const checkKey = createContextKey("@domain-intel/telemetry context check");
const checkContext = ROOT_CONTEXT.setValue(checkKey, true);
const contextPropagates = () => context.with(checkContext, () => context.active() === checkContext);

/**
 * A span a request and a span a probe run, through `@opentelemetry/api`: without an SDK
 * installed by the host, every call is a no-op.
 *
 * With a context manager (the SDK's `NodeSDK` and `NodeTracerProvider.register()` install
 * one), the request's span is started when the request arrives and is the active span while
 * the engine handles it, so a probe run that the request starts is its child (a run shared
 * by several requests through single flight is the child of the first, the one that started
 * it), and spans the host's own code makes below the engine nest there too. Without one,
 * spans are recorded when the work has ended, with its real start time, and have no parent.
 */
export function openTelemetryHooks(options: OpenTelemetryOptions = {}): EngineHooks {
  const tracer = options.tracer ?? trace.getTracer("@domain-intel/engine", version);
  const domains = options.domains ?? true;
  // Request spans started by aroundRequest and not yet ended by onRequest.
  const open = new WeakSet<Span>();

  function describeRequest(span: Span, event: RequestEvent): void {
    span.updateName(`${event.method} ${event.route}`);
    span.setAttributes({
      "http.request.method": event.method,
      "http.route": event.route,
      "http.response.status_code": event.status,
      ...(event.cache ? { "domain_intel.cache": event.cache } : {}),
      ...(event.keyId ? { "domain_intel.key_id": event.keyId } : {}),
      ...(domains && event.domain ? { "domain_intel.domain": event.domain } : {}),
    });
    if (event.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  }

  return {
    aroundRequest(handle) {
      if (!contextPropagates()) return handle();
      const span = tracer.startSpan("request", { kind: SpanKind.SERVER });
      open.add(span);
      return context.with(trace.setSpan(context.active(), span), handle);
    },
    onRequest(event) {
      const active = trace.getActiveSpan();
      if (active !== undefined && open.has(active)) {
        open.delete(active);
        describeRequest(active, event);
        active.end();
        return;
      }
      const end = now();
      const span = tracer.startSpan("request", {
        kind: SpanKind.SERVER,
        startTime: end - event.durationMs,
      });
      describeRequest(span, event);
      span.end(end);
    },
    onProbe(event) {
      // Called where the run was started: the active context is the starting request's.
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
