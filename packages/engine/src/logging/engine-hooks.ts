import type { CacheStatus } from "../contract/section-result.js";
import { describeError, type Logger } from "./logger.js";

/** A request the engine answered. Never carries the key: `keyId` is its non-secret id. */
export interface RequestEvent {
  readonly method: string;
  /**
   * The route's template, never the raw path: `/dns/{domain}`, `/domain/{domain}`,
   * `/openapi.json`, a plugin route's own path, or `unmatched`; bounded, so fit for a label.
   */
  readonly route: string;
  readonly status: number;
  readonly durationMs: number;
  /** Whether the answer came from the cache (data routes that answered 200 or 304). */
  readonly cache?: CacheStatus;
  /** The authenticated key's id (`KeyIdentity.id`). */
  readonly keyId?: string;
  /** The normalised domain of a data route, when it was valid. */
  readonly domain?: string;
}

/** A probe run that ended: `outcome` is `ok` or the envelope's error code. */
export interface ProbeEvent {
  readonly section: string;
  readonly domain: string;
  readonly outcome: "ok" | "timeout" | "upstream_error" | "internal";
  /** When the run started, as `performance.timeOrigin + performance.now()` would say. */
  readonly startTime: number;
  readonly durationMs: number;
}

/** How a section (or, as section `domain`, the full report) was answered: hit, stale or miss. */
export interface CacheLookupEvent {
  readonly section: string;
  readonly result: CacheStatus;
}

/**
 * What the engine tells whoever watches it (metrics, request logs, traces), without a
 * dependency: every hook is optional and called synchronously as things happen. A hook that is
 * absent costs nothing; one that throws is logged and the request goes on. Events never carry
 * an API key. (In the spirit of whatwg-node's server plugins, reduced to notifications.)
 */
export interface EngineHooks {
  /**
   * Runs the handling of each request: call `handle` once and return what it returns. For a
   * tracer, which makes the request's span the active one around it (OpenTelemetry's
   * `context.with`): the probe runs the request starts, and its `onRequest`, then run inside
   * that context. Absent, the engine calls nothing around its requests.
   */
  aroundRequest?<T>(handle: () => T): T;
  onRequest?(event: RequestEvent): void;
  onProbe?(event: ProbeEvent): void;
  onCacheLookup?(event: CacheLookupEvent): void;
  /** The cache store failed or was too slow; the engine answered without it. */
  onCacheError?(event: { readonly operation: string; readonly error: string }): void;
  /** A lookup was refused because `maxPendingProbes` runs were in progress. */
  onOverload?(event: { readonly section: string }): void;
}

const hookNames = [
  "onRequest",
  "onProbe",
  "onCacheLookup",
  "onCacheError",
  "onOverload",
] as const satisfies readonly (keyof EngineHooks)[];

/**
 * The hooks of every observer as one object holding only the hooks someone listens to, so the
 * engine's `hooks.onX?.(...)` is a property miss when nobody does. A throwing hook is logged.
 */
export function combineHooks(
  observers: EngineHooks | readonly EngineHooks[] | undefined,
  logger: Logger,
): EngineHooks {
  const list = observers === undefined ? [] : Array.isArray(observers) ? observers : [observers];
  const combined: Record<string, (event: never) => void> = {};
  for (const name of hookNames) {
    const listeners = list
      .map((observer) => (observer as EngineHooks)[name]?.bind(observer))
      .filter((listener) => listener !== undefined) as ((event: unknown) => void)[];
    if (listeners.length === 0) continue;
    combined[name] = (event: unknown) => {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          logger.error(`hooks.${name} threw`, { error: describeError(error) });
        }
      }
    };
  }
  const aroundRequest = combineArounds(list, logger);
  return (aroundRequest ? { ...combined, aroundRequest } : combined) as EngineHooks;
}

/**
 * Every observer's `aroundRequest` nested, the first outermost. One that throws is logged and
 * the request is still answered, once.
 */
function combineArounds(
  list: readonly EngineHooks[],
  logger: Logger,
): EngineHooks["aroundRequest"] | undefined {
  const arounds = list
    .map((observer) => observer.aroundRequest?.bind(observer))
    .filter((around) => around !== undefined);
  if (arounds.length === 0) return undefined;
  return <T>(handle: () => T): T =>
    arounds.reduceRight<() => T>(
      (inner, around) => () => {
        let ran = false;
        let result: T | undefined;
        const once = () => {
          if (!ran) {
            ran = true;
            result = inner();
          }
          return result as T;
        };
        try {
          return around(once);
        } catch (error) {
          logger.error("hooks.aroundRequest threw", { error: describeError(error) });
          return once();
        }
      },
      handle,
    )();
}

export const hookNamesForValidation: readonly string[] = [...hookNames, "aroundRequest"];
