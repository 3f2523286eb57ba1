import { memoryRateLimit } from "./memory-rate-limit.js";
import type { RateLimitPlan, RateLimitStore } from "./rate-limit-store.js";
import type { RateLimitSettings } from "./rate-limiter.js";

export interface RateLimitOptions {
  /** Where buckets live. Default: this process's memory. Use `redisRateLimit` across instances. */
  readonly store?: RateLimitStore;
  /** Token buckets by plan name (a KeyVerifier returns a key's plan); `default` for the rest. */
  readonly plans?: Readonly<Record<string, RateLimitPlan>>;
  /** The separate bucket for `refresh=true`. */
  readonly refresh?: RateLimitPlan;
  /**
   * Failed authentications per client address (an IPv6 /64 counts as one): beyond it, 429
   * instead of 401. `false` turns it off. Default 20 at once, then one a second.
   */
  readonly failedAuth?: RateLimitPlan | false;
}

export const defaultPlan: RateLimitPlan = { capacity: 120, refillPerSecond: 2 };
export const defaultRefreshPlan: RateLimitPlan = { capacity: 10, refillPerSecond: 0.1 };
export const defaultFailedAuthPlan: RateLimitPlan = { capacity: 20, refillPerSecond: 1 };

function checkPlan(plan: unknown, option: string): void {
  const { capacity, refillPerSecond } = (plan ?? {}) as Partial<RateLimitPlan>;
  if (typeof capacity !== "number" || !Number.isInteger(capacity) || capacity < 1) {
    throw new TypeError(`createEngine: options.${option}.capacity must be a positive integer`);
  }
  if (
    typeof refillPerSecond !== "number" ||
    !(refillPerSecond > 0) ||
    !Number.isFinite(refillPerSecond)
  ) {
    throw new TypeError(
      `createEngine: options.${option}.refillPerSecond must be a positive number`,
    );
  }
}

export function validateRateLimitOptions(options: RateLimitOptions | false | undefined): void {
  if (options === undefined || options === false) return;
  if (typeof options !== "object" || options === null) {
    throw new TypeError("createEngine: options.rateLimit must be false or an object");
  }
  if (options.store !== undefined && typeof options.store?.take !== "function") {
    throw new TypeError(
      "createEngine: options.rateLimit.store must be a RateLimitStore with take()",
    );
  }
  for (const [name, plan] of Object.entries(options.plans ?? {}))
    checkPlan(plan, `rateLimit.plans.${name}`);
  if (options.refresh !== undefined) checkPlan(options.refresh, "rateLimit.refresh");
  if (options.failedAuth !== undefined && options.failedAuth !== false)
    checkPlan(options.failedAuth, "rateLimit.failedAuth");
}

/** On by default: every key gets the default plan unless told otherwise. */
export function resolveRateLimit(
  options: RateLimitOptions | false | undefined,
): RateLimitSettings | undefined {
  if (options === false) return undefined;
  return {
    store: options?.store ?? memoryRateLimit(),
    plans: { default: defaultPlan, ...options?.plans },
    refresh: options?.refresh ?? defaultRefreshPlan,
    failedAuth: options?.failedAuth ?? defaultFailedAuthPlan,
  };
}
