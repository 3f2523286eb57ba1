import type { ErrorCode } from "./error-codes.js";
import type { JsonSchema } from "./json-schema.js";
import type { ProbeQuery } from "./probe-query.js";

/** Network settings every probe honours. */
export interface NetworkPolicy {
  /** Recursive resolvers as `host` or `host:port` (`[v6]:port`); empty means the system's. */
  readonly resolvers: readonly string[];
  /** When false (the default) probes never connect to private, loopback or link-local addresses. */
  readonly allowPrivateAddresses: boolean;
  /** Budget for one probe run, in milliseconds. */
  readonly timeoutMs: number;
}

export interface ProbeContext<TQuery = unknown> {
  /** Aborted when the run's time budget runs out (a client going away does not stop a run). */
  readonly signal: AbortSignal;
  readonly network: NetworkPolicy;
  /**
   * Milliseconds left of this run's budget. Each step takes its timeout from it
   * (`stepTimeoutMs`), so every step ends in time for the answer to be assembled.
   */
  remainingMs(): number;
  /** Runs one outbound operation under the engine's shared concurrency limit. */
  limit<T>(operation: () => Promise<T>): Promise<T>;
  /** What the probe's own `query.parse` read from the request, when anything was given. */
  readonly query?: TQuery;
}

/**
 * A probe produces the `data` of one section for a normalised domain name.
 * A fact about the domain (NXDOMAIN, nothing on 443) is data; throw a `ProbeError`
 * only when the probe itself could not run.
 */
export interface Probe<TData = unknown, TQuery = unknown> {
  /**
   * One sentence on what the section answers: the summary of its route in the OpenAPI
   * document. Default: "The {name} section."
   */
  readonly summary?: string;
  /**
   * JSON Schema (2020-12) of `data`, published in the OpenAPI document. Default: a schema that
   * accepts anything.
   */
  readonly dataSchema?: JsonSchema;
  /**
   * An example `data`, published (inside an example envelope) as the response example of the
   * section's route and, when every section has one, in the full report's example. It should
   * validate against `dataSchema`. Default: none, and the route shows no example.
   */
  readonly example?: TData;
  /**
   * Query parameters the section's route takes besides `refresh`, parsed before the run.
   * Default: none.
   */
  readonly query?: ProbeQuery<TQuery>;
  run(domain: string, context: ProbeContext<TQuery>): TData | Promise<TData>;
  /** How long a result stays fresh, in milliseconds. */
  ttlMs?(data: TData): number;
}

/**
 * Section-level error codes, as they appear in the envelope's `error.code`, and the API error
 * each becomes when a section route answers with it: the one table a probe's failure follows
 * from the probe to the response.
 */
export const sectionErrorCode = {
  timeout: "upstream_timeout",
  upstream_error: "upstream_error",
  internal: "internal",
} as const satisfies Record<string, ErrorCode>;

export type ProbeErrorCode = keyof typeof sectionErrorCode;

export class ProbeError extends Error {
  readonly code: ProbeErrorCode;
  constructor(code: ProbeErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "ProbeError";
    this.code = code;
  }
}
