export { type OpenTelemetryOptions, openTelemetryHooks } from "./open-telemetry.js";
export {
  type PrometheusMetrics,
  type PrometheusMetricsOptions,
  prometheusMetrics,
} from "./prometheus-metrics.js";
export { type FieldLogger, type RequestLogOptions, requestLog } from "./request-log.js";
export {
  type LineSink,
  type RequestLogLines,
  type RequestLogLinesOptions,
  requestLogLines,
} from "./request-log-lines.js";
