import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { type EngineOptions, parseTrustAnchors } from "@domain-intel/engine";
import {
  booleanSetting,
  type Env,
  fileSetting,
  hostSetting,
  listSetting,
  portSetting,
  readSettingFile,
  urlSetting,
} from "./env-settings.js";
import { hostingFromEnv } from "./hosting-from-env.js";
import { redactRedisUrl } from "./redis-connection.js";
import { intervalSetting, watchFromEnv } from "./watch-from-env.js";

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
   * DOMAIN_INTEL_LOCK_DURATION: BullMQ's lock on a running batch job, sweep or webhook
   * delivery; the work of an instance that died is taken over after one to two of these.
   */
  lockDurationMs: number;
  /**
   * The pages for people: DOMAIN_INTEL_DOCS (the API reference at /docs and the report page at
   * /view, default on) and DOMAIN_INTEL_VIEW (the report page alone, default on).
   */
  pages: { docs: boolean; view: boolean };
  /** Each variable and the value in effect, for the start-up line: never a key or a password. */
  effective: Record<string, string>;
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

/** REDIS_URL checked: a redis: or rediss: URL. */
export function parseRedisUrl(value: string): string {
  return urlSetting({ REDIS_URL: value }, "REDIS_URL", {
    schemes: ["redis:", "rediss:"],
    shape: "redis://[user:password@]host:port[/db]",
  })!;
}

// The item itself is never shown: it may be a secret key.
const keyProblem = (key: string) =>
  /^sha256:/i.test(key) && !/^sha256:[0-9a-f]{64}$/i.test(key)
    ? 'starts with "sha256:" but is not followed by 64 hex digits'
    : undefined;

/** `ip`, `ip:port`, `[v6]` or `[v6]:port`, as the engine's `network.resolvers` takes them. */
function resolverProblem(item: string): string | undefined {
  if (net.isIP(item) !== 0) return undefined;
  const parts = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(item);
  const hostOk = parts && (parts[1] ? net.isIP(parts[1]) === 6 : net.isIP(parts[2]!) === 4);
  const port = Number(parts?.[3] ?? 53);
  return hostOk && port >= 1 && port <= 65535
    ? undefined
    : `"${item}" is not an IP address with an optional port (ip, ip:port or [v6]:port)`;
}

const hintProblem = (pair: string) =>
  /^[^=\s]+=[^=\s]+$/.test(pair) ? undefined : `"${pair}" is not tld=host`;

function parseHints(pairs: string[]): Record<string, string> {
  const hints: Record<string, string> = {};
  for (const pair of pairs) {
    const [tld, host] = pair.split("=") as [string, string];
    hints[tld.toLowerCase().replace(/^\./, "")] = host;
  }
  return hints;
}

const selectorProblem = (selector: string) =>
  /^[a-z0-9][a-z0-9_-]{0,62}(\.[a-z0-9][a-z0-9_-]{0,62})*$/i.test(selector)
    ? undefined
    : `"${selector}" is not a DKIM selector (DNS labels)`;

/**
 * DOMAIN_INTEL_SMTP (default on; off where outbound port 25 is blocked, as on many clouds),
 * DOMAIN_INTEL_SMTP_PORT (1..65535, default 25) and DOMAIN_INTEL_DKIM_SELECTORS: the engine's
 * `mail` options, set only when one differs from its default.
 */
function mailSettings(env: Env) {
  const smtp = booleanSetting(env, "DOMAIN_INTEL_SMTP", true);
  const smtpPort = portSetting(env, "DOMAIN_INTEL_SMTP_PORT", 25);
  if (smtpPort === 0) {
    throw new TypeError('DOMAIN_INTEL_SMTP_PORT: "0" is not a port to connect to; use 1 to 65535');
  }
  const dkimSelectors = listSetting(env, "DOMAIN_INTEL_DKIM_SELECTORS", selectorProblem);
  const changed = !smtp || smtpPort !== 25 || dkimSelectors.length > 0;
  const options = changed
    ? {
        ...(smtp ? {} : { smtp }),
        ...(smtpPort === 25 ? {} : { smtpPort }),
        ...(dkimSelectors.length > 0 ? { dkimSelectors } : {}),
      }
    : undefined;
  return { smtp, smtpPort, dkimSelectors, options };
}

