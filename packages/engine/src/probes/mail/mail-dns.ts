import type * as packet from "dns-packet";
import { NoTimeLeftError } from "../../contract/budget.js";
import { type ProbeContext, ProbeError } from "../../contract/probe.js";
import { impossibleName } from "../../protocols/dns/impossible-name.js";
import { queryBudget } from "../../protocols/dns/query-budget.js";
import { aliasChain, normalizeName, txtRecord } from "../../protocols/dns/records.js";
import { resolverAddresses } from "../../protocols/dns/resolvers.js";
import { isDnsQueryError } from "../../protocols/dns/wire/errors.js";
import { type DnsResponse, type QueryType, query } from "../../protocols/dns/wire/query.js";

const answeredRcodes = new Set(["NOERROR", "NXDOMAIN"]);
const tryTimeoutMs = 2000;
const udpTries = 2;

/** The answer to one question, or why none came. */
export type MailDnsAnswer =
  | { ok: true; response: DnsResponse | null; records: packet.Answer[] }
  | { ok: false; reason: string; timedOut: boolean };

/**
 * Asks the configured resolvers, in turn, one question, through the dns probe's own client
 * (`query`, timed from the run's budget like every dns query). `records` are the class-IN
 * records of `type` owned by the name or an alias it leads to; NXDOMAIN and NODATA give none.
 */
export async function askMailDns(options: {
  context: ProbeContext;
  name: string;
  type: QueryType;
  dnssecOk?: boolean;
}): Promise<MailDnsAnswer> {
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
      // No slot of the engine's limit came free in time: as if no time were left.
      if (error instanceof NoTimeLeftError) {
        reasons.push(`no time was left to ask ${resolver.label}`);
        break;
      }
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

/** The TXT strings at `name`, each record's character-strings joined. */
export async function askTxt(options: {
  context: ProbeContext;
  name: string;
}): Promise<{ ok: true; values: string[] } | { ok: false; reason: string; timedOut: boolean }> {
  const answer = await askMailDns({ ...options, type: "TXT" });
  if (!answer.ok) return answer;
  return {
    ok: true,
    values: answer.records.map((record) => txtRecord(record as packet.TxtAnswer).value),
  };
}

/** The MX set, or a ProbeError when no resolver answered: without it there is no section. */
export async function lookUpMx(options: {
  context: ProbeContext;
  domain: string;
}): Promise<{ preference: number; exchange: string; ttl: number }[]> {
  const answer = await askMailDns({ context: options.context, name: options.domain, type: "MX" });
  if (!answer.ok) {
    const code = answer.timedOut || options.context.signal.aborted ? "timeout" : "upstream_error";
    throw new ProbeError(
      code,
      `The MX records of ${options.domain} could not be read: ${answer.reason}.`,
    );
  }
  return answer.records
    .map((record) => {
      const { data, ttl } = record as packet.MxAnswer;
      return {
        preference: data.preference ?? 0,
        exchange: normalizeName(data.exchange),
        ttl: ttl ?? 0,
      };
    })
    .sort((a, b) => a.preference - b.preference || a.exchange.localeCompare(b.exchange));
}
