import {
  type BootstrapData,
  type DomainRecord,
  type LookupAttempt,
  type LookupResult,
  lookup,
} from "rdapper";
import { getDomain, getPublicSuffix } from "tldts";
import { stepTimeoutMs } from "../../contract/budget.js";
import { type Probe, type ProbeContext, ProbeError } from "../../contract/probe.js";
import { resolveOptions } from "../../contract/resolve-options.js";
import {
  createBootstrapLoader,
  describeBootstrapFailure,
  parseBootstrapOption,
} from "../../protocols/rdap/bootstrap.js";
import {
  type FetchLike,
  GuardedFetchError,
  guardedFetchPerPolicy,
} from "../../protocols/rdap/guarded-fetch.js";
import {
  WhoisOptions,
  type WhoisProbeOptions,
  type WhoisSettings,
  whoisDeclaration,
} from "./declaration.js";
import { toWhoisData } from "./normalize.js";
// Until the section's data is declared with TypeBox, the probe publishes its JSON Schema as it was.
import { describeFailedAttempts, originOf, type Refusal, serversFromAttempts } from "./servers.js";
import { whoisTtlMs } from "./ttl.js";
import type { WhoisData } from "./whois-data.js";
import { type RegistryWhoisResult, registryWhois } from "./whois-lookup.js";
import { followReferral, registrarReferral, withRegistrarRecord } from "./whois-referral.js";

/** Registrar links must finish this much before rdapper's deadline, which would drop the answer. */
const linkMarginMs = 100;

/**
 * The built-in `whois` section: RDAP first (rdapper, over network/'s guarded dispatcher), WHOIS
 * fallback (our own exchanges through network/: the hint or the server IANA names, then one
 * hop to the registrar's WHOIS when the registry refers to it). Every connection at every hop
 * resolves through the configured resolvers and goes only to an address the policy allows.
 * Each step's timeout comes from what is left of the budget. A subdomain is looked up by its
 * registrable domain. An unregistered name is data, and so are the `whois.domain.*` findings;
 * a step that ran out of time after the registry answered leaves `whois.lookup.partial`; a
 * lookup where no registry answered throws `ProbeError` (`timeout` when time ran out,
 * otherwise `upstream_error`) naming every server tried.
 */
export function whoisProbe(options: WhoisProbeOptions = {}): Probe<WhoisData> {
  return createWhoisProbe(resolveOptions(WhoisOptions, options, "whoisProbe: options"));
}

