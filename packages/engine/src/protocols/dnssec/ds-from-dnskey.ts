import { dsDigest } from "./ds-digest.js";
import { keyTag } from "./key-tag.js";

/** A DNSKEY as zone data gives it: the public key in base64. */
export interface DnskeyFields {
  flags: number;
  algorithm: number;
  publicKey: string;
}

/** The SEP (key-signing key) flag: the keys a parent's DS should point at (RFC 4034 2.1.1). */
export const sepFlag = 1;

/**
 * The DS record data a parent should publish for `key` of zone `owner`, in presentation form
 * (`keyTag algorithm digestType DIGEST`), or undefined for a digest type we cannot compute.
 */
export function dsFromDnskey(options: {
  owner: string;
  key: DnskeyFields;
  digestType: number;
}): string | undefined {
  const key = {
    flags: options.key.flags,
    algorithm: options.key.algorithm,
    key: Buffer.from(options.key.publicKey, "base64"),
  };
  const digest = dsDigest({ owner: options.owner, key, digestType: options.digestType });
  if (!digest) return undefined;
  return `${keyTag(key)} ${key.algorithm} ${options.digestType} ${digest.toString("hex").toUpperCase()}`;
}
