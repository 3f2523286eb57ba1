import { randomBytes } from "node:crypto";
import { failure, type HealthSession, isFailure } from "../../../../protocols/dns/session.js";
import type { ComplianceFacts } from "../facts.js";

/**
 * An EDNS option code from the range RFC 6891 9 leaves for local and experimental use: no
 * server knows it, so it must be ignored (Zonemaster NAMESERVER11/NAMESERVER12, DNS Flag Day's ednsopt).
 */
export const unknownOptionCode = 65_001;
/** An EDNS header flag no RFC assigns (RFC 6891 6.1.4: "MUST be ignored"). */
export const unknownEdnsFlag = 0x0080;

/** EDNS option codes of DNS cookies (RFC 7873) and the name server identifier (RFC 5001). */
export const cookieOptionCode = 10;
export const nsidOptionCode = 3;

/** `example.test` as `ExAmPlE.TeSt`: letters alternate, so a server folding the case shows it. */
export function mixedCase(name: string): string {
  let upper = true;
  return name.replace(/[a-z]/gi, (letter) => {
    upper = !upper;
    return upper ? letter.toLowerCase() : letter.toUpperCase();
  });
}

/**
 * The protocol-compliance questions for one authoritative address, all at once: EDNS version
 * 1, an unknown option, an unknown flag, the DNSKEY set over UDP with a 512-byte buffer and no
 * TCP retry (then over TCP when truncated), the SOA asked in mixed case, with a client cookie
 * and with NSID.
 */
export async function probeCompliance(options: {
  session: HealthSession;
  zone: string;
  address: string;
}): Promise<ComplianceFacts> {
  const { session, zone, address } = options;
  const soa = { address, name: zone, type: "SOA" as const };
  const asked = mixedCase(zone);
  const client = randomBytes(8);
  const [ednsVersion1, unknownOption, unknownFlag, truncation, caseResponse, cookie, nsid] =
    await Promise.all([
      session.direct({ ...soa, ednsVersion: 1 }),
      session.direct({
        ...soa,
        ednsOptions: [{ code: unknownOptionCode, data: Buffer.from("domain-intel") }],
      }),
      session.direct({ ...soa, ednsFlags: unknownEdnsFlag }),
      session.direct({
        address,
        name: zone,
        type: "DNSKEY",
        dnssecOk: true,
        udpPayloadSize: 512,
        tcpFallback: false,
      }),
      session.direct({ ...soa, name: asked }),
      session.direct({ ...soa, ednsOptions: [{ code: cookieOptionCode, data: client }] }),
      session.direct({ ...soa, ednsOptions: [{ code: nsidOptionCode, data: Buffer.alloc(0) }] }),
    ]);
  const truncationTcp =
    !isFailure(truncation) && truncation.flags.tc
      ? await session.direct({
          address,
          name: zone,
          type: "DNSKEY",
          dnssecOk: true,
          transport: "tcp",
        })
      : null;
  return {
    ednsVersion1,
    unknownOption,
    unknownFlag,
    truncation,
    truncationTcp,
    mixedCase: { asked, response: caseResponse },
    cookie: { client: client.toString("hex"), response: cookie },
    nsid,
  };
}

/** The compliance facts of a server that was not asked: it did not answer over UDP. */
export function unaskedCompliance(zone: string): ComplianceFacts {
  const unasked = failure("aborted", "not asked: the server did not answer the SOA over UDP");
  return {
    ednsVersion1: unasked,
    unknownOption: unasked,
    unknownFlag: unasked,
    truncation: unasked,
    truncationTcp: null,
    mixedCase: { asked: mixedCase(zone), response: unasked },
    cookie: { client: "", response: unasked },
    nsid: unasked,
  };
}
