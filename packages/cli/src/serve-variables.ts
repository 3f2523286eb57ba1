import { availableParallelism } from "node:os";
import { redactRedisUrl } from "./redis-connection.js";
import type { ServeSettings } from "./serve-settings-schema.js";
import {
  asnSource,
  bootstrapLocation,
  duration,
  filePath,
  fileText,
  list,
  pairs,
  type Reader,
  splitList,
} from "./variable-readers.js";

/** A variable's value once read: its text, what the schema checked, and that decoded. */
export interface ReadValue {
  readonly text: string;
  readonly input: unknown;
  readonly settings: unknown;
}

/** One environment variable `serve` (and `report`, `audit`, `mcp`) reads. */
export interface ServeVariable {
  readonly name: string;
  /** One line of plain text for `serve --help`. */
  readonly summary: string;
  /** The README's words (markdown). */
  readonly doc: string;
  /**
   * Where the value goes: an engine option by its path, checked against the engine's own schema
   * for it, or one of `serve`'s own settings (`ServeSettingsSchema`).
   */
  readonly sets: { readonly option: string } | { readonly serve: keyof ServeSettings };
  /** Text to value. Default: by the schema's type (boolean, integer, comma list, text). */
  readonly read?: Reader;
  /** How it shows when unset. Default: the schema's default (or `fallback`). */
  readonly unset?: string;
  /** Read as if given when unset: `serve`'s default for an engine option that has none. */
  readonly fallback?: string;
  /**
   * Its text in the start-up line (`unset` when it is), undefined to leave it out. Default:
   * yes/no, a list joined, else the text.
   */
  readonly show?: (value: ReadValue | undefined, unset: string) => string | undefined;
  /** Never repeated in a message, and shown only through `show`. */
  readonly secret?: boolean;
  /** In effect only when `name` is set (and not off); `required`: refused without it. */
  readonly with?: { readonly name: string; readonly required?: boolean };
  /** Handed to the engine even at the engine's default. */
  readonly stated?: boolean;
  /**
   * What the engine is given: the value read (default), or the settings the engine's schema made
   * of it, when those are the spelling to show and pass on (`.NET=...` as `net`).
   */
  readonly hand?: "settings";
  /** The start-up line that shows it. Default: `settings`. */
  readonly line?: "settings" | "observability";
}

/** serve's default probe threads (the engine's is 0): the main thread keeps a core for the hits. */
export const serveProbeThreads = Math.min(2, Math.max(0, availableParallelism() - 1));

/** Only a switched-on boolean is shown: the observability line lists what is on. */
const whenOn = (value: ReadValue | undefined) => (value?.settings === true ? "yes" : undefined);

/**
 * Every variable, in the order `serve --help`, the start-up line and the README list them, and
 * the order they are checked in: the first bad one stops the start.
 */
