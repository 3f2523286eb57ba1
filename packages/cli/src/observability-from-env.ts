import type { IncomingMessage, ServerResponse } from "node:http";
import type { EngineHooks } from "@domain-intel/engine";
import {
  openTelemetryHooks,
  prometheusMetrics,
  type RequestLogLinesOptions,
  requestLogLines,
} from "@domain-intel/telemetry";
import { pino } from "pino";
import { booleanSetting, type Env } from "./env-settings.js";

type LogLevel = NonNullable<RequestLogLinesOptions["level"]>;
const logLevels: readonly string[] = [
  "fatal",
  "error",
  "warn",
  "info",
  "debug",
  "trace",
  "silent",
] satisfies LogLevel[];

/** What `serve` watches itself with, from the environment; every part off by default. */
export interface ServeObservability {
  readonly hooks: EngineHooks[];
  /** Answers `GET /metrics` when DOMAIN_INTEL_METRICS is on; false for any other request. */
  answerMetrics(request: IncomingMessage, response: ServerResponse): boolean;
  /** Writes out buffered log lines. */
  flush(): Promise<void>;
  /** Each variable in effect, for the start-up line. */
  readonly effective: Record<string, string>;
}

/**
 * DOMAIN_INTEL_METRICS (Prometheus text at `GET /metrics`, outside the base path, no key),
 * DOMAIN_INTEL_LOG_REQUESTS (one JSON line a request, pino), DOMAIN_INTEL_LOG_LEVEL,
 * DOMAIN_INTEL_LOG_FILE (default standard output), DOMAIN_INTEL_LOG_DOMAINS (the domain in
 * each line; default only the route template) and DOMAIN_INTEL_TRACES (spans through
 * `@opentelemetry/api`, for a host that installs an OpenTelemetry SDK, e.g. with `--import`).
 */
export function observabilityFromEnv(env: Env): ServeObservability {
  const hooks: EngineHooks[] = [];
  const effective: Record<string, string> = {};
  let flush = (): Promise<void> => Promise.resolve();

  const metrics = booleanSetting(env, "DOMAIN_INTEL_METRICS", false)
    ? prometheusMetrics()
    : undefined;
  if (metrics) {
    hooks.push(metrics);
    effective.DOMAIN_INTEL_METRICS = "yes";
  }

  if (booleanSetting(env, "DOMAIN_INTEL_LOG_REQUESTS", false)) {
    const level = env.DOMAIN_INTEL_LOG_LEVEL?.trim() || "info";
    if (!logLevels.includes(level)) {
      throw new TypeError(
        `DOMAIN_INTEL_LOG_LEVEL: "${level}" is not one of ${logLevels.join(", ")}`,
      );
    }
    const file = env.DOMAIN_INTEL_LOG_FILE?.trim();
    // pino's line format and destination; lines are batched (about 16 KB, at most a second
    // late), so one write serves about a hundred requests and stays off the answers' time.
    const destination = pino.destination({ dest: file || 1, sync: true, mkdir: true });
    const lines = requestLogLines(destination, {
      level: level as LogLevel,
      domains: booleanSetting(env, "DOMAIN_INTEL_LOG_DOMAINS", false),
    });
    hooks.push(lines);
    flush = () => {
      lines.close();
      // A file is ours to close; standard output is not.
      if (file) destination.end();
      return Promise.resolve();
    };
    Object.assign(effective, {
      DOMAIN_INTEL_LOG_REQUESTS: "yes",
      DOMAIN_INTEL_LOG_LEVEL: level,
      DOMAIN_INTEL_LOG_FILE: file || "stdout",
    });
  }

  if (booleanSetting(env, "DOMAIN_INTEL_TRACES", false)) {
    hooks.push(openTelemetryHooks());
    effective.DOMAIN_INTEL_TRACES = "yes";
  }

  return {
    hooks,
    effective,
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
