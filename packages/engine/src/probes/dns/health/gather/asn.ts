import type * as packet from "dns-packet";
import { txtRecord } from "../../../../protocols/dns/records.js";
import { type HealthSession, isFailure } from "../../../../protocols/dns/session.js";
import type { AsnFacts } from "../facts.js";
import { reversedAddress } from "./reverse-name.js";

/**
 * Team Cymru's IP-to-ASN mapping over DNS (https://www.team-cymru.com/ip-asn-mapping): the TXT
 * record of the reversed address under `origin.asn.cymru.com` (nibbles under
 * `origin6.asn.cymru.com`) reads `15169 | 8.8.8.0/24 | US | arin | 2023-12-28`. Asked through
 * the configured resolvers like any other name, so a resolver that cannot reach it just leaves
 * the origin unknown.
 */
export function cymruOriginName(address: string): string | null {
  const reversed = reversedAddress(address);
  if (!reversed) return null;
  return `${reversed.labels}.origin${reversed.family === 6 ? "6" : ""}.asn.cymru.com`;
}

/** The origin AS of each address, or why it is unknown. */
export async function gatherAsns(options: {
  session: HealthSession;
  addresses: readonly string[];
}): Promise<AsnFacts[]> {
  return Promise.all(
    options.addresses.map(async (address): Promise<AsnFacts> => {
      const name = cymruOriginName(address);
      if (!name) return { address, asn: null, error: "not an IP address" };
      const response = await options.session.recursive({ name, type: "TXT" });
      if (isFailure(response)) return { address, asn: null, error: response.message };
      const text = response.answers
        .filter((record): record is packet.TxtAnswer => record.type === "TXT")
        .map((record) => txtRecord(record).value)[0];
      // Several origins (MOAS) are listed space-separated first; the first one counts.
      const asn = text ? Number(text.split("|")[0]!.trim().split(/\s+/)[0]) : Number.NaN;
      return Number.isInteger(asn) && asn > 0
        ? { address, asn, error: null }
        : { address, asn: null, error: `no origin for ${address} (${response.rcode})` };
    }),
  );
}
