import type { EngineHooks } from "@domain-intel/engine";

/** What a request log needs of a logger: pino's `info(fields, message)`, or anything alike. */
export interface FieldLogger {
  info(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

export interface RequestLogOptions {
  /**
   * Log the domain asked about. Default false: the route template (`/dns/{domain}`) only, since
   * which domains a client looks up can be its own business.
   */
  readonly domains?: boolean;
}

/**
 * One log line a request, through a pino logger as it is: method, route template, status,
 * duration, cache result and the key's id (never the key: the engine never hands it out).
 * 5xx answers are logged at `error`, the rest at `info`.
 */
export function requestLog(logger: FieldLogger, options: RequestLogOptions = {}): EngineHooks {
  const domains = options.domains ?? false;
  return {
    onRequest(event) {
      const fields = {
        method: event.method,
        route: event.route,
        status: event.status,
        durationMs: Math.round(event.durationMs * 1000) / 1000,
        cache: event.cache,
        keyId: event.keyId,
        domain: domains ? event.domain : undefined,
      };
      if (event.status >= 500) logger.error(fields, "request");
      else logger.info(fields, "request");
    },
  };
}
