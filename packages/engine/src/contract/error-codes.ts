/** The closed set of error codes the API answers with, and the HTTP status of each. */
export const errorStatus = {
  invalid_domain: 400,
  /** A request the adapter could not read at all, e.g. a malformed Lambda event. */
  bad_request: 400,
  /** Node's HTTP server found no complete request in time (`server.requestTimeout`). */
  request_timeout: 408,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  /** The request's header section is larger than Node's HTTP server accepts (16 KiB default). */
  headers_too_large: 431,
  internal: 500,
  upstream_error: 502,
  /** Too much cold work queued: the request needed a new probe run and the queue was full. */
  overloaded: 503,
  upstream_timeout: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorTitles: Record<ErrorCode, string> = {
  invalid_domain: "Invalid domain",
  bad_request: "Bad request",
  request_timeout: "Request timeout",
  unauthorized: "Unauthorized",
  not_found: "Not found",
  method_not_allowed: "Method not allowed",
  rate_limited: "Too many requests",
  headers_too_large: "Request header fields too large",
  internal: "Internal error",
  upstream_error: "Upstream error",
  overloaded: "Overloaded",
  upstream_timeout: "Upstream timeout",
};

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];
