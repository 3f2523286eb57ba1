import { failure, type HealthSession } from "../../../../protocols/dns/session.js";
import type { DenialFacts } from "../facts.js";

/** A name under the zone that no zone holds, for an NXDOMAIN with its proof. */
export const denialProbeLabel = "domain-intel-denial-check";
/** A type zone apexes do not hold, for a NODATA with its proof. */
export const nodataProbeType = "HINFO";

/** The two negative questions, with DO, whose NSEC/NSEC3 proofs `dns.dnssec.denial` checks. */
export async function probeDenial(options: {
  session: HealthSession;
  zone: string;
  address: string;
}): Promise<DenialFacts> {
  const { session, zone, address } = options;
  const name = `${denialProbeLabel}.${zone}`;
  const [nxdomain, nodata] = await Promise.all([
    session.direct({ address, name, type: "A", dnssecOk: true }),
    session.direct({ address, name: zone, type: nodataProbeType, dnssecOk: true }),
  ]);
  return {
    nxdomain: { name, type: "A", response: nxdomain },
    nodata: { name: zone, type: nodataProbeType, response: nodata },
  };
}

/** The negative questions of a server that serves no keys: there is no proof to check. */
export function unaskedDenial(zone: string): DenialFacts {
  const unasked = failure("aborted", "not asked: the server gave no DNSKEY records");
  return {
    nxdomain: { name: `${denialProbeLabel}.${zone}`, type: "A", response: unasked },
    nodata: { name: zone, type: nodataProbeType, response: unasked },
  };
}