export const serveVariables: readonly ServeVariable[] = [
  {
    name: "HOST",
    summary: "address or host name to listen on",
    doc: "where to listen: an IP address or a host name",
    sets: { serve: "host" },
  },
  {
    name: "PORT",
    summary: "port to listen on (0: any free port)",
    doc: "the port to listen on, a decimal integer from 0 to 65535 (0: any free port)",
    sets: { serve: "port" },
  },
  {
    name: "DOMAIN_INTEL_KEYS",
    summary: "comma-separated keys or sha256:<hex> digests (none: a key is generated and printed)",
    doc: "comma-separated keys or `sha256:<64 hex>` digests. With no key from here, `DOMAIN_INTEL_KEYS_FILE` or `REDIS_URL`, a key is generated and printed once. The start-up line shows how many, never a key",
    sets: { option: "keys" },
    read: list,
    secret: true,
    unset: "(none)",
    show: (value, unset) => (value ? `(${(value.input as string[]).length} keys)` : unset),
  },
  {
    name: "DOMAIN_INTEL_KEYS_FILE",
    summary: "the key file domain-intel keys manages",
    doc: "the key file `domain-intel keys` manages (JSON: hashes, names, plans, expiry, revocation; changes count within about 5 s, no restart), or the older list of keys or digests, one a line, `#` comments, still served as it is (`domain-intel keys migrate` converts it). The file must exist ([CLI README](packages/cli/README.md))",
    sets: { serve: "keysFile" },
    read: filePath('create a key with "domain-intel keys create --file PATH --name NAME"'),
    unset: "(none)",
  },
  {
    name: "DOMAIN_INTEL_RESOLVERS",
    summary: "comma-separated resolvers: ip, ip:port, [v6]:port",
    doc: "comma-separated resolvers, `ip`, `ip:port` or `[v6]:port`",
    sets: { option: "network.resolvers" },
    unset: "(system)",
  },
  {
    name: "DOMAIN_INTEL_ALLOW_PRIVATE",
    summary: "let probes reach private, loopback and link-local addresses",
    doc: "boolean: let probes reach private, loopback and link-local addresses (for labs and tests)",
    sets: { option: "network.allowPrivateAddresses" },
    // What probes may reach is always stated, never left to the engine's default.
    stated: true,
  },
  {
    name: "DOMAIN_INTEL_PROBE_THREADS",
    summary: "worker threads running the built-in sections' probe runs (0: none)",
    doc: "worker threads that run the built-in sections' probe runs, an integer from 0 to 64 (0: in the server's own thread). The main thread then only serves requests, the cache, history and events, so cache hits do not wait behind cold probe runs' parsing, cryptography and garbage collection. Default: one core less than the machine has, at most 2 (a thread costs memory: about 75 MB each in the soak)",
    sets: { option: "network.probeThreads" },
    fallback: String(serveProbeThreads),
    unset: "min(2, cores - 1)",
  },
  {
    name: "DOMAIN_INTEL_CA_FILE",
    summary: "PEM file of extra trusted roots",
    doc: "PEM file of extra trusted roots, added to Node's; read at start, every certificate in it must parse",
    sets: { option: "ssl.ca" },
    read: fileText,
    unset: "(none)",
    show: (value, unset) =>
      value ? `${value.text} (${(value.settings as string[]).length} certificates)` : unset,
  },
  {
    name: "DOMAIN_INTEL_SSL_SCAN",
    summary: "the ssl section's protocol and cipher scan (1/0/yes/no...)",
    doc: "boolean: the `ssl` section's configuration scan (protocol versions, suites, grade)",
    sets: { option: "ssl.scan" },
  },
  {
    name: "DOMAIN_INTEL_SSL_REVOCATION",
    summary: "the ssl section's revocation check: OCSP and CRLs (1/0/yes/no...)",
    doc: "boolean: the `ssl` section's revocation check (the stapled OCSP response, else the OCSP responders and CRLs the certificate names, fetched over HTTP); `0` fetches nothing",
    sets: { option: "ssl.revocation" },
  },
  {
    name: "DOMAIN_INTEL_RDAP_BOOTSTRAP",
    summary: "IANA RDAP bootstrap: URL or file",
    doc: "IANA RDAP bootstrap (`dns.json`): an `http(s)` URL, or a file (path or `file:` URL) checked at start and re-read daily. Default: IANA's `https://data.iana.org/rdap/dns.json`",
    sets: { option: "rdap.bootstrap" },
    read: bootstrapLocation,
    unset: "(IANA)",
  },
  {
    name: "DOMAIN_INTEL_WHOIS_HINTS",
    summary: "WHOIS server per TLD: com=whois.example,net=...",
    doc: "WHOIS server per TLD: `com=whois.example,net=...`",
    sets: { option: "rdap.whoisHints" },
    read: pairs({ separator: ",", shape: "tld=host" }),
    unset: "(none)",
    hand: "settings",
    show: (value, unset) => (value ? splitList(value.text).join(",") : unset),
  },
  {
    name: "DOMAIN_INTEL_CAA_ISSUERS",
    summary: "CAs for the CAA insight: My CA=my-ca.example;Other=other.example",
    doc: "CAs the CAA insight should know: `My CA=my-ca.example;Other=a.example,b.example`",
    sets: { option: "insights.caaIssuers" },
    read: pairs({
      separator: ";",
      shape: '"CA name=issuer.example[,other.example]"',
      many: true,
    }),
    unset: "(none)",
    show: (value, unset) =>
      value ? Object.keys(value.input as Record<string, unknown>).join(";") : unset,
  },
  {
    name: "DOMAIN_INTEL_TRUST_ANCHORS",
    summary: "file of DS or DNSKEY records where DNSSEC validation starts",
    doc: "a file of DS or DNSKEY records where DNSSEC validation starts",
    sets: { option: "dns.trustAnchors" },
    read: fileText,
    unset: "(IANA root)",
    show: (value, unset) =>
      value
        ? `${value.text} (${(value.settings as { zone: string }[]).map((anchor) => anchor.zone).join(",")})`
        : unset,
  },
  {
    name: "DOMAIN_INTEL_SMTP",
    summary: "the mail section talks SMTP to each MX (0 where port 25 is blocked)",
    doc: "boolean: the `mail` section talks SMTP to each MX (banner, EHLO, STARTTLS, certificate). Many clouds block outbound port 25; there, set `0` and the SMTP checks are `skipped` with that reason instead of reporting every MX as unreachable",
    sets: { option: "mail.smtp" },
  },
  {
    name: "DOMAIN_INTEL_SMTP_PORT",
    summary: "SMTP port of every MX",
    doc: "SMTP port of every MX (for labs and networks that relay 25 elsewhere)",
    sets: { option: "mail.smtpPort" },
  },
  {
    name: "DOMAIN_INTEL_DKIM_SELECTORS",
    summary: "DKIM selectors tried besides the common ones",
    doc: "comma-separated DKIM selectors tried besides the common ones; selectors cannot be listed from DNS",
    sets: { option: "mail.dkimSelectors" },
    unset: "(none)",
  },
  {
    name: "DOMAIN_INTEL_ASN_SOURCE",
    summary:
      "network data of the hosting section: builtin (@domain-intel/ip-data), cymru, or an .mmdb file",
    doc: "where the hosting section's AS, prefix and country come from: `builtin` (the `@domain-intel/ip-data` package, read on the first hosting request), `cymru` (Team Cymru's DNS through the resolvers), or the path of a MaxMind DB (`.mmdb`) file, which must be readable",
    sets: { option: "hosting.asnSource" },
    read: asnSource,
    // The engine is given a loader even for the default: the data package is the CLI's to load.
    fallback: "builtin",
  },
  {
    name: "DOMAIN_INTEL_RPKI_RTR",
    summary: "host:port of the RTR cache route origins are validated against",
    doc: "`host:port` (`[v6]:port`) of the RTR cache (RFC 8210: Routinator, StayRTR, rpki-client behind an RTR server) route origins are validated against; none: `hosting.rpki.valid` is skipped. Trusted as configured, like the resolvers",
    sets: { option: "rpki.rtr" },
    unset: "(none)",
  },
  {
    name: "DOMAIN_INTEL_WATCH_FILE",
    summary: "domains to re-check on a schedule, one a line (re-read when it changes)",
    doc: "domains to watch, one a line (`#` comments), re-read at each sweep when it changed; the file must exist. See [History, watch and events](docs/guide/fleets.md#history)",
    sets: { option: "watch.file" },
    read: filePath(),
    unset: "(none)",
  },
  {
    name: "DOMAIN_INTEL_WATCH_INTERVAL",
    summary: "time between sweeps of the watch file: 30s, 15m, 1h, 1d",
    doc: "time between sweeps, `30s`, `15m`, `1h`, `1d`: a number and `ms`, `s`, `m`, `h` or `d`",
    sets: { option: "watch.intervalMs" },
    read: duration,
    fallback: "1h",
    with: { name: "DOMAIN_INTEL_WATCH_FILE", required: true },
  },
  {
    name: "DOMAIN_INTEL_WEBHOOK_URL",
    summary: "where change events go (with DOMAIN_INTEL_WEBHOOK_SECRET)",
    doc: "where events go, through the probes' address policy. The start-up line shows only the URL's origin: its path may hold a token",
    sets: { option: "webhooks.url" },
    secret: true,
    show: (value, unset) => (value ? new URL(value.text).origin : unset),
    with: { name: "DOMAIN_INTEL_WEBHOOK_SECRET", required: true },
  },
  {
    name: "DOMAIN_INTEL_WEBHOOK_SECRET",
    summary: "whsec_... secret that signs each event (never shown)",
    doc: "the Standard Webhooks secret events are signed with: `whsec_` then 24 to 64 bytes in base64. Never shown",
    sets: { option: "webhooks.secret" },
    secret: true,
    show: () => undefined,
    with: { name: "DOMAIN_INTEL_WEBHOOK_URL", required: true },
  },
  {
    name: "REDIS_URL",
    summary:
      "redis:// or rediss://: cache, rate limits, keys, batch jobs, history and webhook deliveries in Redis",
    doc: "`redis://` or `rediss://`: cache, rate-limit buckets, API keys, history, batch jobs and webhook deliveries in Redis, shared by every instance (batch jobs, the watch sweep and webhook deliveries then run on BullMQ: one sweep at a time across instances, the work of an instance that died taken over by another). `serve` refuses to start when Redis cannot be reached at start; the start-up line masks the password ([CLI README](packages/cli/README.md))",
    sets: { serve: "redisUrl" },
    secret: true,
    unset: "(none)",
    show: (value, unset) => (value ? redactRedisUrl(value.text) : unset),
  },
  {
    name: "DOMAIN_INTEL_LOCK_DURATION",
    summary:
      "with REDIS_URL: how long the batch job, sweep or webhook delivery of an instance that died stays locked",
    doc: "with `REDIS_URL`: how long BullMQ's lock on a running batch job, sweep or webhook delivery lasts without renewal, the same form as the watch interval; the work of an instance that died is taken over after one to two of these",
    sets: { serve: "lockDurationMs" },
    read: duration,
    fallback: "30s",
    with: { name: "REDIS_URL" },
  },
  {
    name: "DOMAIN_INTEL_DOCS",
    summary:
      "the pages for people: API reference at /docs, report page at /view, fleet page at /fleet",
    doc: "boolean: the pages for people, the API reference at `/api/v1/docs`, the report page at `/api/v1/view` and the fleet page at `/api/v1/fleet` (`docs: false` in `serve({ engine })` turns all three off too)",
    sets: { serve: "docs" },
  },
  {
    name: "DOMAIN_INTEL_VIEW",
    summary:
      "the report page at /view and the fleet page at /fleet (off too with DOMAIN_INTEL_DOCS=0)",
    doc: "boolean: the report page at `/api/v1/view` and the fleet page at `/api/v1/fleet`; off too with `DOMAIN_INTEL_DOCS=0`",
    sets: { serve: "view" },
    with: { name: "DOMAIN_INTEL_DOCS" },
  },
  {
    name: "DOMAIN_INTEL_METRICS",
    summary: "Prometheus text at GET /metrics, outside the base path, no key",
    doc: "Prometheus text at `GET /metrics`, outside the base path and without a key (keep the port off the public internet or filter `/metrics` in front): `domain_intel_http_requests_total{route,status}`, `domain_intel_http_request_duration_seconds{route}`, `domain_intel_probe_duration_seconds{section,outcome}`, `domain_intel_cache_lookups_total{section,result}`, cache errors, overloads and prom-client's process metrics. `route` is the template (`/dns/{domain}`), never the path",
    sets: { serve: "metrics" },
    show: whenOn,
    line: "observability",
  },
  {
    name: "DOMAIN_INTEL_LOG_REQUESTS",
    summary: "one JSON line a request (pino's format)",
    doc: "one JSON line a request in pino's format: `level`, `time`, `msg`, `method`, `route` (the template), `status`, `durationMs`, `cache`, `keyId` (the key's id, never the key). Lines are written in batches of about 16 KB, at most a second late",
    sets: { serve: "logRequests" },
    show: whenOn,
    line: "observability",
  },
  {
    name: "DOMAIN_INTEL_LOG_LEVEL",
    summary: "pino's level of those lines: error, silent...",
    doc: "the request lines' level: `info` (5xx answers are `error`), `error`, `silent`... (pino's names)",
    sets: { serve: "logLevel" },
    with: { name: "DOMAIN_INTEL_LOG_REQUESTS" },
    line: "observability",
  },
  {
    name: "DOMAIN_INTEL_LOG_FILE",
    summary: "where those lines go",
    doc: "where the request lines go",
    sets: { serve: "logFile" },
    unset: "stdout",
    with: { name: "DOMAIN_INTEL_LOG_REQUESTS" },
    line: "observability",
  },
  {
    name: "DOMAIN_INTEL_LOG_DOMAINS",
    summary: "put the domain asked about in each line",
    doc: "boolean: put the domain asked about in each request line",
    sets: { serve: "logDomains" },
    with: { name: "DOMAIN_INTEL_LOG_REQUESTS" },
    line: "observability",
  },
  {
    name: "DOMAIN_INTEL_TRACES",
    summary: "OpenTelemetry spans of requests and probes",
    doc: "a span a request and a probe run through `@opentelemetry/api`: start `serve` with an OpenTelemetry SDK registered (`node --import ./otel.js $(which domain-intel) serve`); with its context manager (NodeSDK's), a probe run's span is the child of the request that started it",
    sets: { serve: "traces" },
    show: whenOn,
    line: "observability",
  },
];