/** DOMAIN_INTEL_CA_FILE: PEM text holding at least one certificate, every one of them valid. */
function caSetting(env: Env): { path: string; pem: string; count: number } | undefined {
  const name = "DOMAIN_INTEL_CA_FILE";
  const file = fileSetting(env, name);
  if (!file) return undefined;
  const blocks = file.text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  if (!blocks) throw new TypeError(`${name}: ${file.path} holds no PEM certificate`);
  blocks.forEach((block, index) => {
    try {
      new X509Certificate(block);
    } catch {
      throw new TypeError(`${name}: certificate ${index + 1} in ${file.path} does not parse`);
    }
  });
  return { path: file.path, pem: file.text, count: blocks.length };
}

/**
 * DOMAIN_INTEL_RDAP_BOOTSTRAP: an http(s) URL, or a file (path or file: URL) read now and
 * checked to be JSON with a `services` array. The engine is still given the location, so it
 * re-reads the file daily as it would a URL.
 */
function bootstrapSetting(env: Env): string | undefined {
  const name = "DOMAIN_INTEL_RDAP_BOOTSTRAP";
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (/^https?:\/\//i.test(value)) {
    return urlSetting(env, name, { schemes: ["http:", "https:"], shape: "https://host/dns.json" });
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !/^file:/i.test(value)) {
    throw new TypeError(`${name}: use a file or an http(s) URL, not ${value.split(":")[0]}:`);
  }
  const path = /^file:/i.test(value) ? fileURLToPath(value) : value;
  const text = readSettingFile(name, path);
  let services: unknown;
  try {
    services = (JSON.parse(text) as { services?: unknown } | null)?.services;
  } catch {
    throw new TypeError(`${name}: ${path} is not JSON`);
  }
  if (!Array.isArray(services)) {
    throw new TypeError(`${name}: ${path} is not RDAP bootstrap data (no "services" array)`);
  }
  return value;
}

/**
 * DOMAIN_INTEL_CAA_ISSUERS: `My CA=my-ca.example;Other=a.example,b.example`, the CAA
 * identifiers of certificate authorities the CAA insight does not know yet.
 */
function caaIssuersSetting(env: Env): Record<string, string[]> | undefined {
  const name = "DOMAIN_INTEL_CAA_ISSUERS";
  const value = env[name]?.trim();
  if (!value) return undefined;
  const issuers: Record<string, string[]> = {};
  value
    .split(";")
    .map((item) => item.trim())
    .filter(Boolean)
    .forEach((item, index) => {
      const [authority, identifiers] = [
        item.slice(0, item.indexOf("=")).trim(),
        item.slice(item.indexOf("=") + 1),
      ];
      const domains = identifiers
        .split(",")
        .map((identifier) => identifier.trim())
        .filter(Boolean);
      if (!item.includes("=") || !/[a-z0-9]/i.test(authority) || domains.length === 0) {
        throw new TypeError(
          `${name}: item ${index + 1} is not "CA name=issuer.example[,other.example]"`,
        );
      }
      const bad = domains.find(
        (domain) =>
          !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(domain),
      );
      if (bad) throw new TypeError(`${name}: item ${index + 1}: "${bad}" is not a domain name`);
      issuers[authority] = domains;
    });
  return issuers;
}

/** DOMAIN_INTEL_TRUST_ANCHORS: a file of DS or DNSKEY records where DNSSEC validation starts. */
function trustAnchorsSetting(
  env: Env,
): { path: string; text: string; zones: string[] } | undefined {
  const name = "DOMAIN_INTEL_TRUST_ANCHORS";
  const file = fileSetting(env, name);
  if (!file) return undefined;
  try {
    return { ...file, zones: parseTrustAnchors(file.text).map((anchor) => anchor.zone) };
  } catch (error) {
    throw new TypeError(`${name}: ${file.path}: ${(error as Error).message}`);
  }
}

