import type { ServerFacts } from "../facts.js";
import { type HealthSession, isFailure } from "../session.js";
import { probeCompliance } from "./compliance.js";

/**
 * A name no authoritative server has data for (RFC 6761 reserves `.invalid`): only a server
 * that recurses for strangers answers it with RA set (Zonemaster NAMESERVER01), and asking a
 * reserved name costs the real DNS nothing.
 */
export const recursionProbeName = "domain-intel-recursion-check.invalid";

/** Rcodes of a server that chokes on EDNS (RFC 6891 7): worth asking again without it. */
const ednsTrouble = new Set(["FORMERR", "NOTIMP", "BADVERS"]);

/**
 * Every direct question for one authoritative address, all at once: SOA over UDP and TCP (with
 * EDNS and DO), NS, DNSKEY, a recursion probe and a zone transfer attempt.
 */
export async function probeServer(options: {
  session: HealthSession;
  zone: string;
  address: string;
  hosts: string[];
}): Promise<ServerFacts> {
  const { session, zone, address } = options;
  const [soa, soaTcp, ns, dnskey, recursion, axfr, compliance] = await Promise.all([
    session.direct({ address, name: zone, type: "SOA", dnssecOk: true }),
    // With DO too: for a server silent over UDP this is the SOA whose signatures get checked.
    session.direct({ address, name: zone, type: "SOA", transport: "tcp", dnssecOk: true }),
    session.direct({ address, name: zone, type: "NS" }),
    session.direct({ address, name: zone, type: "DNSKEY", dnssecOk: true }),
    session.direct({ address, name: recursionProbeName, type: "A", recursionDesired: true }),
    session.transfer({ address, zone }),
    probeCompliance({ session, zone, address }),
  ]);
  const retry =
    (!isFailure(soa) && ednsTrouble.has(soa.rcode)) || (isFailure(soa) && soa.code === "malformed");
  const soaWithoutEdns = retry
    ? await session.direct({ address, name: zone, type: "SOA", edns: false })
    : null;
  return {
    address,
    server: session.serverLabel(address),
    hosts: options.hosts,
    soa,
    soaWithoutEdns,
    soaTcp,
    ns,
    dnskey,
    recursion,
    axfr,
    compliance,
  };
}
