import { constants, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import type * as packet from "dns-packet";
import { canonicalName, dsDigest, keyTag, labelCount, signedData } from "./canonical-wire.js";
import { type DenialMode, denialRecords } from "./denial-chain.js";

/**
 * A small DNSSEC signer for test zones: generates keys, writes DNSKEY and DS records and signs
 * RRsets. Its wire forms (canonical-wire.ts) are written apart from the engine's, so signing
 * here and verifying there checks each against the other; the probe's own tests also check
 * its verifier against the RFCs' published signatures.
 */
export interface TestZoneKey {
  readonly algorithm: number;
  readonly flags: number;
  readonly privateKey: KeyObject;
  readonly dnskey: packet.DnskeyData;
  readonly keyTag: number;
}

const fromBase64url = (text: string | undefined) => Buffer.from(text ?? "", "base64url");

export function generateZoneKey(options: {
  algorithm: 5 | 8 | 13 | 15;
  /** 257 for a key-signing key (SEP bit), 256 for a zone-signing key. */
  flags?: number;
  /** RSA modulus size. Default 2048. */
  rsaBits?: number;
}): TestZoneKey {
  const { algorithm, flags = 257, rsaBits = 2048 } = options;
  let privateKey: KeyObject;
  let publicBytes: Buffer;
  if (algorithm === 5 || algorithm === 8) {
    const pair = generateKeyPairSync("rsa", { modulusLength: rsaBits, publicExponent: 65537 });
    privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: "jwk" });
    const exponent = fromBase64url(jwk.e);
    // RFC 3110: exponent length in one byte (or zero and two bytes), exponent, modulus.
    publicBytes = Buffer.concat([Buffer.from([exponent.length]), exponent, fromBase64url(jwk.n)]);
  } else if (algorithm === 13) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: "jwk" });
    publicBytes = Buffer.concat([fromBase64url(jwk.x), fromBase64url(jwk.y)]);
  } else {
    const pair = generateKeyPairSync("ed25519");
    privateKey = pair.privateKey;
    publicBytes = fromBase64url(pair.publicKey.export({ format: "jwk" }).x);
  }
  const dnskey: packet.DnskeyData = { flags, algorithm, key: publicBytes };
  return { algorithm, flags, privateKey, dnskey, keyTag: keyTag(dnskey) };
}

export function dnskeyRecord(options: {
  zone: string;
  key: TestZoneKey;
  ttl?: number;
}): packet.Answer {
  return { type: "DNSKEY", name: options.zone, ttl: options.ttl ?? 3600, data: options.key.dnskey };
}

export function dsRecord(options: {
  zone: string;
  key: TestZoneKey;
  digestType?: number;
  ttl?: number;
}): packet.Answer {
  const { zone, key, digestType = 2 } = options;
  const digest = dsDigest(zone, key.dnskey, digestType);
  if (!digest) throw new TypeError(`dsRecord: digest type ${digestType} is not supported`);
  return {
    type: "DS",
    name: zone,
    ttl: options.ttl ?? 3600,
    data: { keyTag: key.keyTag, algorithm: key.algorithm, digestType, digest },
  };
}

const hashOf: Record<number, string | null> = { 5: "sha1", 8: "sha256", 13: "sha256", 15: null };

/** An RRSIG over `rrset` (one owner, one type) by `key`, valid from `inception` to `expiration`. */
export function signRrset(options: {
  rrset: readonly packet.Answer[];
  key: TestZoneKey;
  zone: string;
  /** Unix seconds. */
  inception: number;
  expiration: number;
}): packet.Answer {
  const { rrset, key, zone } = options;
  const first = rrset[0] as Exclude<packet.Answer, packet.OptAnswer> | undefined;
  if (!first) throw new TypeError("signRrset: the RRset is empty");
  const rrsig: packet.RrsigData = {
    typeCovered: first.type,
    algorithm: key.algorithm,
    labels: labelCount(first.name),
    originalTTL: first.ttl ?? 0,
    expiration: options.expiration >>> 0,
    inception: options.inception >>> 0,
    keyTag: key.keyTag,
    signersName: canonicalName(zone),
    signature: Buffer.alloc(0),
  };
  const data = signedData({ rrsig, rrset });
  const hash = hashOf[key.algorithm] ?? null;
  const signature =
    key.algorithm === 13
      ? sign(hash, data, { key: key.privateKey, dsaEncoding: "ieee-p1363" })
      : key.algorithm === 15
        ? sign(null, data, key.privateKey)
        : sign(hash, data, { key: key.privateKey, padding: constants.RSA_PKCS1_PADDING });
  return { type: "RRSIG", name: first.name, ttl: first.ttl ?? 0, data: { ...rrsig, signature } };
}

