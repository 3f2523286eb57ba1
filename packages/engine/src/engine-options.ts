import { isIP } from "node:net";
import type { KeyVerifier } from "./auth/key-verifier.js";
import { isKeyVerifier } from "./auth/static-keys.js";
import { type BatchOptions, validateBatchOptions } from "./batch/batch-options.js";
import type { CacheStore } from "./cache/cache-store.js";
import type { Probe } from "./contract/probe.js";
import { validateWebhookOptions, type WebhookOptions } from "./events/webhook-options.js";
import { type HistoryOptions, validateHistoryOptions } from "./history/history-options.js";
import { type EngineRoute, validateEngineRoutes } from "./http/engine-route.js";
import { type EngineHooks, hookNamesForValidation } from "./logging/engine-hooks.js";
import type { Logger } from "./logging/logger.js";
import { type BuiltInProbeOptions, builtInSections } from "./probes/built-in.js";
import { parseTrustAnchors } from "./probes/dns/dnssec/trust-anchors.js";
import { validateMailOptions } from "./probes/mail/mail-options.js";
import { type RateLimitOptions, validateRateLimitOptions } from "./ratelimit/rate-limit-options.js";
import { type InsightsOptions, insightsOptionsProblem } from "./report/insights-options.js";
import { validateWatchOptions, type WatchOptions } from "./watch/watch-options.js";

export interface NetworkOptions {
  /** Recursive resolvers, `ip` or `ip:port` (`[v6]:port`). Default: the system's. */
  readonly resolvers?: readonly string[];
  /** Let probes connect to private, loopback and link-local addresses. Default false. */
  readonly allowPrivateAddresses?: boolean;
  /** Time budget of one probe run in ms. Default 10,000. */
  readonly timeoutMs?: number;
  /** Most outbound operations (queries, connections, fetches) in flight at once. Default 64. */
  readonly maxConcurrency?: number;
  /**
   * Most probe runs in progress at once, running or queued behind `maxConcurrency`. A request
   * that needs a new run beyond it answers 503 `overloaded` with `Retry-After` instead of
   * queueing without bound; cache hits, stale answers and requests that join a run already in
   * progress are still served. Default 1024.
   */
  readonly maxPendingProbes?: number;
}

/** `false` turns a built-in section off; any other name adds a custom section. */
export type ProbesOption = { readonly [section: string]: Probe<unknown> | false | undefined };

/** The built-in sections' own options (`ssl`, `mail`, `rdap`, `dns`) are declared with them. */
export interface EngineOptions extends BuiltInProbeOptions {
  /** Who may call: a KeyVerifier, or plain keys and `sha256:<hex>` digests. Required. */
  readonly keys: KeyVerifier | readonly string[];
  /** Where results are cached. Default: a bounded in-memory store. */
  readonly cache?: CacheStore;
  readonly probes?: ProbesOption;
  readonly network?: NetworkOptions;
  /** Where the API is mounted. Default `/api/v1`. */
  readonly basePath?: string;
  /** Stale-while-revalidate grace, negative caching and the store's time limit. */
  readonly caching?: CachingOptions;
  /** Per-key token buckets (on by default), or `false` to turn rate limiting off. */
  readonly rateLimit?: RateLimitOptions | false;
  /**
   * Routes that plugins add under the base path, e.g. `[swaggerUi()]` from
   * `@domain-intel/swagger-ui` (the reference page at `{basePath}/docs`) or
   * `[keyIssuing({ store, adminSecret })]` from `@domain-intel/api-keys` (`POST {basePath}/keys`).
   */
  readonly routes?: readonly EngineRoute[];
  /**
   * Moved to `@domain-intel/swagger-ui`: `routes: [swaggerUi()]`. `false` is still accepted (the
   * engine alone serves no reference page); anything else is a TypeError saying so.
   */
  readonly docs?: false;
  /**
   * Moved to `@domain-intel/api-keys`: `routes: [keyIssuing({ store, adminSecret })]`. `false`
   * is still accepted; anything else is a TypeError saying so.
   */
  readonly keyIssuing?: false;
  /** Cross-section insights of the full report: `caaIssuers` extends the CAA insight's CA table. */
  readonly insights?: InsightsOptions;
  /** `POST {basePath}/batch`: its limits, and where jobs wait and are kept. */
  readonly batch?: BatchOptions;
  /**
   * Receives warnings about recovered trouble (cache down, probe crash). Default: console. A
   * pino logger is taken as it is (its fields-first calls are recognised).
   */
  readonly logger?: Logger;
  /**
   * Observers of requests, probe runs and cache lookups (metrics, request logs, traces): one
   * `EngineHooks` or several. Each hook is optional; none costs anything when absent.
   */
  readonly hooks?: EngineHooks | readonly EngineHooks[];
  /**
   * Snapshots of each section a probe run produced and what changed between them
   * (`GET /history/{domain}`). On by default, in memory; `false` keeps none.
   */
  readonly history?: HistoryOptions | false;
  /** Domains re-checked every `intervalMs` (one sweep at a time) or when `engine.sweep()` is called. */
  readonly watch?: WatchOptions;
  /** Where change and expiry events are sent, signed as Standard Webhooks do. */
  readonly webhooks?: WebhookOptions | readonly WebhookOptions[];
}

