import { createHash } from "node:crypto";
import type * as packet from "dns-packet";
import { nameWire } from "./canonical.js";
import { dnskeyRdata } from "./key-tag.js";

const hashOf: Record<number, string> = { 1: "sha1", 2: "sha256", 4: "sha384" };

/** The digest types this module can compute: SHA-1, SHA-256 and SHA-384 (not GOST). */
export const supportedDigestTypes: readonly number[] = [1, 2, 4];

/**
 * The digest a DS record carries for `key` owned by `owner` (RFC 4034 5.1.4, RFC 4509,
 * RFC 6605): hash(owner name in canonical wire form | DNSKEY RDATA). Undefined for a digest
 * type we cannot compute.
 */
export function dsDigest(options: {
  owner: string;
  key: packet.DnskeyData;
  digestType: number;
}): Buffer | undefined {
  const hash = hashOf[options.digestType];
  if (!hash) return undefined;
  return createHash(hash).update(nameWire(options.owner)).update(dnskeyRdata(options.key)).digest();
}
