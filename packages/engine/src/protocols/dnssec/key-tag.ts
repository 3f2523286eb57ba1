import type * as packet from "dns-packet";
import { encodeRdata } from "./wire-codecs.js";

/** DNSKEY RDATA in wire form: flags, protocol 3, algorithm, public key. */
export const dnskeyRdata = (key: packet.DnskeyData): Buffer =>
  encodeRdata("DNSKEY", key).subarray(2);

/**
 * The key tag a DS or RRSIG names a DNSKEY by (RFC 4034 appendix B): a 16-bit checksum of the
 * RDATA. Algorithm 1 (RSA/MD5, prohibited) used other bits; it gets the same formula here.
 */
export function keyTag(key: packet.DnskeyData): number {
  const rdata = dnskeyRdata(key);
  let sum = 0;
  for (let index = 0; index < rdata.length; index++) {
    sum += index % 2 === 0 ? rdata[index]! << 8 : rdata[index]!;
  }
  sum += (sum >> 16) & 0xffff;
  return sum & 0xffff;
}
