import type { IncomingMessage, ServerResponse } from "node:http";
import type { EngineHooks } from "@domain-intel/engine";
import { openTelemetryHooks, prometheusMetrics, requestLogLines } from "@domain-intel/telemetry";
import { pino } from "pino";
import type { ServeConfig } from "./config-from-env.js";

/** What `serve` watches itself with; every part off by default. */
export interface ServeObservability {
  readonly hooks: EngineHooks[];
  /** Answers `GET /metrics` when DOMAIN_INTEL_METRICS is on; false for any other request. */
  answerMetrics(request: IncomingMessage, response: ServerResponse): boolean;
  /** Writes out buffered log lines. */
  flush(): Promise<void>;
}

/**
 * What `serve` watches itself with (`config.observability`, from DOMAIN_INTEL_METRICS,
 * DOMAIN_INTEL_LOG_* and DOMAIN_INTEL_TRACES): Prometheus text at `GET /metrics` (outside the
 * base path, no key), one JSON line a request (pino; the domain only with `logDomains`), and
 * spans through `@opentelemetry/api`, for a host that installs an OpenTelemetry SDK.
 */
export function serveObservability(settings: ServeConfig["observability"]): ServeObservability {
  const hooks: EngineHooks[] = [];
  let flush = (): Promise<void> => Promise.resolve();

  const metrics = settings.metrics ? prometheusMetrics() : undefined;
  if (metrics) hooks.push(metrics);

  if (settings.logRequests) {
    const file = settings.logFile;
    // pino's line format and destination; lines are batched (about 16 KB, at most a second
    // late), so one write serves about a hundred requests and stays off the answers' time.
    const destination = pino.destination({ dest: file || 1, sync: true, mkdir: true });
    const lines = requestLogLines(destination, {
      level: settings.logLevel,
      domains: settings.logDomains,
    });
    hooks.push(lines);
    flush = () => {
      lines.close();
      // A file is ours to close; standard output is not.
      if (file) destination.end();
      return Promise.resolve();
    };
  }

  if (settings.traces) hooks.push(openTelemetryHooks());

  return {
    hooks,
    flush: () => flush(),
    answerMetrics(request, response) {
      if (!metrics || (request.url !== "/metrics" && !request.url?.startsWith("/metrics?")))
        return false;
      if (request.method !== "GET" && request.method !== "HEAD") {
        response.writeHead(405, { allow: "GET, HEAD" }).end();
        return true;
      }
      metrics.registry.metrics().then(
        (text) => {
          response.writeHead(200, { "content-type": metrics.registry.contentType });
          response.end(request.method === "HEAD" ? undefined : text);
        },
        () => response.writeHead(500).end(),
      );
      return true;
    },
  };
}
