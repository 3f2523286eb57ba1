import type * as packet from "dns-packet";
import type { ProbeContext } from "../../contract/probe.js";
import { askResolvers } from "../dns/ask-resolvers.js";

export type SpfQueryType = "TXT" | "A" | "AAAA" | "MX" | "PTR";

/**
 * One DNS question of an SPF evaluation: the records of the type owned by the name (or an alias
 * it leads to; none for NXDOMAIN or NODATA), or why no answer came (a temperror, RFC 7208 2.6.6).
 */
export type SpfDnsAnswer =
  | { ok: true; records: packet.Answer[] }
  | { ok: false; reason: string; timedOut: boolean };

export type SpfDns = (question: { name: string; type: SpfQueryType }) => Promise<SpfDnsAnswer>;

/** Asks the configured resolvers, within the run's budget, as every section does. */
export const resolverSpfDns =
  (context: ProbeContext): SpfDns =>
  async ({ name, type }) => {
    const answer = await askResolvers({ context, name, type });
    return answer.ok ? { ok: true, records: answer.records } : answer;
  };
