import { readFileSync } from "node:fs";
import type { EngineOptions } from "@domain-intel/engine";
import { type Env, readServeVariables } from "./read-serve-variables.js";
import type { ServeSettings } from "./serve-settings-schema.js";

export interface ServeConfig {
  port: number;
  host: string;
  /** Engine options from the environment; `keys` holds DOMAIN_INTEL_KEYS only. */
  engine: Omit<EngineOptions, "keys"> & { keys?: string[] };
  /** DOMAIN_INTEL_KEYS_FILE: a JSON key file (`domain-intel keys`) or a legacy list of keys. */
  keysFile?: string;
  /** REDIS_URL: cache, rate limits and API keys in Redis. */
  redisUrl?: string;
  /**
   * The pages for people: DOMAIN_INTEL_DOCS (the API reference at /docs and the report page at
   * /view, default on) and DOMAIN_INTEL_VIEW (the report page alone, default on).
   */
  pages: { docs: boolean; view: boolean };
  /** Metrics, request logs and traces (DOMAIN_INTEL_METRICS, DOMAIN_INTEL_LOG_*, DOMAIN_INTEL_TRACES). */
  observability: Pick<
    ServeSettings,
    "metrics" | "logRequests" | "logLevel" | "logFile" | "logDomains" | "traces"
  >;
  /** Each variable and the value in effect, for the start-up line: never a key or a password. */
  effective: Record<string, string>;
  /** What of the observability is on, for its own start-up line. */
  observed: Record<string, string>;
}

/**
 * One key or `sha256:` digest a line; blank lines and `#` comments are skipped. The legacy
 * format of DOMAIN_INTEL_KEYS_FILE, which `fileKeyStore` still reads (and `keys migrate` converts).
 */
export function readKeysFile(path: string): string[] {
  return readFileSync(path, "utf8")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith("#"));
}

/** The standalone server's settings from the environment variables the README documents, all checked. */
export function configFromEnv(env: Env): ServeConfig {
  const { engine, serve, lines } = readServeVariables(env);
  const { port, host, keysFile, redisUrl, docs, view } = serve;
  const { metrics, logRequests, logLevel, logFile, logDomains, traces } = serve;
  return {
    port,
    host,
    engine: engine as ServeConfig["engine"],
    pages: { docs, view: docs && view },
    observability: { metrics, logRequests, logLevel, logFile, logDomains, traces },
    ...(keysFile ? { keysFile } : {}),
    ...(redisUrl ? { redisUrl } : {}),
    effective: lines.settings,
    observed: lines.observability,
  };
}

/** The start-up line: every setting in effect, `PORT` as bound. Never a key. */
export function describeSettings(config: ServeConfig, boundPort: number): string {
  const shown = { ...config.effective, PORT: String(boundPort) };
  return `Settings: ${Object.entries(shown)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ")}`;
}