/**
 * The zone's records plus its DNSKEY RRset and one RRSIG per RRset: the DNSKEY set signed by
 * the key-signing key, everything else by the zone-signing key. Delegation NS records and glue
 * (below a cut) are not signed, as RFC 4035 2.2 says.
 */
export function signZone(options: {
  zone: string;
  records: readonly packet.Answer[];
  ksk: TestZoneKey;
  zsk?: TestZoneKey;
  inception: number;
  expiration: number;
  /** NSEC or NSEC3 records to add (and sign) for authenticated denial. Default none. */
  denial?: DenialMode;
}): packet.Answer[] {
  const { zone, ksk, inception, expiration } = options;
  const zsk = options.zsk ?? ksk;
  const apex = canonicalName(zone);
  const keys = [ksk, ...(zsk === ksk ? [] : [zsk])].map((key) => dnskeyRecord({ zone: apex, key }));
  const data = [
    ...options.records.filter(
      (record) => !["DNSKEY", "RRSIG", "NSEC", "NSEC3"].includes(record.type),
    ),
    ...keys,
  ];
  const all = options.denial
    ? [...data, ...denialRecords({ zone: apex, records: data, mode: options.denial })]
    : data;
  const cuts = new Set(
    all
      .filter((record) => record.type === "NS" && canonicalName(record.name) !== apex)
      .map((record) => canonicalName(record.name)),
  );
  const belowCut = (name: string) =>
    [...cuts].some((cut) => name === cut || name.endsWith(`.${cut}`));
  const sets = new Map<string, packet.Answer[]>();
  for (const record of all) {
    const owner = canonicalName(record.name);
    // At a cut only the DS belongs to this zone; glue and delegation NS are the child's.
    if (belowCut(owner) && !(record.type === "DS" && cuts.has(owner))) continue;
    const key = `${owner}/${record.type}`;
    sets.set(key, [...(sets.get(key) ?? []), record]);
  }
  const signatures = [...sets.values()].map((rrset) =>
    signRrset({
      rrset,
      key: rrset[0]!.type === "DNSKEY" ? ksk : zsk,
      zone: apex,
      inception,
      expiration,
    }),
  );
  return [...all, ...signatures];
}

/** A CDS record for `key` (RFC 7344), raw: dns-packet has no codec for CDS. */
export function cdsRecord(options: {
  zone: string;
  key: TestZoneKey;
  digestType?: number;
}): packet.Answer {
  const ds = (dsRecord(options) as packet.DSAnswer).data;
  const data = Buffer.alloc(4);
  data.writeUInt16BE(ds.keyTag, 0);
  data[2] = ds.algorithm;
  data[3] = ds.digestType;
  return {
    type: "CDS",
    name: options.zone,
    ttl: 3600,
    data: Buffer.concat([data, ds.digest]),
  } as unknown as packet.Answer;
}

/** A CDNSKEY record for `key` (RFC 7344), raw. */
export function cdnskeyRecord(options: { zone: string; key: TestZoneKey }): packet.Answer {
  const { dnskey } = options.key;
  const data = Buffer.alloc(4);
  data.writeUInt16BE(dnskey.flags, 0);
  data[2] = 3;
  data[3] = dnskey.algorithm;
  return {
    type: "CDNSKEY",
    name: options.zone,
    ttl: 3600,
    data: Buffer.concat([data, dnskey.key]),
  } as unknown as packet.Answer;
}

/** RFC 8078 4: `CDS 0 0 0 00`, the request to delete the DS. */
export function deleteCdsRecord(zone: string): packet.Answer {
  return {
    type: "CDS",
    name: zone,
    ttl: 3600,
    data: Buffer.from([0, 0, 0, 0, 0]),
  } as unknown as packet.Answer;
}
