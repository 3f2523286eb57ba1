import { isIP } from "node:net";
import { type BootstrapData, type LookupResult, lookup } from "rdapper";
import { getDomain, getPublicSuffix } from "tldts";
import {
  type NetworkPolicy,
  type Probe,
  type ProbeContext,
  ProbeError,
} from "../../contract/probe.js";
import { resolveHost } from "../../network/resolve-host.js";
import {
  createBootstrapLoader,
  describeBootstrapFailure,
  parseBootstrapOption,
} from "./bootstrap.js";
import {
  createGuardedFetch,
  type FetchLike,
  type GuardedFetch,
  GuardedFetchError,
} from "./guarded-fetch.js";
import { toWhoisData } from "./normalize.js";
import example from "./openapi-example.json" with { type: "json" };
import { whoisDataSchema } from "./schema.js";
import { describeFailedAttempts, originOf, serversFromAttempts } from "./servers.js";
import { whoisTtlMs } from "./ttl.js";
import type { WhoisData } from "./whois-data.js";
import { followReferral, registrarReferral, withRegistrarRecord } from "./whois-referral.js";

export interface WhoisProbeOptions {
  /**
   * IANA RDAP bootstrap (RFC 9224 `dns.json`) as data, a file path or an http(s) URL.
   * Loaded once and kept 24 h. Default: IANA's https://data.iana.org/rdap/dns.json.
   */
  bootstrap?: object | string;
  /**
   * WHOIS host per TLD (`{ com: "whois.verisign-grs.com" }`), instead of asking whois.iana.org.
   * Keys are public suffixes as rdapper routes them: `example.co.uk` needs a `co.uk` key.
   */
  whoisHints?: Record<string, string>;
}

const optionNames = new Set(["bootstrap", "whoisHints"]);
/** rdapper's deadline ends this much before the engine's budget, so its traced answer comes first. */
const deadlineMarginMs = 100;
/** Registrar links must finish this much before rdapper's deadline, which would drop the answer. */
const linkMarginMs = 100;

/**
 * The built-in `whois` section: RDAP first, WHOIS fallback (with one hop to the registrar's
 * WHOIS when the registry refers to it), through rdapper. A subdomain is looked up by its
 * registrable domain. An unregistered name is data, and so are the `whois.domain.*` findings;
 * a lookup where no registry answered throws `ProbeError` (`timeout` when time ran out,
 * otherwise `upstream_error`) naming every server tried.
 */
