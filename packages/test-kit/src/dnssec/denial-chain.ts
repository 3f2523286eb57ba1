import { createHash } from "node:crypto";
import type * as packet from "dns-packet";
import { canonicalName, nameWire } from "./canonical-wire.js";

/**
 * NSEC and NSEC3 chains for test zones (RFC 4034 4, RFC 5155 7.1), written apart from the
 * engine's proof checks so each tests the other.
 */
export type DenialMode =
  | "nsec"
  | { nsec3: { iterations: number; salt?: Buffer; optOut?: boolean } };

const labelsOf = (name: string) => (name === "." ? [] : name.split("."));

/** RFC 4034 6.1: labels compared right to left as lower-case octet strings. */
export function compareCanonical(a: string, b: string): number {
  const left = labelsOf(canonicalName(a)).reverse();
  const right = labelsOf(canonicalName(b)).reverse();
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const order = Buffer.compare(Buffer.from(left[index]!), Buffer.from(right[index]!));
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

/** RFC 5155 5: SHA-1 over the wire name and salt, then `iterations` more times. */
export function nsec3Hash(name: string, salt: Buffer, iterations: number): Buffer {
  let digest = createHash("sha1").update(nameWire(name)).update(salt).digest();
  for (let round = 0; round < iterations; round++) {
    digest = createHash("sha1").update(digest).update(salt).digest();
  }
  return digest;
}

const base32hexDigits = "0123456789abcdefghijklmnopqrstuv";

/** RFC 4648 base32hex, lower case, no padding: the NSEC3 owner label. */
export function base32hex(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += base32hexDigits[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += base32hexDigits[(value << (5 - bits)) & 31];
  return out;
}

/**
 * The zone's denial records: one NSEC (or NSEC3) per authoritative name, chained in canonical
 * (or hash) order, with the types each name holds, and for NSEC3 the apex's NSEC3PARAM. Glue
 * below a cut is not the zone's.
 */
export function denialRecords(options: {
  zone: string;
  records: readonly packet.Answer[];
  mode: DenialMode;
  ttl?: number;
}): packet.Answer[] {
  const apex = canonicalName(options.zone);
  const ttl = options.ttl ?? 3600;
  const cuts = new Set(
    options.records
      .filter((record) => record.type === "NS" && canonicalName(record.name) !== apex)
      .map((record) => canonicalName(record.name)),
  );
  const belowCut = (name: string) => [...cuts].some((cut) => name.endsWith(`.${cut}`));
  const types = new Map<string, Set<string>>();
  for (const record of options.records) {
    const owner = canonicalName(record.name);
    if (belowCut(owner) || record.type === "RRSIG") continue;
    // At a cut, only NS and DS belong to the zone's view of the name.
    if (cuts.has(owner) && record.type !== "NS" && record.type !== "DS") continue;
    types.set(owner, (types.get(owner) ?? new Set()).add(record.type));
  }
  if (options.mode === "nsec") {
    const names = [...types.keys()].sort(compareCanonical);
    return names.map((name, index) => ({
      type: "NSEC",
      name,
      ttl,
      data: {
        nextDomain: names[(index + 1) % names.length]!,
        rrtypes: [...types.get(name)!, "RRSIG", "NSEC"],
      },
    }));
  }
  const { iterations, salt = Buffer.alloc(0), optOut = false } = options.mode.nsec3;
  // The apex says which parameters the chain uses (RFC 5155 4): NSEC3PARAM, flags 0.
  types.get(apex)?.add("NSEC3PARAM");
  const head = Buffer.alloc(5);
  head.writeUInt8(1, 0);
  head.writeUInt16BE(iterations, 2);
  head.writeUInt8(salt.length, 4);
  const nsec3param = {
    type: "NSEC3PARAM",
    name: apex,
    ttl: 0,
    data: Buffer.concat([head, salt]),
  } as unknown as packet.Answer;
  // Empty non-terminals get an NSEC3 too (RFC 5155 7.1), with no types.
  for (const name of [...types.keys()]) {
    const labels = name.split(".");
    for (let cut = 1; cut < labels.length; cut++) {
      const ancestor = labels.slice(cut).join(".");
      if (ancestor.length < apex.length || !(ancestor === apex || ancestor.endsWith(`.${apex}`)))
        break;
      if (!types.has(ancestor)) types.set(ancestor, new Set());
    }
  }
  const insecure = (name: string) => cuts.has(name) && !(types.get(name)?.has("DS") ?? false);
  const hashed = [...types.keys()]
    .filter((name) => !(optOut && insecure(name)))
    .map((name) => ({ name, hash: nsec3Hash(name, salt, iterations) }))
    .sort((a, b) => Buffer.compare(a.hash, b.hash));
  const chain = hashed.map(({ name, hash }, index) => {
    const held = [...types.get(name)!];
    const signed = held.length > 0 && !insecure(name);
    return {
      type: "NSEC3",
      name: `${base32hex(hash)}.${apex}`,
      ttl,
      data: {
        algorithm: 1,
        flags: optOut ? 1 : 0,
        iterations,
        salt,
        nextDomain: hashed[(index + 1) % hashed.length]!.hash,
        rrtypes: [...held, ...(signed ? ["RRSIG"] : [])],
      },
    } as unknown as packet.Answer;
  });
  return [nsec3param, ...chain];
}
