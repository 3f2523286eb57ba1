import type * as packet from "dns-packet";
import { getDomain } from "tldts";
import { aliasChain, normalizeName, txtRecord } from "../../../../protocols/dns/records.js";
import { type HealthSession, isFailure } from "../../../../protocols/dns/session.js";
import { isDmarcRecord, readDmarcRecord } from "../../../../protocols/mail-policy/dmarc-record.js";
import type { ReportAuthorization } from "../facts.js";

/** At most this many destination hosts are asked about: receivers need only use two (RFC 7489 6.2). */
export const maxReportHosts = 8;

const organizational = (name: string) => getDomain(name, { allowPrivateDomains: false }) ?? name;

/**
 * The authorization of each report destination outside the policy domain's organizational
 * domain: a `v=DMARC1` TXT record at `<policy domain>._report._dmarc.<destination host>`
 * (RFC 7489 7.1); receivers send no report to a destination without it. Asked at once.
 */
export async function reportAuthorizations(options: {
  session: HealthSession;
  /** The domain the record was found at (its `_dmarc` name without the prefix). */
  policyDomain: string;
  record: string;
}): Promise<ReportAuthorization[]> {
  const { session, policyDomain } = options;
  const own = organizational(policyDomain);
  const hosts = [
    ...new Set(
      readDmarcRecord(options.record)
        .reportUris.map((uri) => uri.host)
        .filter((host) => organizational(host) !== own),
    ),
  ].slice(0, maxReportHosts);
  return Promise.all(
    hosts.map(async (host): Promise<ReportAuthorization> => {
      const name = `${policyDomain}._report._dmarc.${host}`;
      const response = await session.recursive({ name, type: "TXT" });
      if (isFailure(response)) return { host, name, records: [], error: response.message };
      // A wildcard (`*._report._dmarc.<host>`) answers this name too, as receivers see it.
      const owners = aliasChain({ name, answers: response.answers });
      const records = response.answers
        .filter((record) => record.type === "TXT" && owners.has(normalizeName(record.name)))
        .map((record) => txtRecord(record as packet.TxtAnswer).value)
        .filter(isDmarcRecord);
      return { host, name, records, error: null };
    }),
  );
}
