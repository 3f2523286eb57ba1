/** The usage of each command, shown by `<command> --help` (exit 0) and after bad usage (exit 2). */
export const mainUsage = `Usage:
  domain-intel report <domain>... [options]       a readable report of each domain (report --help)
  domain-intel audit <file|-> [options]           audit a list of domains, one a line (audit --help)
  domain-intel serve                              start the API server (serve --help)
  domain-intel mcp                                serve the Model Context Protocol on stdio (serve's settings)
  domain-intel keys create|list|revoke|rotate|migrate   manage API keys (keys --help)
  domain-intel webhooks list|retry                webhook deliveries given up on (webhooks --help)
  domain-intel --version | --help

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 bad usage,
3 a section could not be probed.`;

export const reportUsage = `Usage: domain-intel report <domain>... [options]

Probes each domain and prints a summary: each section's grade and status, the failing and
warning findings with their messages, key facts, and a count of checks.

Options:
  -s, --section NAME         one section only (dns, ssl, whois, or any section the engine has)
      --json                 the JSON the API answers (an array when several domains are given)
      --format text|json|html
                             text (default), json (as --json), or html: the report page
  -o, --output FILE          write to FILE instead of standard output
      --fail-on fail|warn|never
                             exit 1 when a finding is at or above this (default fail)
  -v, --verbose              list the passing, skipped and informational checks too
  -h, --help                 this help

Colour only on a terminal, never with NO_COLOR (FORCE_COLOR=1 forces it). Settings come from
the same DOMAIN_INTEL_* variables as serve (see serve --help).

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 bad usage,
3 a section could not be probed.`;

export const auditUsage = `Usage: domain-intel audit <file|-> [options]

Audits every domain of a file (or standard input with -), one a line; blank lines and
# comments are ignored, duplicates audited once, invalid names reported and skipped.

Options:
      --sections a,b         these sections only (default: the full report)
      --format table|csv|ndjson|json
                             table (default): one line a domain; csv: one row a domain with
                             each section's status and grade, fail and warn counts and the
                             failing ids; ndjson: one report a line; json: an array
      --concurrency N        domains probed at once (default 32)
  -o, --output FILE          write there instead of standard output
      --fail-on fail|warn|never
                             exit 1 when a finding is at or above this (default fail)
  -h, --help                 this help

A progress bar goes to standard error when it is a terminal. Each domain is written as soon
as it is done (in the file's order). Ctrl-C stops the run, writes the domains done so far and
exits 3: the verdict is incomplete.

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 bad usage,
3 a section could not be probed, or the run was interrupted.`;

