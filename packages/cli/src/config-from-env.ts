import { readFileSync } from "node:fs";
import type { EngineOptions } from "@domain-intel/engine";

export interface ServeConfig {
  port: number;
  host: string;
  /** Engine options from the environment; `keys` holds DOMAIN_INTEL_KEYS only. */
  engine: Omit<EngineOptions, "keys"> & { keys?: string[] };
  /** DOMAIN_INTEL_KEYS_FILE: a JSON key file (`domain-intel keys`) or a legacy list of keys. */
  keysFile?: string;
  /** REDIS_URL: cache, rate limits and API keys in Redis. */
  redisUrl?: string;
  /** Settings read but not (yet) acted on, to warn about. */
  ignored: string[];
}

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
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

function parseHints(value: string): Record<string, string> {
  const hints: Record<string, string> = {};
  for (const pair of list(value)) {
    const [tld, host, ...rest] = pair.split("=");
    if (!tld || !host || rest.length > 0) {
      throw new TypeError(`DOMAIN_INTEL_WHOIS_HINTS: "${pair}" is not tld=host`);
    }
    hints[tld.toLowerCase().replace(/^\./, "")] = host;
  }
  return hints;
}

/** REDIS_URL checked: a redis: or rediss: URL. */
export function parseRedisUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError("REDIS_URL: not a URL (redis://[user:password@]host:port[/db])");
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new TypeError(`REDIS_URL: the scheme must be redis: or rediss:, not ${url.protocol}`);
  }
  return value;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === "") return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new TypeError(`PORT: "${value}" is not a port number`);
  return port;
}

/** The standalone server's settings from the environment variables of DESIGN.md. */
export function configFromEnv(env: NodeJS.ProcessEnv): ServeConfig {
  const keys = list(env.DOMAIN_INTEL_KEYS);
  const resolvers = list(env.DOMAIN_INTEL_RESOLVERS);
  const bootstrap = env.DOMAIN_INTEL_RDAP_BOOTSTRAP;
  const hints = env.DOMAIN_INTEL_WHOIS_HINTS;
  const engine: ServeConfig["engine"] = {
    ...(keys.length > 0 ? { keys } : {}),
    network: {
      ...(resolvers.length > 0 ? { resolvers } : {}),
      allowPrivateAddresses:
        env.DOMAIN_INTEL_ALLOW_PRIVATE === "1" || env.DOMAIN_INTEL_ALLOW_PRIVATE === "true",
    },
    ...(env.DOMAIN_INTEL_CA_FILE
      ? { ssl: { ca: readFileSync(env.DOMAIN_INTEL_CA_FILE, "utf8") } }
      : {}),
    ...(bootstrap || hints
      ? {
          rdap: {
            ...(bootstrap ? { bootstrap } : {}),
            ...(hints ? { whoisHints: parseHints(hints) } : {}),
          },
        }
      : {}),
  };
  return {
    port: parsePort(env.PORT),
    host: env.HOST || "0.0.0.0",
    engine,
    ...(env.DOMAIN_INTEL_KEYS_FILE ? { keysFile: env.DOMAIN_INTEL_KEYS_FILE } : {}),
    ...(env.REDIS_URL ? { redisUrl: parseRedisUrl(env.REDIS_URL) } : {}),
    ignored: [],
  };
}