export function whoisProbe(options: WhoisProbeOptions = {}): Probe<WhoisData> {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError("whoisProbe: options must be an object");
  }
  for (const key of Object.keys(options)) {
    if (!optionNames.has(key)) {
      throw new TypeError(
        `whoisProbe: options.${key} is not an option (expected bootstrap, whoisHints)`,
      );
    }
  }
  const loader = createBootstrapLoader(
    parseBootstrapOption(options.bootstrap, "whoisProbe: options.bootstrap"),
  );
  const whoisHints = parseWhoisHints(options.whoisHints);

  // One agent per network policy: connections are reused across runs, the guard stays per policy.
  const fetchers = new Map<string, GuardedFetch>();
  const fetcherFor = (network: NetworkPolicy): GuardedFetch => {
    const key = JSON.stringify([
      network.allowPrivateAddresses,
      network.resolvers,
      network.timeoutMs,
    ]);
    let fetcher = fetchers.get(key);
    if (!fetcher) {
      fetcher = createGuardedFetch({
        allowPrivateAddresses: network.allowPrivateAddresses,
        // The request that needs this address already holds a `context.limit` slot; taking
        // a second one here could deadlock a limit of 1.
        resolve: (host) =>
          resolveHost(host, {
            signal: AbortSignal.timeout(network.timeoutMs),
            network,
            limit: (operation) => operation(),
          }),
      });
      fetchers.set(key, fetcher);
    }
    return fetcher;
  };

  const run = async (domain: string, context: ProbeContext): Promise<WhoisData> => {
    const started = Date.now();
    const budgetMs = context.network.timeoutMs;
    const deadlineAt = started + budgetMs - Math.min(deadlineMarginMs, budgetMs / 10);
    // Half the budget per operation leaves the other half for the WHOIS fallback.
    const operationMs = Math.max(1, Math.floor((deadlineAt - started) / 2));
    const queriedDomain = (getDomain(domain) ?? domain).toLowerCase();
    const guarded = fetcherFor(context.network);
    const refusals = new Map<string, GuardedFetchError>();
    const limitedFetch: FetchLike = (input, init) =>
      context.limit(async () => {
        try {
          return await guarded.fetch(input, init);
        } catch (error) {
          if (error instanceof GuardedFetchError) refusals.set(originOf(String(input)), error);
          throw error;
        }
      });

    let bootstrap: BootstrapData | undefined;
    let bootstrapFailure: string | undefined;
    try {
      bootstrap = await loader.load({
        fetch: limitedFetch,
        signal: AbortSignal.any([context.signal, AbortSignal.timeout(operationMs)]),
        timeoutMs: budgetMs,
      });
    } catch (error) {
      if (context.signal.aborted) throw stopped(context, queriedDomain, budgetMs);
      // Without a bootstrap, WHOIS can still answer.
      bootstrapFailure = describeBootstrapFailure(loader.location, error);
    }

    const remainingMs = Math.floor(deadlineAt - Date.now());
    if (remainingMs <= 0) {
      throw new ProbeError(
        "timeout",
        `Registration lookup for ${queriedDomain} ran out of time before asking a registry (${budgetMs} ms budget)${bootstrapFailure ? `: ${bootstrapFailure}` : ""}`,
      );
    }

    // rdapper asks registry bases until one answers 2xx, then follows registrar links. Those
    // links come from upstream data; one that hangs must cost the link, not the registry answer.
    let registryAnswered = false;
    const linkCutoff = AbortSignal.timeout(Math.max(1, remainingMs - linkMarginMs));
    const customFetch: FetchLike = async (input, init) => {
      const signal = registryAnswered
        ? AbortSignal.any(init?.signal ? [init.signal, linkCutoff] : [linkCutoff])
        : init?.signal;
      const response = await limitedFetch(input, { ...init, signal });
      if (response.ok) registryAnswered = true;
      return response;
    };

    const result = await lookup(queriedDomain, {
      ...(bootstrap ? { customBootstrapData: bootstrap } : { whoisOnly: true }),
      customFetch,
      whoisHints,
      // The registrar hop is ours (whois-referral.ts), under the engine's resolvers and policy.
      followWhoisReferral: false,
      timeoutMs: operationMs,
      deadlineMs: remainingMs,
      signal: context.signal,
      includeRaw: true,
    });

    if (result.ok && result.record) {
      let record = result.record;
      const servers = serversFromAttempts(
        result.attempts,
        refusals,
        record.isRegistered ? undefined : record.source,
      );
      const referral =
        record.source === "whois" && record.isRegistered
          ? registrarReferral(record.rawWhois, record.whoisServer ?? "")
          : null;
      if (referral) {
        const hop = await followReferral({
          domain: queriedDomain,
          tld: record.tld,
          host: referral,
          context,
          deadlineAt,
          operationMs,
        });
        if (hop.server) servers.push(hop.server);
        if (hop.record) record = withRegistrarRecord(record, hop.record);
      }
      return toWhoisData({ queriedDomain, record, servers, now: Date.now() });
    }
    if (result.errorCode === "aborted" && context.signal.aborted) {
      throw stopped(context, queriedDomain, budgetMs);
    }
    if (result.errorCode === "invalid_input" || result.errorCode === "invalid_tld") {
      throw new ProbeError("internal", `rdapper does not accept ${queriedDomain} as a domain name`);
    }
    const details = [
      ...(bootstrapFailure ? [bootstrapFailure] : []),
      ...describeFailedAttempts(result.attempts, refusals),
      ...resultProblems(result, queriedDomain, bootstrap !== undefined),
    ];
    const detail = details.length > 0 ? details.join("; ") : `lookup failed (${result.errorCode})`;
    if (result.errorCode === "timeout") {
      throw new ProbeError(
        "timeout",
        `Registration lookup for ${queriedDomain} ran out of time after ${Date.now() - started} ms: ${detail}`,
      );
    }
    throw new ProbeError("upstream_error", `No registry answered for ${queriedDomain}: ${detail}`);
  };

  return {
    summary: "Registration snapshot: RDAP first, WHOIS fallback.",
    dataSchema: whoisDataSchema,
    example: example as WhoisData,
    run,
    ttlMs: (data) => whoisTtlMs({ data, now: Date.now() }),
  };
}

/** What went wrong beyond the per-server trace (a TLD nobody serves, a reply with no data). */
function resultProblems(result: LookupResult, domain: string, hadBootstrap: boolean): string[] {
  const tld = getPublicSuffix(domain) ?? domain.split(".").pop();
  const askedRdap = result.attempts.some((attempt) => attempt.phase === "rdap");
  const problems: string[] = [];
  if (hadBootstrap && !askedRdap) problems.push(`the RDAP bootstrap lists no server for .${tld}`);
  if (result.errorCode === "no_server") problems.push(`no WHOIS server is known for .${tld}`);
  if (result.errorCode === "unparseable") {
    problems.push(
      `WHOIS ${result.errorServer ?? "server"} answered without recognisable registration data`,
    );
  }
  return problems;
}

/**
 * The error for a run whose signal fired: our own timeout for a `TimeoutError`, otherwise the
 * signal's reason as given (the engine's budget aborts with its own ProbeError).
 */
function stopped(context: ProbeContext, domain: string, budgetMs: number): unknown {
  const reason: unknown = context.signal.reason;
  if (reason instanceof Error && reason.name === "TimeoutError") {
    return new ProbeError(
      "timeout",
      `Registration lookup for ${domain} ran out of time (${budgetMs} ms budget)`,
      { cause: reason },
    );
  }
  return reason;
}

const hintKey = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const hostName =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function parseWhoisHints(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(
      "whoisProbe: options.whoisHints must be an object mapping a TLD to a WHOIS host",
    );
  }
  const hints: Record<string, string> = {};
  for (const [tld, host] of Object.entries(value)) {
    const key = tld.trim().toLowerCase().replace(/^\./, "");
    if (!hintKey.test(key)) {
      throw new TypeError(
        `whoisProbe: options.whoisHints key "${tld}" must be a TLD such as "com"`,
      );
    }
    const server = typeof host === "string" ? host.trim().replace(/^whois:\/\//i, "") : "";
    if (!(isIP(server) || hostName.test(server))) {
      throw new TypeError(
        `whoisProbe: options.whoisHints.${key} must be a WHOIS host name or IP address (port 43 is implied)`,
      );
    }
    hints[key] = server;
  }
  return hints;
}