/** Every variable `serve` reads, with its default: the one list `serve --help` prints. */
export const serveVariables: ReadonlyArray<[name: string, fallback: string, meaning: string]> = [
  ["PORT", "3000", "port to listen on (0: any free port)"],
  ["HOST", "0.0.0.0", "address or host name to listen on"],
  [
    "DOMAIN_INTEL_KEYS",
    "(none: a key is generated and printed)",
    "comma-separated keys or sha256:<hex> digests",
  ],
  ["DOMAIN_INTEL_KEYS_FILE", "(none)", "the key file domain-intel keys manages"],
  ["DOMAIN_INTEL_RESOLVERS", "(the system's)", "comma-separated resolvers: ip, ip:port, [v6]:port"],
  [
    "DOMAIN_INTEL_ALLOW_PRIVATE",
    "no",
    "let probes reach private, loopback and link-local addresses",
  ],
  ["DOMAIN_INTEL_CA_FILE", "(none)", "PEM file of extra trusted roots"],
  [
    "DOMAIN_INTEL_RDAP_BOOTSTRAP",
    "https://data.iana.org/rdap/dns.json",
    "IANA RDAP bootstrap: URL or file",
  ],
  ["DOMAIN_INTEL_WHOIS_HINTS", "(none)", "WHOIS server per TLD: com=whois.example,net=..."],
  [
    "DOMAIN_INTEL_CAA_ISSUERS",
    "(none)",
    "CAs for the CAA insight: My CA=my-ca.example;Other=other.example",
  ],
  ["DOMAIN_INTEL_METRICS", "no", "Prometheus text at GET /metrics, outside the base path, no key"],
  ["DOMAIN_INTEL_LOG_REQUESTS", "no", "one JSON line a request (pino's format)"],
  ["DOMAIN_INTEL_LOG_LEVEL", "info", "pino's level of those lines: error, silent..."],
  ["DOMAIN_INTEL_LOG_FILE", "(standard output)", "where those lines go"],
  ["DOMAIN_INTEL_LOG_DOMAINS", "no", "put the domain asked about in each line"],
  ["DOMAIN_INTEL_TRACES", "no", "OpenTelemetry spans of requests and probes"],
  ["DOMAIN_INTEL_SSL_SCAN", "yes", "the ssl section's protocol and cipher scan (1/0/yes/no...)"],
  [
    "DOMAIN_INTEL_TRUST_ANCHORS",
    "(the IANA root KSKs)",
    "file of DS or DNSKEY records where DNSSEC validation starts",
  ],
  [
    "DOMAIN_INTEL_SMTP",
    "yes",
    "the mail section talks SMTP to each MX (0 where port 25 is blocked)",
  ],
  ["DOMAIN_INTEL_SMTP_PORT", "25", "SMTP port of every MX"],
  ["DOMAIN_INTEL_DKIM_SELECTORS", "(none)", "DKIM selectors tried besides the common ones"],
  [
    "DOMAIN_INTEL_ASN_SOURCE",
    "builtin",
    "network data of the hosting section: builtin (@domain-intel/ip-data), cymru, or an .mmdb file",
  ],
  [
    "DOMAIN_INTEL_RPKI_RTR",
    "(none)",
    "host:port of the RTR cache route origins are validated against",
  ],
  [
    "DOMAIN_INTEL_DOCS",
    "yes",
    "the pages for people: API reference at /docs, report page at /view",
  ],
  ["DOMAIN_INTEL_VIEW", "yes", "the report page at /view (off too with DOMAIN_INTEL_DOCS=0)"],
  [
    "DOMAIN_INTEL_WATCH_FILE",
    "(none)",
    "domains to re-check on a schedule, one a line (re-read when it changes)",
  ],
  ["DOMAIN_INTEL_WATCH_INTERVAL", "1h", "time between sweeps of the watch file: 30s, 15m, 1h, 1d"],
  [
    "DOMAIN_INTEL_WEBHOOK_URL",
    "(none)",
    "where change events go (with DOMAIN_INTEL_WEBHOOK_SECRET)",
  ],
  ["DOMAIN_INTEL_WEBHOOK_SECRET", "(none)", "whsec_... secret that signs each event (never shown)"],
  [
    "REDIS_URL",
    "(none: in memory)",
    "redis:// or rediss://: cache, rate limits, keys, batch jobs, history and webhook deliveries in Redis",
  ],
  [
    "DOMAIN_INTEL_LOCK_DURATION",
    "30s",
    "with REDIS_URL: how long the batch job, sweep or webhook delivery of an instance that died stays locked before another takes it over",
  ],
];

export function serveUsage(): string {
  const width = Math.max(...serveVariables.map(([name]) => name.length)) + 2;
  const rows = serveVariables.map(
    ([name, fallback, meaning]) =>
      `  ${name.padEnd(width)}${meaning}\n  ${"".padEnd(width)}default: ${fallback}`,
  );
  return `Usage: domain-intel serve

Starts the API server (plain node:http) with the settings of these environment variables
(booleans take 1/0, true/false, yes/no; an empty variable counts as unset; a bad value stops
the start with a message naming the variable):

${rows.join("\n")}`;
}
