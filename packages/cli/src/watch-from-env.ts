import { type EngineOptions, isWebhookSecret } from "@domain-intel/engine";
import { type Env, fileSetting, urlSetting } from "./env-settings.js";

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `30s`, `15m`, `1h`, `1d`: at least a second, at most 31 days. */
export function intervalSetting(env: Env, name: string): number | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  const match = /^(\d{1,9})(ms|s|m|h|d)$/.exec(value);
  const ms = match ? Number(match[1]) * units[match[2]!]! : Number.NaN;
  if (!(ms >= 1000 && ms <= 31 * units.d!)) {
    throw new TypeError(
      `${name}: "${value}" is not an interval from 1s to 31d (a number and ms, s, m, h or d: 30s, 1h)`,
    );
  }
  return ms;
}

/**
 * DOMAIN_INTEL_WATCH_FILE (domains, one a line, re-read when it changes) and
 * DOMAIN_INTEL_WATCH_INTERVAL (default 1h); DOMAIN_INTEL_WEBHOOK_URL and
 * DOMAIN_INTEL_WEBHOOK_SECRET (`whsec_...`), each needing the other. The secret is never shown.
 */
export function watchFromEnv(env: Env): {
  options: Pick<EngineOptions, "watch" | "webhooks">;
  effective: Record<string, string>;
} {
  const file = fileSetting(env, "DOMAIN_INTEL_WATCH_FILE")?.path;
  const intervalMs = intervalSetting(env, "DOMAIN_INTEL_WATCH_INTERVAL");
  if (intervalMs !== undefined && !file) {
    throw new TypeError(
      "DOMAIN_INTEL_WATCH_INTERVAL: set DOMAIN_INTEL_WATCH_FILE too, the domains to watch",
    );
  }
  const url = urlSetting(env, "DOMAIN_INTEL_WEBHOOK_URL", {
    schemes: ["https:", "http:"],
    shape: "https://host/path",
  });
  const secret = env.DOMAIN_INTEL_WEBHOOK_SECRET?.trim() || undefined;
  if (url && !secret)
    throw new TypeError("DOMAIN_INTEL_WEBHOOK_SECRET: required with DOMAIN_INTEL_WEBHOOK_URL");
  if (secret && !url)
    throw new TypeError("DOMAIN_INTEL_WEBHOOK_URL: required with DOMAIN_INTEL_WEBHOOK_SECRET");
  if (secret && !isWebhookSecret(secret)) {
    throw new TypeError(
      "DOMAIN_INTEL_WEBHOOK_SECRET: not whsec_ followed by 24 to 64 bytes in base64",
    );
  }
  const every = intervalMs ?? units.h!;
  return {
    options: {
      ...(file ? { watch: { file, intervalMs: every } } : {}),
      ...(url && secret ? { webhooks: { url, secret } } : {}),
    },
    effective: {
      DOMAIN_INTEL_WATCH_FILE: file ?? "(none)",
      ...(file ? { DOMAIN_INTEL_WATCH_INTERVAL: `${every / 1000}s` } : {}),
      // The path may carry a token: only the origin is shown.
      DOMAIN_INTEL_WEBHOOK_URL: url ? new URL(url).origin : "(none)",
    },
  };
}
