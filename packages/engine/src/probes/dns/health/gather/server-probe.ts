import { type HealthSession, isFailure } from "../../../../protocols/dns/session.js";
import type { ServerFacts } from "../facts.js";
import { probeCds } from "./cds.js";
import { probeCompliance, unaskedCompliance } from "./compliance.js";
import { probeDenial, unaskedDenial } from "./denial.js";

/**
 * A name no authoritative server has data for (RFC 6761 reserves `.invalid`): only a server
 * that recurses for strangers answers it with RA set (Zonemaster NAMESERVER01), and asking a
 * reserved name costs the real DNS nothing.
 */
export const recursionProbeName = "domain-intel-recursion-check.invalid";

/** Failures of the plain SOA after which no compliance question is worth a slot. */
const silent = new Set(["timeout", "deadline", "aborted", "blocked"]);

/** Rcodes of a server that chokes on EDNS (RFC 6891 7): worth asking again without it. */
const ednsTrouble = new Set(["FORMERR", "NOTIMP", "BADVERS"]);

/**
 * Every direct question for one authoritative address, all at once: SOA over UDP and TCP (with
 * EDNS and DO), NS, DNSKEY, a recursion probe, a zone transfer attempt, and the domain's MX
 * and TXT (each server's own, to compare).
 */
export async function probeServer(options: {
  session: HealthSession;
  zone: string;
  /** The name the section judges, at or below the zone's apex: its MX and TXT are asked. */
  domain: string;
  address: string;
  hosts: string[];
}): Promise<ServerFacts> {
  const { session, zone, domain, address } = options;
  const soaAsked = session.direct({ address, name: zone, type: "SOA", dnssecOk: true });
  const dnskeyAsked = session.direct({ address, name: zone, type: "DNSKEY", dnssecOk: true });
  // The compliance questions go to a server that answers over UDP at all (silence is
  // reachable-udp's finding), the negative ones to a server that serves keys: nothing else
  // holds a slot for a question whose answer could not be judged.
  const servesKeys = dnskeyAsked.then(
    (answer) => !isFailure(answer) && answer.answers.some((record) => record.type === "DNSKEY"),
  );
  const [soa, soaTcp, ns, dnskey, recursion, axfr, compliance, denial, cds, mx, txt] =
    await Promise.all([
      soaAsked,
      // With DO too: for a server silent over UDP this is the SOA whose signatures get checked.
      session.direct({ address, name: zone, type: "SOA", transport: "tcp", dnssecOk: true }),
      session.direct({ address, name: zone, type: "NS" }),
      dnskeyAsked,
      session.direct({ address, name: recursionProbeName, type: "A", recursionDesired: true }),
      session.transfer({ address, zone }),
      soaAsked.then((answer) =>
        isFailure(answer) && silent.has(answer.code)
          ? unaskedCompliance(zone)
          : probeCompliance({ session, zone, address }),
      ),
      servesKeys.then((keys) =>
        keys ? probeDenial({ session, zone, address }) : unaskedDenial(zone),
      ),
      // Unsigned zones too: a CDS there is an error of its own (Zonemaster DS16_CDS_WITHOUT_DNSKEY).
      soaAsked.then((answer) =>
        isFailure(answer) && silent.has(answer.code) ? null : probeCds({ session, zone, address }),
      ),
      session.direct({ address, name: domain, type: "MX" }),
      session.direct({ address, name: domain, type: "TXT" }),
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
    denial,
    cds,
    mail: { name: domain, mx, txt },
  };
}