export interface CachingOptions {
  /** How long past its TTL an entry is served as `stale` while refreshed. Default 10 min. */
  readonly staleGraceMs?: number;
  /** How long a failed section is remembered. Default 15 s. */
  readonly errorTtlMs?: number;
  /** Longest wait for the cache store before answering without it. Default 250 ms. */
  readonly storeTimeoutMs?: number;
  /** Bytes of ready-to-send fresh answers kept in process in front of the store. Default 16 MiB. */
  readonly hotBytes?: number;
}

const reservedSections = new Set(["domain", "openapi.json", "batch", "watch"]);
const sectionName = /^[a-z][a-z0-9-]{0,31}$/;

function fail(option: string, expectation: string): never {
  throw new TypeError(`createEngine: options.${option} ${expectation}`);
}

export function isResolverAddress(value: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  if (bracketed) return isIP(bracketed[1]!) === 6 && validPort(bracketed[2]);
  if (isIP(value)) return true;
  const withPort = /^([^:]+):(\d{1,5})$/.exec(value);
  return withPort !== null && isIP(withPort[1]!) === 4 && validPort(withPort[2]);
}

function validPort(port: string | undefined): boolean {
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

// What a probe says about itself goes into the OpenAPI document, built once at creation.
function validateProbeDescription(name: string, probe: Probe<unknown>): void {
  if (probe.summary !== undefined && (typeof probe.summary !== "string" || probe.summary === ""))
    fail(`probes.${name}.summary`, "must be a non-empty string");
  const schema = probe.dataSchema;
  if (
    schema !== undefined &&
    (typeof schema !== "object" || schema === null || Array.isArray(schema))
  )
    fail(`probes.${name}.dataSchema`, "must be a JSON Schema object");
  if (probe.example !== undefined && !isJsonData(probe.example))
    fail(`probes.${name}.example`, "must be JSON data");
}

function isJsonData(value: unknown): boolean {
  try {
    return JSON.stringify(value) !== undefined;
  } catch {
    return false; // a BigInt or a cycle
  }
}

function validateTrustAnchors(dns: EngineOptions["dns"]): void {
  if (dns === undefined) return;
  if (typeof dns !== "object" || dns === null) fail("dns", "must be an object");
  const anchors = dns.trustAnchors;
  if (anchors === undefined) return;
  const text = typeof anchors === "string" ? anchors : Array.isArray(anchors) ? anchors : null;
  if (text === null || (Array.isArray(text) && text.some((line) => typeof line !== "string")))
    fail("dns.trustAnchors", "must be DS or DNSKEY records: a string or an array of lines");
  try {
    parseTrustAnchors(Array.isArray(text) ? text.join("\n") : (text as string));
  } catch (error) {
    fail("dns.trustAnchors", `cannot be read: ${(error as Error).message}`);
  }
}

const positiveInteger = (value: unknown, max: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= max;

/** Checks every option once, when the engine is created, naming the bad one. */
export function validateEngineOptions(options: EngineOptions): void {
  if (typeof options !== "object" || options === null) fail("", "must be an object");
  const { keys } = options;
  if (keys === undefined) fail("keys", "is required: a KeyVerifier or an array of keys");
  if (!isKeyVerifier(keys)) {
    if (!Array.isArray(keys) || keys.length === 0)
      fail("keys", "must be a KeyVerifier or a non-empty array of keys");
  }
  const cache = options.cache;
  if (
    cache !== undefined &&
    (typeof cache?.get !== "function" ||
      typeof cache?.set !== "function" ||
      typeof cache?.delete !== "function")
  ) {
    fail("cache", "must be a CacheStore with get, set and delete");
  }
  if (options.basePath !== undefined) {
    const base = options.basePath;
    if (
      typeof base !== "string" ||
      (base !== "" && (!base.startsWith("/") || base.endsWith("/") || /[?#\s]/.test(base)))
    ) {
      fail("basePath", 'must be "" or a path starting with "/" and not ending with "/"');
    }
  }
  const network = options.network ?? {};
  if (network.resolvers !== undefined) {
    if (!Array.isArray(network.resolvers))
      fail("network.resolvers", "must be an array of ip or ip:port strings");
    network.resolvers.forEach((resolver, index) => {
      if (typeof resolver !== "string" || !isResolverAddress(resolver)) {
        fail(
          `network.resolvers[${index}]`,
          `must be an IP address with an optional port, got ${JSON.stringify(resolver)}`,
        );
      }
    });
  }
  if (
    network.allowPrivateAddresses !== undefined &&
    typeof network.allowPrivateAddresses !== "boolean"
  ) {
    fail("network.allowPrivateAddresses", "must be a boolean");
  }
  if (network.timeoutMs !== undefined && !positiveInteger(network.timeoutMs, 300_000)) {
    fail("network.timeoutMs", "must be an integer from 1 to 300000");
  }
  if (network.maxConcurrency !== undefined && !positiveInteger(network.maxConcurrency, 10_000)) {
    fail("network.maxConcurrency", "must be an integer from 1 to 10000");
  }
  if (
    network.maxPendingProbes !== undefined &&
    !positiveInteger(network.maxPendingProbes, 1_000_000)
  ) {
    fail("network.maxPendingProbes", "must be an integer from 1 to 1000000");
  }
  const ca = options.ssl?.ca;
  if (ca !== undefined) {
    const list = typeof ca === "string" ? [ca] : ca;
    if (
      !Array.isArray(list) ||
      list.some((pem) => typeof pem !== "string" || !pem.includes("-----BEGIN CERTIFICATE-----"))
    ) {
      fail("ssl.ca", "must be a PEM certificate string or an array of them");
    }
  }
  const scan = options.ssl?.scan;
  if (scan !== undefined && typeof scan !== "boolean") fail("ssl.scan", "must be a boolean");
  validateMailOptions(options.mail, fail);
  const rdap = options.rdap ?? {};
  if (
    rdap.bootstrap !== undefined &&
    typeof rdap.bootstrap !== "string" &&
    (typeof rdap.bootstrap !== "object" || rdap.bootstrap === null)
  ) {
    fail("rdap.bootstrap", "must be IANA bootstrap data, a file path or a URL");
  }
  if (rdap.whoisHints !== undefined) {
    if (typeof rdap.whoisHints !== "object" || rdap.whoisHints === null)
      fail("rdap.whoisHints", "must be an object of tld to host");
    for (const [tld, host] of Object.entries(rdap.whoisHints)) {
      if (typeof host !== "string" || host.length === 0)
        fail(`rdap.whoisHints.${tld}`, "must be a host name");
    }
  }
  if (
    rdap.whoisPort !== undefined &&
    !(Number.isInteger(rdap.whoisPort) && rdap.whoisPort >= 1 && rdap.whoisPort <= 65535)
  ) {
    fail("rdap.whoisPort", "must be an integer 1..65535");
  }
  validateTrustAnchors(options.dns);
  for (const [name, probe] of Object.entries(options.probes ?? {})) {
    if (probe === undefined || probe === false) continue;
    if (!sectionName.test(name) || reservedSections.has(name)) {
      fail(
        `probes.${name}`,
        "is not a valid section name (lower case letters, digits and hyphens; not reserved)",
      );
    }
    if (typeof probe !== "object" || typeof probe.run !== "function")
      fail(`probes.${name}`, "must be a Probe with a run method");
    validateProbeDescription(name, probe);
  }
  const caching = options.caching ?? {};
  if (typeof caching !== "object" || caching === null) fail("caching", "must be an object");
  for (const [name, max] of [
    ["staleGraceMs", 7 * 86_400_000],
    ["errorTtlMs", 86_400_000],
    ["storeTimeoutMs", 60_000],
    ["hotBytes", 1024 * 1024 * 1024],
  ] as const) {
    const value = caching[name];
    if (value !== undefined && !(Number.isInteger(value) && value >= 0 && value <= max)) {
      fail(`caching.${name}`, `must be an integer from 0 to ${max}`);
    }
  }
  validateRateLimitOptions(options.rateLimit);
  validateBatchOptions(options.batch, fail);
  const insightsProblem = insightsOptionsProblem(options.insights);
  if (insightsProblem) fail(insightsProblem.option, insightsProblem.expectation);
  // The options of what moved out of the engine say where it went.
  if (options.docs !== undefined && options.docs !== false) {
    fail("docs", "has moved: add routes: [swaggerUi()] from @domain-intel/swagger-ui");
  }
  if (options.keyIssuing !== undefined && options.keyIssuing !== false) {
    fail(
      "keyIssuing",
      "has moved: add routes: [keyIssuing({ store, adminSecret })] from @domain-intel/api-keys",
    );
  }
  validateEngineRoutes(
    options.routes,
    new Set([
      ...reservedSections,
      "history",
      ...Object.keys(builtInSections),
      ...Object.keys(options.probes ?? {}),
    ]),
  );
  const logger = options.logger;
  if (
    logger !== undefined &&
    (typeof logger?.warn !== "function" || typeof logger?.error !== "function")
  ) {
    fail("logger", "must have warn and error methods");
  }
  validateHooks(options.hooks);
  validateHistoryOptions(options.history, fail);
  const sections = new Set(
    [...Object.keys(builtInSections), ...Object.keys(options.probes ?? {})].filter(
      (name) => options.probes?.[name] !== false,
    ),
  );
  validateWatchOptions(options.watch, sections, fail);
  validateWebhookOptions(options.webhooks, fail);
}

function validateHooks(hooks: EngineOptions["hooks"]): void {
  if (hooks === undefined) return;
  for (const observer of Array.isArray(hooks) ? hooks : [hooks]) {
    if (typeof observer !== "object" || observer === null) {
      fail("hooks", "must be an object of hook functions, or an array of them");
    }
    for (const name of hookNamesForValidation) {
      const hook = (observer as Record<string, unknown>)[name];
      if (hook !== undefined && typeof hook !== "function")
        fail(`hooks.${name}`, "must be a function");
    }
  }
}
