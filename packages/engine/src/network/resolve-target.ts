import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { NoTimeLeftError, stepTimeoutMs } from "../contract/budget.js";
import type { ProbeContext } from "../contract/probe.js";
import { type AddressClass, classifyAddress } from "./address-policy.js";
import { type ResolvedAddress, resolveHost } from "./resolve-host.js";

export interface ResolvedTarget {
  host: string;
  /** Every distinct address the name resolved to, IPv4 first, in the resolver's order. */
  addresses: AddressClass[];
  /** The addresses the network policy lets a probe connect to, same order. */
  allowed: AddressClass[];
  /** The others, with the range that refused them. */
  refused: AddressClass[];
}

/** What one resolver did with the lookup. */
export interface ResolverAttempt {
  /** As configured (`127.0.0.1:5353`), or as the system lists it. */
  readonly resolver: string;
  /**
   * `timeout`: no answer within `timeoutMs`; `not_asked`: no time was left for it;
   * `cancelled`: the run was; else the resolver library's code (`ESERVFAIL`, `ECONNREFUSED`...).
   */
  readonly outcome: string;
  readonly timeoutMs: number;
}

/** No resolver answered for the name (NXDOMAIN and NODATA are answers: an empty list). */
export class TargetResolutionError extends Error {
  readonly code = "ERR_TARGET_UNRESOLVED";
  readonly host: string;
  /** Each resolver in the order asked. */
  readonly attempts: readonly ResolverAttempt[];
  /** Nothing came back at all: every resolver stayed silent or was not asked. */
  readonly timedOut: boolean;
  constructor(host: string, attempts: readonly ResolverAttempt[]) {
    const said =
      attempts.length === 0
        ? "no time was left for a lookup"
        : attempts.map((attempt) => `${attempt.resolver} ${describeOutcome(attempt)}`).join("; ");
    super(`${host} could not be resolved: ${said}.`);
    this.name = "TargetResolutionError";
    this.host = host;
    this.attempts = attempts;
    this.timedOut = attempts.every(
      (attempt) => attempt.outcome === "timeout" || attempt.outcome === "not_asked",
    );
  }
}

const outcomeText: Record<string, string> = {
  not_asked: "was not asked: no time was left",
  cancelled: "was cancelled with the probe run",
  ESERVFAIL: "answered SERVFAIL",
  EREFUSED: "answered REFUSED",
  EFORMERR: "answered FORMERR",
  ENOTIMP: "answered NOTIMP",
  EBADRESP: "sent an unreadable answer",
  ECONNREFUSED: "refused the query: nothing listening",
};

function describeOutcome(attempt: ResolverAttempt): string {
  if (attempt.outcome === "timeout") return `did not answer within ${attempt.timeoutMs} ms`;
  return outcomeText[attempt.outcome] ?? `failed (${attempt.outcome})`;
}

/**
 * Resolves `host` once through the context's resolvers and judges every address against the
 * policy. Connect only to `allowed` addresses, by address (see connectTls): a second lookup of
 * the name could be answered differently (DNS rebinding). A name with both public and private
 * addresses yields both lists; the caller decides whether the public ones alone are enough.
 * An IP literal is judged as is, without a lookup.
 *
 * The lookup takes at most `timeoutMs` (default: all that stepTimeoutMs leaves), shared among
 * the resolvers asked in turn, so a silent resolver leaves time for the next one and the run
 * time to answer. When none answers it rejects with TargetResolutionError, saying what each did.
 */
export async function resolveTarget(options: {
  host: string;
  context: ProbeContext;
  timeoutMs?: number;
}): Promise<ResolvedTarget> {
  const { host, context } = options;
  if (typeof host !== "string" || host.length === 0) {
    throw new TypeError("resolveTarget: options.host must be a host name or an IP literal");
  }
  const literal = host.replace(/^\[(.*)\]$/, "$1");
  const found = isIP(literal)
    ? [{ address: literal }]
    : await lookUp(host, context, stepTimeoutMs(context, { maxMs: options.timeoutMs }));

  const seen = new Set<string>();
  const addresses: AddressClass[] = [];
  for (const { address } of found) {
    if (seen.has(address)) continue;
    seen.add(address);
    addresses.push(classifyAddress({ address }));
  }
  addresses.sort((a, b) => a.family - b.family);
  const allow = context.network.allowPrivateAddresses;
  return {
    host,
    addresses,
    allowed: addresses.filter((address) => allow || address.public),
    refused: addresses.filter((address) => !(allow || address.public)),
  };
}

async function lookUp(
  host: string,
  context: ProbeContext,
  windowMs: number,
): Promise<ResolvedAddress[]> {
  const deadline = performance.now() + windowMs;
  const resolvers = context.network.resolvers.length
    ? context.network.resolvers
    : systemResolvers();
  const attempts: ResolverAttempt[] = [];
  for (const [index, resolver] of resolvers.entries()) {
    const timeoutMs = Math.floor((deadline - performance.now()) / (resolvers.length - index));
    if (timeoutMs < 1 || context.signal.aborted) {
      attempts.push({ resolver, outcome: "not_asked", timeoutMs: 0 });
      continue;
    }
    const result = await lookUpThrough({ host, context, resolver, timeoutMs });
    if (result.ok) return result.addresses;
    attempts.push({ resolver, outcome: result.outcome, timeoutMs });
  }
  throw new TargetResolutionError(host, attempts);
}

// c-ares asks 127.0.0.1 when the system configures no resolver.
function systemResolvers(): string[] {
  const servers = new Resolver().getServers();
  return servers.length > 0 ? servers : ["127.0.0.1"];
}

/** One resolver's answer within `timeoutMs`: two tries, the second cut short if need be. */
async function lookUpThrough(options: {
  host: string;
  context: ProbeContext;
  resolver: string;
  timeoutMs: number;
}): Promise<{ ok: true; addresses: ResolvedAddress[] } | { ok: false; outcome: string }> {
  const { host, context, resolver, timeoutMs } = options;
  const step = new AbortController();
  const timer = setTimeout(() => step.abort(), timeoutMs);
  try {
    const addresses = await resolveHost(
      host,
      {
        signal: AbortSignal.any([context.signal, step.signal]),
        network: { ...context.network, resolvers: [resolver] },
        limit: context.limit,
      },
      { tryTimeoutMs: Math.max(1, Math.floor(timeoutMs / 2)) },
    );
    return { ok: true, addresses };
  } catch (error) {
    // No slot of the engine's limit came free in time: the resolver was not asked.
    if (error instanceof NoTimeLeftError) return { ok: false, outcome: "not_asked" };
    const code = (error as NodeJS.ErrnoException).code;
    if (step.signal.aborted || code === "ETIMEOUT") return { ok: false, outcome: "timeout" };
    // Resolver failures carry c-ares's code; anything else is a bug, not a resolver's doing.
    if (code === undefined) throw error;
    return { ok: false, outcome: code === "ECANCELLED" ? "cancelled" : code };
  } finally {
    clearTimeout(timer);
  }
}
