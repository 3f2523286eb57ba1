import { Methods, type Static, Type } from "../contract/schema.js";
import { memoryRateLimit } from "./memory-rate-limit.js";
import type { RateLimitPlan, RateLimitStore } from "./rate-limit-store.js";
import type { RateLimitSettings } from "./rate-limiter.js";

const plan = (description: string) =>
  Type.Object(
    {
      capacity: Type.Integer({ minimum: 1, description: "Tokens at most: the burst allowed." }),
      refillPerSecond: Type.Number({
        exclusiveMinimum: 0,
        expect: "a positive number",
        description: "Tokens added each second.",
      }),
    },
    { additionalProperties: false, description },
  );

export const RateLimitOptionsSchema = Type.Union(
  [
    Type.Literal(false),
    Type.Object(
      {
        store: Type.Optional(
          Methods<RateLimitStore>(["take"], {
            expect: "a RateLimitStore with take()",
            description:
              "Where buckets live. Default: this process's memory. Use `redisRateLimit` across instances.",
          }),
        ),
        plans: Type.Optional(
          Type.Record(Type.String(), plan("A token bucket."), {
            description:
              "Token buckets by plan name (a KeyVerifier returns a key's plan); `default` for the rest. Default: 120 requests, then 2 a second.",
          }),
        ),
        refresh: Type.Optional(
          plan("The separate bucket for `refresh=true`. Default: 10, then one every 10 s."),
        ),
        failedAuth: Type.Optional(
          Type.Union([plan("A token bucket."), Type.Literal(false)], {
            description:
              "Failed authentications per client address (an IPv6 /64 counts as one): beyond it, 429 instead of 401. `false` turns it off. Default 20 at once, then one a second.",
          }),
        ),
      },
      { additionalProperties: false },
    ),
  ],
  {
    expect: "false or an object",
    description: "Per-key token buckets, on by default; `false` turns rate limiting off.",
  },
);

export type RateLimitOptions = Exclude<Static<typeof RateLimitOptionsSchema>, false>;

export const defaultPlan: RateLimitPlan = { capacity: 120, refillPerSecond: 2 };
export const defaultRefreshPlan: RateLimitPlan = { capacity: 10, refillPerSecond: 0.1 };
export const defaultFailedAuthPlan: RateLimitPlan = { capacity: 20, refillPerSecond: 1 };

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
