import { setMaxListeners } from "node:events";
import { NoTimeLeftError } from "../../contract/budget.js";
import { type ProbeContext, ProbeError } from "../../contract/probe.js";
import { impossibleName } from "../../protocols/dns/impossible-name.js";
import { queryBudget } from "../../protocols/dns/query-budget.js";
import { DnsQueryError, isDnsQueryError } from "../../protocols/dns/wire/errors.js";
import { type DnsResponse, query } from "../../protocols/dns/wire/query.js";
import type { ServerAddress } from "../../protocols/dns/wire/server-address.js";
import { questionName, type RecordQuestionKey, recordQuestions } from "./record-questions.js";

/** Answers a resolver may give that are about the domain, not about the resolver. */
const answeredRcodes = new Set(["NOERROR", "NXDOMAIN"]);

interface ResolverFailure {
  /** Only timeouts: the resolver may be fine, just slow or unreachable. */
  timedOut: boolean;
  /** Why, first failure first. */
  reasons: string[];
}

export interface RecordSets {
  resolver: ServerAddress;
  /** The answer to each question that got one. */
  responses: Partial<Record<RecordQuestionKey, DnsResponse>>;
  /** Why an optional question got no usable answer. */
  unanswered: Partial<Record<RecordQuestionKey, string>>;
}

/**
 * Asks each resolver in turn every record question about `domain`, in parallel under the
 * engine's limit, and returns the first resolver's complete set. One resolver answers the
 * whole set so the data is one consistent view; a failed required question (SERVFAIL, REFUSED,
 * no answer, garbage) cancels that resolver's other queries and moves on to the next.
 * Queries carry CD so a validating resolver hands over data whose signatures fail: the probe
 * judges DNSSEC itself, and a bogus zone still gets its records shown.
 */
export async function lookupRecordSets(options: {
  domain: string;
  resolvers: readonly ServerAddress[];
  context: ProbeContext;
  udpTries: number;
  tryTimeoutMs: number;
}): Promise<RecordSets> {
  const { domain, resolvers, context } = options;
  const failures: ResolverFailure[] = [];

  // What each resolver that failed said, so that an error cut short by the deadline still does.
  const tried = () => failures.map((failure) => failure.reasons[0]!);

  for (const resolver of resolvers) {
    throwIfCancelled({ context, domain, tried: tried() });
    if (!queryBudget({ context, tryTimeoutMs: options.tryTimeoutMs, tries: options.udpTries })) {
      // Too little budget left for any answer: the resolvers not asked yet stay unasked.
      failures.push({ timedOut: true, reasons: [`no time was left to ask ${resolver.label}`] });
      continue;
    }
    const batch = new AbortController();
    const signal = AbortSignal.any([context.signal, batch.signal]);
    // Every query in flight listens to this one signal; more than Node's default of 10.
    setMaxListeners(recordQuestions.length + 1, signal);
    const responses: RecordSets["responses"] = {};
    const unanswered: RecordSets["unanswered"] = {};
    const ask = async (question: (typeof recordQuestions)[number]): Promise<void> => {
      const name = questionName({ question, domain });
      // `_submission._tcp.` plus a long domain may pass 253 characters: no such name, no records.
      if (!question.required && impossibleName(name) !== null) return;
      try {
        const response = await context
          .limit(() => {
            // Measured once the limit lets the query go: it may have waited in the queue.
            const budget = queryBudget({
              context,
              tryTimeoutMs: options.tryTimeoutMs,
              tries: options.udpTries,
            });
            if (!budget) {
              throw new DnsQueryError({
                code: "timeout",
                message: `no time was left to ask ${resolver.label} for ${name}/${question.type}`,
                server: resolver.label,
                transport: "udp",
              });
            }
            return query({
              server: resolver.label,
              name,
              type: question.type,
              checkingDisabled: true,
              // With their RRSIGs, so the chain of trust validates the apex on these answers.
              dnssecOk: question.type === "DS" || question.type === "DNSKEY",
              signal,
              timeoutMs: options.tryTimeoutMs,
              udpTries: options.udpTries,
              totalTimeoutMs: budget.totalTimeoutMs,
              minTryMs: budget.minTryMs,
            });
          })
          .catch((error: unknown) => {
            if (!(error instanceof NoTimeLeftError)) throw error;
            // No slot of the engine's limit came free in time: as if no time were left.
            throw new DnsQueryError({
              code: "timeout",
              message: `no time was left to ask ${resolver.label} for ${name}/${question.type}`,
              server: resolver.label,
              transport: "udp",
            });
          });
        if (!answeredRcodes.has(response.rcode)) {
          throw new RcodeFailure(
            `${resolver.label} answered ${response.rcode} for ${name}/${question.type}`,
          );
        }
        responses[question.key] = response;
      } catch (error) {
        if (question.required) {
          batch.abort();
          throw error;
        }
        if (!(error instanceof RcodeFailure || isDnsQueryError(error))) throw error;
        unanswered[question.key] = (error as Error).message;
      }
    };
    // allSettled, not all: the cancelled queries close their sockets before we move on.
    const settled = await Promise.allSettled(recordQuestions.map((question) => ask(question)));
    if (settled.every((outcome) => outcome.status === "fulfilled")) {
      return { resolver, responses, unanswered };
    }
    throwIfCancelled({ context, domain, tried: tried() });
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

/**
 * The engine's budget ran out, or its caller left: stop, and say so in the engine's terms,
 * followed by what the resolvers tried so far answered (`tried`), if any of them failed.
 */
export function throwIfCancelled(options: {
  context: ProbeContext;
  domain: string;
  tried?: readonly string[];
}): void {
  const { signal } = options.context;
  if (!signal.aborted) return;
  const cancelled =
    signal.reason instanceof ProbeError
      ? signal.reason
      : new ProbeError(
          "timeout",
          `DNS lookup for ${options.domain} did not finish within ${options.context.network.timeoutMs} ms.`,
          { cause: signal.reason },
        );
  if (!options.tried?.length) throw cancelled;
  throw new ProbeError(
    cancelled.code,
    `${cancelled.message.replace(/\.$/, "")}; before that: ${options.tried.join("; ")}.`,
    { cause: cancelled },
  );
}
