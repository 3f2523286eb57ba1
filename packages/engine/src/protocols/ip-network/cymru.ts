import type { NetworkAnswer } from "./ip-network.js";
import { noNetworkAnswer } from "./ip-network.js";
import { reversedAddress } from "./reversed-address.js";

/** Asks one TXT question through the configured resolvers: the strings, or why none came. */
export type TxtAsker = (name: string) => Promise<readonly string[] | { readonly error: string }>;

/**
 * Team Cymru's IP-to-ASN mapping over DNS (https://www.team-cymru.com/ip-asn-mapping): the TXT
 * record of the reversed address under `origin.asn.cymru.com` (nibbles under
 * `origin6.asn.cymru.com`) reads `15169 | 8.8.8.0/24 | US | arin | 2023-12-28`; the AS name is
 * the last field of `AS15169.asn.cymru.com` (`15169 | US | arin | 2000-03-30 | GOOGLE - Google
 * LLC, US`), asked only when `withName`. Several origins (MOAS) are listed space-separated
 * first; the first one counts.
 */
export async function cymruLookup(options: {
  address: string;
  askTxt: TxtAsker;
  withName?: boolean;
}): Promise<NetworkAnswer> {
  const reversed = reversedAddress(options.address);
  if (!reversed) return noNetworkAnswer("not an IP address");
  const origin = await options.askTxt(
    `${reversed.labels}.origin${reversed.family === 6 ? "6" : ""}.asn.cymru.com`,
  );
  if ("error" in origin) return noNetworkAnswer(origin.error);
  const fields = origin[0]?.split("|").map((field) => field.trim());
  const asn = Number(fields?.[0]?.split(/\s+/)[0]);
  if (!fields || !Number.isInteger(asn) || asn <= 0) {
    return noNetworkAnswer(`no origin for ${options.address}`);
  }
  const prefix = fields[1] || null;
  const country = /^[A-Za-z]{2}$/.test(fields[2] ?? "") ? fields[2]!.toUpperCase() : null;
  let asName: string | null = null;
  if (options.withName) {
    const named = await options.askTxt(`AS${asn}.asn.cymru.com`);
    if (!("error" in named)) asName = named[0]?.split("|")[4]?.trim() || null;
  }
  return { asn, asName, prefix, country, error: null };
}
