import net from "node:net";
import { Defaulted, type SettingsOf, StringEnum } from "@domain-intel/engine";
import { Type } from "@sinclair/typebox";

/** pino's level names, the request log's `DOMAIN_INTEL_LOG_LEVEL`. */
export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const hostProblem = (host: string) =>
  net.isIP(host) !== 0 || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(host)
    ? undefined
    : "must be an IP address or a host name";

const redisUrlShape = "redis://[user:password@]host:port[/db]";

// Never repeats the URL: it may hold a password.
function redisUrlProblem(url: string): string | undefined {
  if (!URL.canParse(url)) return `must be a URL (${redisUrlShape})`;
  const { protocol } = new URL(url);
  return protocol === "redis:" || protocol === "rediss:"
    ? undefined
    : `the scheme must be redis: or rediss:, not ${protocol}`;
}

const flag = (fallback: boolean) => Defaulted(Type.Boolean({ default: fallback }));

/**
 * `serve`'s own settings, those that are no engine option, declared as the engine declares its
 * options: the variables that set them are checked against it, and its defaults fill in.
 */
export const ServeSettingsSchema = Type.Object(
  {
    port: Defaulted(Type.Integer({ minimum: 0, maximum: 65535, default: 3000 })),
    host: Defaulted(Type.String({ default: "0.0.0.0", check: hostProblem })),
    keysFile: Type.Optional(Type.String()),
    redisUrl: Type.Optional(Type.String({ check: redisUrlProblem })),
    docs: flag(true),
    view: flag(true),
    metrics: flag(false),
    logRequests: flag(false),
    logLevel: Defaulted(StringEnum(logLevels, { default: "info" })),
    logFile: Type.Optional(Type.String()),
    logDomains: flag(false),
    traces: flag(false),
  },
  { additionalProperties: false },
);

export type ServeSettings = SettingsOf<typeof ServeSettingsSchema>;

/** REDIS_URL checked as `serve` checks it: a redis: or rediss: URL. */
export function parseRedisUrl(text: string): string {
  const url = text.trim();
  const problem = redisUrlProblem(url);
  if (problem) throw new TypeError(`REDIS_URL: ${problem}`);
  return url;
}
