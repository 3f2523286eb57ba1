import type * as packet from "dns-packet";
import type { ProbeContext } from "../../contract/probe.js";
import { askResolvers } from "../../protocols/dns/ask-resolvers.js";
import { normalizeName, txtRecord } from "../../protocols/dns/records.js";
import type { QueryType } from "../../protocols/dns/wire/query.js";

/** What one question gave: the record values, the alias targets met on the way, or why none. */
export type HostingAnswer =
  | { ok: true; values: string[]; aliases: string[] }
  | { ok: false; reason: string };

/**
 * Asks the configured resolvers one question (the DNS client every section shares, timed from
 * the run's budget). Values are normalised names for NS, MX, CNAME and PTR, addresses for A and
 * AAAA, joined strings for TXT; NXDOMAIN and NODATA give none.
 */
export async function askHosting(
  context: ProbeContext,
  name: string,
  type: QueryType,
): Promise<HostingAnswer> {
  const answer = await askResolvers({ context, name, type });
  if (!answer.ok) return { ok: false, reason: answer.reason };
  const aliases = (answer.response?.answers ?? [])
    .filter((record): record is packet.StringAnswer => record.type === "CNAME")
    .map((record) => normalizeName(record.data));
  const values = answer.records.map((record) => {
    switch (record.type) {
      case "MX":
        return normalizeName(record.data.exchange);
      case "TXT":
        return txtRecord(record).value;
      case "NS":
      case "CNAME":
      case "PTR":
        return normalizeName(record.data);
      default:
        return String((record as packet.StringAnswer).data);
    }
  });
  return { ok: true, values: [...new Set(values)], aliases };
}
