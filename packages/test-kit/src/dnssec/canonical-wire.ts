import { createHash } from "node:crypto";
import * as packet from "dns-packet";

/**
 * DNSSEC wire forms written from the RFCs, independently of the engine's verifier, so a test
 * that signs with this kit and verifies with the engine checks one against the other:
 * canonical names and RR order (RFC 4034 section 6), the key tag (RFC 4034 appendix B) and
 * the DS digest (RFC 4034 5.1.4, RFC 4509, RFC 6605).
 */

/** dns-packet's RDATA encoder for the types written here by hand; its typings omit it. */
const rdataCodec = (
  packet as unknown as { record(type: string): { encode(data: unknown): Buffer } }
).record;

/** Lower case (US-ASCII only, RFC 4034 6.2), no trailing dot; the root is `.`. */
export function canonicalName(name: string): string {
  const lowered = name.replace(/[A-Z]/g, (letter) => letter.toLowerCase()).replace(/\.$/, "");
  return lowered === "" ? "." : lowered;
}

const labelsOf = (name: string): string[] =>
  canonicalName(name) === "." ? [] : canonicalName(name).split(".");

/** The RRSIG Labels field: the owner's labels, the root and a leading `*` not counted. */
export const labelCount = (name: string): number =>
  labelsOf(name).filter((label, index) => !(index === 0 && label === "*")).length;

/** An uncompressed name in canonical (lower-case) wire form. */
export function nameWire(name: string): Buffer {
  const labels = labelsOf(name).map((label) => {
    const bytes = Buffer.from(label, "ascii");
    return Buffer.concat([Buffer.from([bytes.length]), bytes]);
  });
  return Buffer.concat([...labels, Buffer.from([0])]);
}

const u8 = (value: number) => Buffer.from([value & 0xff]);
function u16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value & 0xffff);
  return bytes;
}
function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
}

/** Type codes of the records test zones hold (RFC 1035, 3596, 2782, 4034, 8659); UNKNOWN_n is n. */
const typeCodes: Record<string, number> = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  PTR: 12,
  MX: 15,
  TXT: 16,
  AAAA: 28,
  SRV: 33,
  DNAME: 39,
  TLSA: 52,
  DS: 43,
  RRSIG: 46,
  DNSKEY: 48,
  NSEC: 47,
  NSEC3: 50,
  NSEC3PARAM: 51,
  CDS: 59,
  CDNSKEY: 60,
  CAA: 257,
};

export function typeCode(type: string): number {
  const unknown = /^UNKNOWN_(\d+)$/.exec(type);
  const code = unknown ? Number(unknown[1]) : typeCodes[type];
  if (code === undefined) throw new TypeError(`canonical-wire: add the type code of ${type}`);
  return code;
}

/** DNSKEY RDATA: flags, protocol 3, algorithm, public key (RFC 4034 2.1). */
export const dnskeyRdata = (key: packet.DnskeyData): Buffer =>
  Buffer.concat([u16(key.flags), u8(3), u8(key.algorithm), Buffer.from(key.key)]);

/** RRSIG RDATA up to and including the signer's name, i.e. without the signature. */
export function rrsigRdataHeader(rrsig: packet.RrsigData): Buffer {
  return Buffer.concat([
    u16(typeCode(rrsig.typeCovered)),
    u8(rrsig.algorithm),
    u8(rrsig.labels),
    u32(rrsig.originalTTL),
    u32(rrsig.expiration),
    u32(rrsig.inception),
    u16(rrsig.keyTag),
    nameWire(rrsig.signersName),
  ]);
}

/**
 * RDATA in canonical form: the names inside the RDATA of the types RFC 4034 6.2 lists are
 * lowered (those a test zone can hold are written here); other types as dns-packet encodes them.
 */
export function canonicalRdata(record: packet.Answer): Buffer {
  switch (record.type) {
    case "NS":
    case "CNAME":
    case "PTR":
    case "DNAME":
      return nameWire(record.data);
    case "MX":
      return Buffer.concat([u16(record.data.preference ?? 0), nameWire(record.data.exchange)]);
    case "SRV":
      return Buffer.concat([
        u16(record.data.priority ?? 0),
        u16(record.data.weight ?? 0),
        u16(record.data.port),
        nameWire(record.data.target),
      ]);
    case "SOA": {
      const soa = record.data;
      return Buffer.concat([
        nameWire(soa.mname),
        nameWire(soa.rname),
        ...[soa.serial, soa.refresh, soa.retry, soa.expire, soa.minimum].map((n) => u32(n ?? 0)),
      ]);
    }
    case "DNSKEY":
      return dnskeyRdata(record.data);
    case "DS":
      return Buffer.concat([
        u16(record.data.keyTag),
        u8(record.data.algorithm),
        u8(record.data.digestType),
        Buffer.from(record.data.digest),
      ]);
    case "RRSIG":
      return Buffer.concat([rrsigRdataHeader(record.data), Buffer.from(record.data.signature)]);
    default:
      // The codec prefixes RDLENGTH.
      return rdataCodec(record.type)
        .encode("data" in record ? record.data : undefined)
        .subarray(2);
  }
}

/**
 * The signed data of an RRSIG (RFC 4034 3.1.8.1): its RDATA without the signature, then each
 * RR of the set as owner | type | class IN | original TTL | RDLENGTH | RDATA, in canonical
 * form, sorted by RDATA as unsigned octets, duplicates removed (RFC 4034 6.3).
 */
export function signedData(options: {
  rrsig: packet.RrsigData;
  rrset: readonly packet.Answer[];
}): Buffer {
  const { rrsig, rrset } = options;
  const byRdata = new Map<string, Buffer>();
  for (const record of rrset)
    byRdata.set(canonicalRdata(record).toString("hex"), canonicalRdata(record));
  const records = [...byRdata.values()]
    .sort(Buffer.compare)
    .map((rdata) =>
      Buffer.concat([
        nameWire(rrset[0]!.name),
        u16(typeCode(rrsig.typeCovered)),
        u16(1),
        u32(rrsig.originalTTL),
        u16(rdata.length),
        rdata,
      ]),
    );
  return Buffer.concat([rrsigRdataHeader(rrsig), ...records]);
}

/** RFC 4034 appendix B: the 16-bit sum of the DNSKEY RDATA as big-endian words, carry folded. */
export function keyTag(key: packet.DnskeyData): number {
  const rdata = dnskeyRdata(key);
  let accumulator = 0;
  for (let offset = 0; offset < rdata.length; offset += 2) {
    accumulator += (rdata[offset]! << 8) + (rdata[offset + 1] ?? 0);
  }
  accumulator += accumulator >>> 16;
  return accumulator & 0xffff;
}

const digestHashes: Record<number, string> = { 1: "sha1", 2: "sha256", 4: "sha384" };

/** The DS digest: hash(owner in canonical wire form | DNSKEY RDATA); undefined if unsupported. */
export function dsDigest(owner: string, key: packet.DnskeyData, digestType: number) {
  const hash = digestHashes[digestType];
  return hash
    ? createHash(hash).update(nameWire(owner)).update(dnskeyRdata(key)).digest()
    : undefined;
}
