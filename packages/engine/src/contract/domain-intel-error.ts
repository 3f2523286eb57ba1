import { type ErrorCode, errorStatus } from "./error-codes.js";

/**
 * The one error class of the engine. `detail` is safe to show to API clients; `cause`
 * (upstream text, stack) never leaves the process.
 */
export class DomainIntelError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra problem members (RFC 9457 extensions) shown to the client. */
  readonly extensions: Record<string, unknown> | undefined;
  /** Response headers that belong to this error (`www-authenticate`, `retry-after`). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    detail: string,
    options: {
      cause?: unknown;
      extensions?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(detail, { cause: options.cause });
    this.name = "DomainIntelError";
    this.code = code;
    this.status = errorStatus[code];
    this.extensions = options.extensions;
    this.headers = options.headers;
  }
}

export function isDomainIntelError(value: unknown): value is DomainIntelError {
  return value instanceof DomainIntelError;
}