/** The probe from settings already resolved (the engine resolves them once, at creation). */
export function createWhoisProbe(settings: WhoisSettings): Probe<WhoisData> {
  const loader = createBootstrapLoader(
    settings.bootstrap ?? parseBootstrapOption(undefined, "whoisProbe: options.bootstrap"),
  );
  const whoisHints = settings.whoisHints;
  const port = settings.whoisPort;

  const fetcherFor = guardedFetchPerPolicy();

  const run = async (domain: string, context: ProbeContext): Promise<WhoisData> => {
    const started = Date.now();
    const budgetMs = context.network.timeoutMs;
    // One step may take half the budget: the other half is the next step's (the WHOIS fallback).
    const maxStepMs = Math.max(1, Math.floor(budgetMs / 2));
    const queriedDomain = (getDomain(domain) ?? domain).toLowerCase();
    const tld = getPublicSuffix(queriedDomain) ?? queriedDomain.split(".").pop() ?? "";
    const guarded = fetcherFor(context.network);
    const refusals = new Map<string, Refusal>();
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
        signal: AbortSignal.any([
          context.signal,
          AbortSignal.timeout(Math.max(1, stepTimeoutMs(context, { maxMs: maxStepMs }))),
        ]),
        timeoutMs: budgetMs,
      });
    } catch (error) {
      if (context.signal.aborted) throw stopped(context, queriedDomain, budgetMs);
      // Without a bootstrap, WHOIS can still answer.
      bootstrapFailure = describeBootstrapFailure(loader.location, error);
    }

    const rdap = bootstrap
      ? await rdapLookup({
          domain: queriedDomain,
          bootstrap,
          fetch: limitedFetch,
          context,
          maxStepMs,
        })
      : undefined;
    if (rdap?.errorCode === "aborted" && context.signal.aborted) {
      throw stopped(context, queriedDomain, budgetMs);
    }
    const attempts: LookupAttempt[] = [...(rdap?.attempts ?? [])];
    const steps = { context, port, maxStepMs, attempts, refusals };
    const answered: { record: DomainRecord } | undefined =
      rdap?.ok && rdap.record ? { record: rdap.record } : undefined;
    const whois = answered
      ? undefined
      : await registryWhois({ ...steps, domain: queriedDomain, tld, hints: whoisHints });
    if (whois?.ok === false && whois.errorCode === "aborted" && context.signal.aborted) {
      throw stopped(context, queriedDomain, budgetMs);
    }
    let record = answered?.record ?? (whois?.ok ? whois.record : undefined);

    if (record) {
      const servers = serversFromAttempts(
        attempts,
        refusals,
        record.isRegistered ? undefined : record.source,
      );
      const referral =
        record.source === "whois" && record.isRegistered
          ? registrarReferral(record.rawWhois, record.whoisServer ?? "")
          : null;
      const unasked: string[] = [];
      if (referral) {
        const hop = await followReferral({ ...steps, domain: queriedDomain, tld, host: referral });
        if (hop.server) servers.push(hop.server);
        if (hop.record) record = withRegistrarRecord(record, hop.record);
        if (hop.outOfTime) unasked.push(`WHOIS ${referral}`);
      }
      return toWhoisData({ queriedDomain, record, servers, unasked, now: Date.now() });
    }

    const details = [
      ...(bootstrapFailure ? [bootstrapFailure] : []),
      ...describeFailedAttempts(attempts, refusals),
      ...lookupProblems({ rdap, whois, tld, hadBootstrap: bootstrap !== undefined }),
    ];
    const detail = details.length > 0 ? details.join("; ") : "lookup failed";
    const outOfTime =
      (whois?.ok === false && whois.errorCode === "timeout") ||
      (whois === undefined && rdap?.errorCode === "timeout") ||
      stepTimeoutMs(context) <= 0;
    if (outOfTime) {
      throw new ProbeError(
        "timeout",
        `Registration lookup for ${queriedDomain} ran out of time after ${Date.now() - started} ms: ${detail}`,
      );
    }
    throw new ProbeError("upstream_error", `No registry answered for ${queriedDomain}: ${detail}`);
  };

  return {
    summary: whoisDeclaration.summary,
    dataSchema: whoisDeclaration.data,
    example: whoisDeclaration.example,
    run,
    ttlMs: (data) => whoisTtlMs({ data, now: Date.now() }),
  };
}

/**
 * The RDAP part, through rdapper with our fetch (rdapper never does WHOIS here). Its per-request
 * timeout and its deadline come from what is left of the budget; registrar links stop just
 * before the deadline, so one that hangs costs the link, not the registry's answer.
 */
async function rdapLookup(input: {
  domain: string;
  bootstrap: BootstrapData;
  fetch: FetchLike;
  context: ProbeContext;
  maxStepMs: number;
}): Promise<LookupResult | undefined> {
  const { context } = input;
  const deadlineMs = stepTimeoutMs(context);
  if (deadlineMs <= 0) return undefined;
  let registryAnswered = false;
  const linkCutoff = AbortSignal.timeout(Math.max(1, deadlineMs - linkMarginMs));
  const customFetch: FetchLike = async (url, init) => {
    const signal = registryAnswered
      ? AbortSignal.any(init?.signal ? [init.signal, linkCutoff] : [linkCutoff])
      : init?.signal;
    const response = await input.fetch(url, { ...init, signal });
    if (response.ok) registryAnswered = true;
    return response;
  };
  const result = await lookup(input.domain, {
    customBootstrapData: input.bootstrap,
    customFetch,
    rdapOnly: true,
    timeoutMs: Math.max(1, stepTimeoutMs(context, { maxMs: input.maxStepMs })),
    deadlineMs,
    signal: context.signal,
    includeRaw: true,
  });
  return result;
}

/** What went wrong beyond the per-server trace (a TLD nobody serves, a reply with no data). */
function lookupProblems(input: {
  rdap: LookupResult | undefined;
  whois: RegistryWhoisResult | undefined;
  tld: string;
  hadBootstrap: boolean;
}): string[] {
  const { rdap, whois, tld } = input;
  const askedRdap = rdap?.attempts.some((attempt) => attempt.phase === "rdap") ?? false;
  const problems: string[] = [];
  if (input.hadBootstrap && rdap && !askedRdap) {
    problems.push(`the RDAP bootstrap lists no server for .${tld}`);
  }
  if (whois?.ok === false && whois.errorCode === "no_server") {
    problems.push(`no WHOIS server is known for .${tld}`);
  }
  if (whois?.ok === false && whois.errorCode === "unparseable") {
    problems.push(
      `WHOIS ${whois.server ?? "server"} answered without recognisable registration data`,
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
