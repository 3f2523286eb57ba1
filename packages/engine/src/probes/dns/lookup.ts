import { setMaxListeners } from "node:events";
import { NoTimeLeftError } from "../../contract/budget.js";
import { type ProbeContext, ProbeError } from "../../contract/probe.js";
import { impossibleName } from "../../protocols/dns/impossible-name.js";
import { queryBudget } from "../../protocols/dns/query-budget.js";
import { DnsQueryError, isDnsQueryError } from "../../protocols/dns/wire/errors.js";
import { type DnsResponse, type QueryType, query } from "../../protocols/dns/wire/query.js";
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
  /** The answer to each question that got one (NOERROR or NXDOMAIN). */
  responses: Partial<Record<RecordQuestionKey, DnsResponse>>;
  /**
   * Why a question got no usable answer: the resolver's SERVFAIL or REFUSED, its silence. Its
   * records are then empty and the checks that need them skipped, with this reason.
   */
  unanswered: Partial<Record<RecordQuestionKey, string>>;
}

/**
 * Asks each resolver in turn every record question about `domain`, in parallel under the
 * engine's limit, and keeps one resolver's set so the data is one consistent view. A question
 * the resolver fails (SERVFAIL, REFUSED, silence) is a fact about the domain as long as the
 * resolver works: it must then answer either some question about the domain or the parent
 * zone's SOA, else it is the resolver that fails and the next one is asked. A resolver that
 * fails some questions leaves room for the next to do better; the best set wins.
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
  let best: RecordSets | null = null;
  const answeredCount = (sets: RecordSets) => Object.keys(sets.responses).length;

  // What each resolver that failed said, so that an error cut short by the deadline still does.
  const tried = () => failures.map((failure) => failure.reasons[0]!);

  for (const resolver of resolvers) {
    if (best && context.signal.aborted) break;
    throwIfCancelled({ context, domain, tried: tried() });
    if (!queryBudget({ context, tryTimeoutMs: options.tryTimeoutMs, tries: options.udpTries })) {
      // Too little budget left for any answer: the resolvers not asked yet stay unasked.
      if (best) break;
      failures.push({ timedOut: true, reasons: [`no time was left to ask ${resolver.label}`] });
      continue;
    }
    const asked = await askResolver({ ...options, resolver });
    if (asked.usable) {
      if (!best || answeredCount(asked.sets) > answeredCount(best)) best = asked.sets;
      if (Object.keys(best.unanswered).length === 0) return best;
      continue;
    }
    throwIfCancelled({ context, domain, tried: tried() });
    failures.push(asked.failure);
  }
  if (best) return best;

  // One reason per resolver: the others it gave are usually the same story for other types.
  const details = failures.map((failure) => failure.reasons[0]).join("; ");
  if (failures.every((failure) => failure.timedOut)) {
    throw new ProbeError("timeout", `No DNS resolver answered for ${domain} in time: ${details}.`);
  }
  throw new ProbeError("upstream_error", `Every DNS resolver failed for ${domain}: ${details}.`);
}

/**
 * Every record question, and the parent zone's SOA, to one resolver. Usable when it answered
 * something; else why not.
 */
async function askResolver(options: {
  domain: string;
  resolver: ServerAddress;
  context: ProbeContext;
  udpTries: number;
  tryTimeoutMs: number;
}): Promise<{ usable: true; sets: RecordSets } | { usable: false; failure: ResolverFailure }> {
  const { domain, resolver, context } = options;
  // A silent resolver, silent for the parent zone too, is dead: its questions still queued
  // behind the engine's limit are cancelled rather than left to time out in turn.
  const batch = new AbortController();
  const signal = AbortSignal.any([context.signal, batch.signal]);
  // Every query in flight listens to this one signal; more than Node's default of 10.
  setMaxListeners(recordQuestions.length + 2, signal);
  const noTimeLeft = (name: string, type: QueryType) =>
    new DnsQueryError({
      code: "timeout",
      message: `no time was left to ask ${resolver.label} for ${name}/${type}`,
      server: resolver.label,
      transport: "udp",
    });
  const ask = (name: string, type: QueryType, dnssecOk: boolean) =>
    context
      .limit(() => {
        // Measured once the limit lets the query go: it may have waited in the queue.
        const budget = queryBudget({
          context,
          tryTimeoutMs: options.tryTimeoutMs,
          tries: options.udpTries,
        });
        if (!budget) throw noTimeLeft(name, type);
        return query({
          server: resolver.label,
          name,
          type,
          checkingDisabled: true,
          dnssecOk,
          signal,
          timeoutMs: options.tryTimeoutMs,
          udpTries: options.udpTries,
          totalTimeoutMs: budget.totalTimeoutMs,
          minTryMs: budget.minTryMs,
        });
      })
      .catch((error: unknown) => {
        // No slot of the engine's limit came free in time: as if no time were left.
        if (error instanceof NoTimeLeftError) throw noTimeLeft(name, type);
        throw error;
      });
  /** The answer, or why none about the domain came (an rcode failure or the transport's). */
  const outcome = async (
    name: string,
    type: QueryType,
    dnssecOk: boolean,
  ): Promise<DnsResponse | Error> => {
    try {
      const response = await ask(name, type, dnssecOk);
      return answeredRcodes.has(response.rcode)
        ? response
        : new RcodeFailure(`${resolver.label} answered ${response.rcode} for ${name}/${type}`);
    } catch (error) {
      // Anything but a DNS failure is a bug of ours: let the engine report it as internal.
      if (!isDnsQueryError(error)) throw error;
      return error;
    }
  };

  const responses: RecordSets["responses"] = {};
  const unanswered: RecordSets["unanswered"] = {};
  const errors: Error[] = [];
  const controlAsked = outcome(parentOf(domain), "SOA", false);
  const abortIfDead = (error: Error) => {
    if (!isDnsQueryError(error) || error.code === "aborted") return;
    void controlAsked.then((control) => control instanceof Error && batch.abort());
  };
  const [control] = await Promise.all([
    controlAsked,
    ...recordQuestions.map(async (question) => {
      const name = questionName({ question, domain });
      // `_submission._tcp.` plus a long domain may pass 253 characters: no such name, no records.
      if (!question.required && impossibleName(name) !== null) return;
      // With their RRSIGs, so the chain of trust validates the apex on these answers.
      const dnssecOk = question.type === "DS" || question.type === "DNSKEY";
      const answer = await outcome(name, question.type, dnssecOk);
      if (answer instanceof Error) {
        unanswered[question.key] = answer.message;
        errors.push(answer);
        abortIfDead(answer);
      } else responses[question.key] = answer;
    }),
  ]);
  if (Object.keys(responses).length > 0 || !(control instanceof Error)) {
    return { usable: true, sets: { resolver, responses, unanswered } };
  }
  // Cancelled questions say nothing about the resolver: its own failures do.
  const all = [...errors, control].filter(
    (error) => !(isDnsQueryError(error) && error.code === "aborted"),
  );
  return {
    usable: false,
    failure: {
      timedOut: all.every((error) => isDnsQueryError(error) && error.code === "timeout"),
      reasons: all.map((error) => error.message),
    },
  };
}

/** The name one label up (a domain the API takes has two labels at least). */
const parentOf = (domain: string) => {
  const dot = domain.indexOf(".");
  return dot < 0 ? "." : domain.slice(dot + 1);
};

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