/** The standalone server's settings from the environment variables the README documents, all checked. */
export function configFromEnv(env: Env): ServeConfig {
  const port = portSetting(env, "PORT", 3000);
  const host = hostSetting(env, "HOST", "0.0.0.0");
  const keys = listSetting(env, "DOMAIN_INTEL_KEYS", keyProblem);
  const keysFile = fileSetting(env, "DOMAIN_INTEL_KEYS_FILE", {
    whenMissing: 'create a key with "domain-intel keys create --file PATH --name NAME"',
  })?.path;
  const resolvers = listSetting(env, "DOMAIN_INTEL_RESOLVERS", resolverProblem);
  const allowPrivateAddresses = booleanSetting(env, "DOMAIN_INTEL_ALLOW_PRIVATE", false);
  const ca = caSetting(env);
  const sslScan = booleanSetting(env, "DOMAIN_INTEL_SSL_SCAN", true);
  const bootstrap = bootstrapSetting(env);
  const hintPairs = listSetting(env, "DOMAIN_INTEL_WHOIS_HINTS", hintProblem);
  const anchors = trustAnchorsSetting(env);
  const mail = mailSettings(env);
  const redisUrl = env.REDIS_URL?.trim() ? parseRedisUrl(env.REDIS_URL.trim()) : undefined;
  const lockDurationMs = intervalSetting(env, "DOMAIN_INTEL_LOCK_DURATION") ?? 30_000;
  const caaIssuers = caaIssuersSetting(env);
  const docs = booleanSetting(env, "DOMAIN_INTEL_DOCS", true);
  const view = docs && booleanSetting(env, "DOMAIN_INTEL_VIEW", true);
  const watch = watchFromEnv(env);
  const hosting = hostingFromEnv(env);

  const engine: ServeConfig["engine"] = {
    ...(keys.length > 0 ? { keys } : {}),
    network: { ...(resolvers.length > 0 ? { resolvers } : {}), allowPrivateAddresses },
    ...(ca || !sslScan
      ? { ssl: { ...(ca ? { ca: ca.pem } : {}), ...(sslScan ? {} : { scan: false }) } }
      : {}),
    ...(caaIssuers ? { insights: { caaIssuers } } : {}),
    ...(anchors ? { dns: { trustAnchors: anchors.text } } : {}),
    ...(mail.options ? { mail: mail.options } : {}),
    ...watch.options,
    ...hosting.options,
    ...(bootstrap || hintPairs.length > 0
      ? {
          rdap: {
            ...(bootstrap ? { bootstrap } : {}),
            ...(hintPairs.length > 0 ? { whoisHints: parseHints(hintPairs) } : {}),
          },
        }
      : {}),
  };
  const none = "(none)";
  const effective = {
    HOST: host,
    PORT: String(port),
    DOMAIN_INTEL_KEYS: keys.length > 0 ? `(${keys.length} keys)` : none,
    DOMAIN_INTEL_KEYS_FILE: keysFile ?? none,
    DOMAIN_INTEL_RESOLVERS: resolvers.length > 0 ? resolvers.join(",") : "(system)",
    DOMAIN_INTEL_ALLOW_PRIVATE: allowPrivateAddresses ? "yes" : "no",
    DOMAIN_INTEL_CA_FILE: ca ? `${ca.path} (${ca.count} certificates)` : none,
    DOMAIN_INTEL_SSL_SCAN: sslScan ? "yes" : "no",
    DOMAIN_INTEL_RDAP_BOOTSTRAP: bootstrap ?? "(IANA)",
    DOMAIN_INTEL_WHOIS_HINTS: hintPairs.length > 0 ? hintPairs.join(",") : none,
    DOMAIN_INTEL_CAA_ISSUERS: caaIssuers ? Object.keys(caaIssuers).join(";") : none,
    DOMAIN_INTEL_TRUST_ANCHORS: anchors
      ? `${anchors.path} (${anchors.zones.join(",")})`
      : "(IANA root)",
    DOMAIN_INTEL_SMTP: mail.smtp ? "yes" : "no",
    DOMAIN_INTEL_SMTP_PORT: String(mail.smtpPort),
    DOMAIN_INTEL_DKIM_SELECTORS:
      mail.dkimSelectors.length > 0 ? mail.dkimSelectors.join(",") : none,
    ...watch.effective,
    ...hosting.effective,
    REDIS_URL: redisUrl ? redactRedisUrl(redisUrl) : none,
    ...(redisUrl ? { DOMAIN_INTEL_LOCK_DURATION: `${lockDurationMs / 1000}s` } : {}),
    DOMAIN_INTEL_DOCS: docs ? "yes" : "no",
    DOMAIN_INTEL_VIEW: view ? "yes" : "no",
  };
  return {
    port,
    host,
    engine,
    pages: { docs, view },
    ...(keysFile ? { keysFile } : {}),
    ...(redisUrl ? { redisUrl } : {}),
    lockDurationMs,
    effective,
  };
}

/** The start-up line: every setting in effect, `PORT` as bound. Never a key. */
export function describeSettings(config: ServeConfig, boundPort: number): string {
  const shown = { ...config.effective, PORT: String(boundPort) };
  return `Settings: ${Object.entries(shown)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ")}`;
}
