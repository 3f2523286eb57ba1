import type * as packet from "dns-packet";
import { getDomain } from "tldts";
import { aliasChain, normalizeName, txtRecord } from "../../../../protocols/dns/records.js";
import { type HealthSession, isFailure } from "../../../../protocols/dns/session.js";
import { isDmarcRecord } from "../../../../protocols/mail-policy/dmarc-record.js";
import type { DnsRecords } from "../../declaration.js";
import type { DmarcFacts, MailFacts } from "../facts.js";
import { expandSpf } from "../spf/expand-spf.js";
import { reportAuthorizations } from "./dmarc-reports.js";
import { hostAddresses } from "./host-addresses.js";

/**
 * Mail lookups beyond the domain's own records: the addresses of its mail exchangers, its SPF
 * policy followed through include and redirect, and the organizational domain's DMARC record
 * when the domain has none (RFC 7489 6.6.3). The three run at once.
 */
export async function gatherMail(options: {
  session: HealthSession;
  domain: string;
  records: DnsRecords;
}): Promise<MailFacts> {
  const { session, domain, records } = options;
  const exchanges = records.MX.map((record) => record.exchange).filter((name) => name !== ".");
  const [mxTargets, spf, dmarc] = await Promise.all([
    Promise.all([...new Set(exchanges)].map((host) => hostAddresses({ session, host }))),
    expandSpf({ session, domain, txt: records.TXT.map((record) => record.value) }),
    dmarcFacts({ session, domain, records }),
  ]);
  return { mxTargets, spf, dmarc };
}

/** The DMARC record that applies, then the authorization of its report destinations. */
async function dmarcFacts(options: {
  session: HealthSession;
  domain: string;
  records: DnsRecords;
}): Promise<DmarcFacts> {
  const found = await dmarcRecords(options);
  if (found.records.length !== 1) return { ...found, reports: [] };
  const reports = await reportAuthorizations({
    session: options.session,
    policyDomain: found.location.slice("_dmarc.".length),
    record: found.records[0]!,
  });
  return { ...found, reports };
}

async function dmarcRecords(options: {
  session: HealthSession;
  domain: string;
  records: DnsRecords;
}): Promise<Omit<DmarcFacts, "reports">> {
  const { session, domain } = options;
  const values = options.records.mailPolicies.dmarc.map((record) => record.value);
  const own = values.filter(isDmarcRecord);
  const organizational = getDomain(domain, { allowPrivateDomains: false }) ?? domain;
  if (own.length > 0 || organizational === domain) {
    const others = values.filter((value) => !isDmarcRecord(value));
    return { location: `_dmarc.${domain}`, records: own, others, error: null };
  }
  const location = `_dmarc.${organizational}`;
  const response = await session.recursive({ name: location, type: "TXT" });
  if (isFailure(response)) return { location, records: [], others: [], error: response.message };
  const owners = aliasChain({ name: location, answers: response.answers });
  const texts = response.answers
    .filter((record) => record.type === "TXT" && owners.has(normalizeName(record.name)))
    .map((record) => txtRecord(record as packet.TxtAnswer).value);
  return {
    location,
    records: texts.filter(isDmarcRecord),
    others: texts.filter((value) => !isDmarcRecord(value)),
    error: null,
  };
}
