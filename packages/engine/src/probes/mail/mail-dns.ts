import type * as packet from "dns-packet";
import { type ProbeContext, ProbeError } from "../../contract/probe.js";
import { askResolvers, type ResolverAnswer } from "../../protocols/dns/ask-resolvers.js";
import { normalizeName, txtRecord } from "../../protocols/dns/records.js";

/** One question to the configured resolvers (shared with the hosting section). */
export const askMailDns = askResolvers;
export type MailDnsAnswer = ResolverAnswer;

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
