import { type ProbeContext, ProbeError } from "../probe.js";
import { type DnsRecordType, recordTypes } from "./records.js";
import { isDnsQueryError } from "./wire/errors.js";
import { type DnsResponse, query } from "./wire/query.js";
import type { ServerAddress } from "./wire/server-address.js";

/** Answers a resolver may give that are about the domain, not about the resolver. */
const answeredRcodes = new Set(["NOERROR", "NXDOMAIN"]);

interface ResolverFailure {
  /** Only timeouts: the resolver may be fine, just slow or unreachable. */
  timedOut: boolean;
  /** Why, first failure first. */
  reasons: string[];
}

/**
 * Asks each resolver in turn for every record type of `domain`, in parallel under the engine's
 * limit, and returns the first resolver's complete set. One resolver answers the whole set so
 * the data is one consistent view; any failure (SERVFAIL, REFUSED, no answer, garbage) cancels
 * that resolver's other queries and moves on to the next.
 */
export async function lookupRecordSets(options: {
  domain: string;
  resolvers: readonly ServerAddress[];
  context: ProbeContext;
  udpTries: number;
  tryTimeoutMs: number;
}): Promise<{ resolver: string; responses: Record<DnsRecordType, DnsResponse> }> {
  const { domain, resolvers, context } = options;
  const failures: ResolverFailure[] = [];

  for (const resolver of resolvers) {
    throwIfCancelled({ context, domain });
    const batch = new AbortController();
    const signal = AbortSignal.any([context.signal, batch.signal]);
    const ask = async (type: DnsRecordType): Promise<DnsResponse> => {
      try {
        const response = await context.limit(() =>
          query({
            server: resolver.label,
            name: domain,
            type,
            signal,
            timeoutMs: options.tryTimeoutMs,
            udpTries: options.udpTries,
          }),
        );
        if (!answeredRcodes.has(response.rcode)) {
          throw new RcodeFailure(
            `${resolver.label} answered ${response.rcode} for ${domain}/${type}`,
          );
        }
        return response;
      } catch (error) {
        batch.abort();
        throw error;
      }
    };
    // allSettled, not all: the cancelled queries close their sockets before we move on.
    const settled = await Promise.allSettled(recordTypes.map((type) => ask(type)));
    if (settled.every((outcome) => outcome.status === "fulfilled")) {
      const responses = Object.fromEntries(
        recordTypes.map((type, index) => [
          type,
          (settled[index] as PromiseFulfilledResult<DnsResponse>).value,
        ]),
      ) as Record<DnsRecordType, DnsResponse>;
      return { resolver: resolver.label, responses };
    }
    throwIfCancelled({ context, domain });
    const errors = settled
      .filter((outcome) => outcome.status === "rejected")
      .map((outcome) => (outcome as PromiseRejectedResult).reason as unknown)
      .filter((error) => !(isDnsQueryError(error) && error.code === "aborted"));
    // Anything but a DNS failure is a bug of ours: let the engine report it as internal.
    const unexpected = errors.find(
      (error) => !(error instanceof RcodeFailure || isDnsQueryError(error)),
    );
    if (unexpected) throw unexpected;
    failures.push({
      timedOut: errors.every((error) => isDnsQueryError(error) && error.code === "timeout"),
      reasons: errors.map((error) => (error as Error).message),
    });
  }

  // One reason per resolver: the others it gave are usually the same story for other types.
  const details = failures.map((failure) => failure.reasons[0]).join("; ");
  if (failures.every((failure) => failure.timedOut)) {
    throw new ProbeError("timeout", `No DNS resolver answered for ${domain} in time: ${details}.`);
  }
  throw new ProbeError("upstream_error", `Every DNS resolver failed for ${domain}: ${details}.`);
}

class RcodeFailure extends Error {}

/** The engine's budget ran out, or its caller left: stop, and say so in the engine's terms. */
function throwIfCancelled(options: { context: ProbeContext; domain: string }): void {
  const { signal } = options.context;
  if (!signal.aborted) return;
  if (signal.reason instanceof ProbeError) throw signal.reason;
  throw new ProbeError(
    "timeout",
    `DNS lookup for ${options.domain} did not finish within ${options.context.network.timeoutMs} ms.`,
    { cause: signal.reason },
  );
}
