import type * as packet from "dns-packet";
import type { ProbeContext } from "../../contract/probe.js";
import { impossibleName } from "./impossible-name.js";
import { queryBudget } from "./query-budget.js";
import { aliasChain, normalizeName } from "./records.js";
import { resolverAddresses } from "./resolvers.js";
import { isDnsQueryError } from "./wire/errors.js";
import { type DnsResponse, type QueryType, query } from "./wire/query.js";

const answeredRcodes = new Set(["NOERROR", "NXDOMAIN"]);
const tryTimeoutMs = 2000;
const udpTries = 2;

/** The answer to one question, or why none came. */
export type ResolverAnswer =
  | { ok: true; response: DnsResponse | null; records: packet.Answer[] }
  | { ok: false; reason: string; timedOut: boolean };

/**
 * Asks the configured resolvers, in turn, one question, through the DNS client every section shares
 * (`query`, timed from the run's budget like every dns query). `records` are the class-IN
 * records of `type` owned by the name or an alias it leads to; NXDOMAIN and NODATA give none.
 */
export async function askResolvers(options: {
  context: ProbeContext;
  name: string;
  type: QueryType;
  dnssecOk?: boolean;
}): Promise<ResolverAnswer> {
  const { context, name, type } = options;
  // `_mta-sts.` plus a long domain may pass 253 characters: no such name, no records.
  const impossible = impossibleName(name);
  if (impossible !== null) {
    return { ok: true, response: null, records: [] };
  }
  const resolvers = resolverAddresses({ configured: context.network.resolvers, defaultPort: 53 });
  const reasons: string[] = [];
  let timedOut = true;
  for (const resolver of resolvers) {
    if (context.signal.aborted) break;
    try {
      const response = await context.limit(async () => {
        const budget = queryBudget({ context, tryTimeoutMs, tries: udpTries });
        if (!budget) return undefined;
        return query({
          server: resolver.label,
          name,
          type,
          dnssecOk: options.dnssecOk ?? false,
          // The probe judges signatures itself: a bogus answer is still handed over.
          checkingDisabled: options.dnssecOk ?? false,
          signal: context.signal,
          timeoutMs: tryTimeoutMs,
          udpTries,
          totalTimeoutMs: budget.totalTimeoutMs,
          minTryMs: budget.minTryMs,
        });
      });
      if (!response) {
        reasons.push(`no time was left to ask ${resolver.label}`);
        break;
      }
      if (!answeredRcodes.has(response.rcode)) {
        timedOut = false;
        reasons.push(`${resolver.label} answered ${response.rcode}`);
        continue;
      }
      const owners = aliasChain({ name, answers: response.answers });
      const records = response.answers.filter(
        (record) =>
          record.type === type &&
          owners.has(normalizeName(record.name)) &&
          (!("class" in record) || (record.class ?? "IN") === "IN"),
      );
      return { ok: true, response, records };
    } catch (error) {
      if (!isDnsQueryError(error)) throw error;
      if (error.code !== "timeout" && error.code !== "aborted") timedOut = false;
      reasons.push(error.message);
    }
  }
  return {
    ok: false,
    reason: `${name}/${type}: ${reasons.join("; ") || "no resolver was asked"}`,
    timedOut,
  };
}
