/**
 * The key tag of a DNSKEY (RFC 4034 appendix B): a checksum over its RDATA, the number a DS record
 * names its key by. Algorithm 1 (RSA/MD5, long obsolete) uses another formula and is not handled.
 */
export function dnskeyTag(key: {
  flags: number;
  protocol: number;
  algorithm: number;
  publicKey: Uint8Array;
}): number {
  const rdata = new Uint8Array(4 + key.publicKey.length);
  rdata.set([(key.flags >> 8) & 0xff, key.flags & 0xff, key.protocol & 0xff, key.algorithm & 0xff]);
  rdata.set(key.publicKey, 4);
  let sum = 0;
  for (let index = 0; index < rdata.length; index++) {
    sum += index % 2 === 0 ? rdata[index]! << 8 : rdata[index]!;
  }
  sum += (sum >> 16) & 0xffff;
  return sum & 0xffff;
}
