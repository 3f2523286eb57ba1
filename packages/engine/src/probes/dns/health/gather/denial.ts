import { failure, type HealthSession } from "../../../../protocols/dns/session.js";
import type { QueryType } from "../../../../protocols/dns/wire/query.js";
import type { DenialFacts } from "../facts.js";

/** A name under the zone that no zone holds, for an NXDOMAIN with its proof. */
export const denialProbeLabel = "domain-intel-denial-check";
/** A type zone apexes do not hold, for a NODATA with its proof. */
export const nodataProbeType = "HINFO";

/**
 * The questions `dns.dnssec.denial` judges, with DO: two negative ones whose NSEC/NSEC3 proofs
 * a validator needs (a name that does not exist, a type the apex lacks), and Zonemaster's
 * DNSSEC10 questions about the apex (NSEC and NSEC3PARAM), which show the zone's denial
 * records themselves.
 */
export async function probeDenial(options: {
  session: HealthSession;
  zone: string;
  address: string;
}): Promise<DenialFacts> {
  const { session, zone, address } = options;
  const name = `${denialProbeLabel}.${zone}`;
  const ask = (asked: string, type: QueryType) =>
    session.direct({ address, name: asked, type, dnssecOk: true });
  const [nxdomain, nodata, nsec, nsec3param] = await Promise.all([
    ask(name, "A"),
    ask(zone, nodataProbeType),
    ask(zone, "NSEC"),
    ask(zone, "UNKNOWN_51"),
  ]);
  return {
    nxdomain: { name, type: "A", response: nxdomain },
    nodata: { name: zone, type: nodataProbeType, response: nodata },
    apex: { nsec, nsec3param },
  };
}

/** The negative questions of a server that serves no keys: there is no proof to check. */
export function unaskedDenial(zone: string): DenialFacts {
  const unasked = failure("aborted", "not asked: the server gave no DNSKEY records");
  return {
    nxdomain: { name: `${denialProbeLabel}.${zone}`, type: "A", response: unasked },
    nodata: { name: zone, type: nodataProbeType, response: unasked },
    apex: { nsec: unasked, nsec3param: unasked },
  };
}
