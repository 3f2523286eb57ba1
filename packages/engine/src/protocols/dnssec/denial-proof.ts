import { createHash } from "node:crypto";
import type * as packet from "dns-packet";
import { canonicalName, nameWire } from "./canonical.js";
import { verifyRrsig } from "./verify-rrsig.js";

/** What a negative answer proves: the records it used, or why it proves nothing. */
export interface DenialProof {
  readonly kind: "nsec" | "nsec3" | null;
  readonly proven: boolean;
  readonly reason: string | null;
  /** NSEC3 parameters seen (RFC 5155 3.1.3-3.1.5). */
  readonly nsec3: { iterations: number; salt: string; optOut: boolean } | null;
}

const labelsOf = (name: string) => (name === "." ? [] : name.split("."));

/** RFC 4034 6.1: the canonical order of names, label by label from the right. */
export function compareNames(a: string, b: string): number {
  const left = labelsOf(canonicalName(a)).reverse();
  const right = labelsOf(canonicalName(b)).reverse();
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const order = Buffer.compare(Buffer.from(left[index]!), Buffer.from(right[index]!));
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

/** `owner < name < next`, the last record of the chain wrapping to the first. */
export function covers<T>(owner: T, next: T, name: T, compare: (a: T, b: T) => number): boolean {
  if (compare(owner, next) < 0) return compare(owner, name) < 0 && compare(name, next) < 0;
  return compare(owner, name) < 0 || compare(name, next) < 0;
}

/** RFC 5155 5: iterated SHA-1 of the wire name and salt. */
export function nsec3Hash(name: string, salt: Buffer, iterations: number): Buffer {
  let digest = createHash("sha1").update(nameWire(name)).update(salt).digest();
  for (let round = 0; round < iterations; round++) {
    digest = createHash("sha1").update(digest).update(salt).digest();
  }
  return digest;
}

const base32hex = "0123456789abcdefghijklmnopqrstuv";

/** The hash an NSEC3 owner label spells in base32hex; null when it is not one. */
export function decodeBase32hex(label: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of label.toLowerCase()) {
    const digit = base32hex.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/**
 * Checks the NSEC or NSEC3 proof of a negative answer about `name`/`type` (one label under
 * `zone`, so the closest encloser is the apex): NXDOMAIN needs the name and the wildcard
 * covered, NODATA a record at the name without the type. Only records whose signature
 * validates with `keys` count.
 */
export function checkDenial(options: {
  authorities: readonly packet.Answer[];
  name: string;
  type: string;
  zone: string;
  nxdomain: boolean;
  keys: readonly packet.DnskeyData[];
  nowSeconds: number;
}): DenialProof {
  const { authorities, zone, keys, nowSeconds } = options;
  const name = canonicalName(options.name);
  const apex = canonicalName(zone);
  // Only the records a proof uses get their signature verified: each costs a public-key
  // operation, and a negative answer may carry many.
  const verdicts = new Map<packet.Answer, boolean>();
  const signedValidly = (record: packet.Answer): boolean => {
    let valid = verdicts.get(record);
    if (valid === undefined) {
      const owner = canonicalName(record.name);
      valid = authorities.some(
        (signature) =>
          signature.type === "RRSIG" &&
          canonicalName(signature.name) === owner &&
          signature.data.typeCovered === record.type &&
          verifyRrsig({
            rrsig: signature.data,
            rrset: [record],
            dnskeys: keys,
            zone: apex,
            nowSeconds,
          }).status === "valid",
      );
      verdicts.set(record, valid);
    }
    return valid;
  };
  const validated = (type: "NSEC" | "NSEC3") =>
    authorities.filter((record) => record.type === type);
  const anyValid = (type: "NSEC" | "NSEC3") => validated(type).some(signedValidly);
  const present = (type: string) => authorities.some((record) => record.type === type);
  const wildcard = `*.${apex}`;

  if (present("NSEC")) {
    if (!anyValid("NSEC"))
      return {
        kind: "nsec",
        proven: false,
        reason: "no NSEC record carries a valid signature",
        nsec3: null,
      };
    const nsec = validated("NSEC") as packet.NsecAnswer[];
    const result = (proven: boolean, reason: string | null): DenialProof => ({
      kind: "nsec",
      proven,
      reason,
      nsec3: null,
    });
    const covering = (target: string) =>
      nsec.some(
        (record) =>
          covers(
            canonicalName(record.name),
            canonicalName(record.data.nextDomain),
            target,
            compareNames,
          ) && signedValidly(record),
      );
    if (options.nxdomain) {
      if (!covering(name)) return result(false, `no NSEC covers ${name}`);
      if (!covering(wildcard)) return result(false, `no NSEC covers the wildcard ${wildcard}`);
      return result(true, null);
    }
    const match = nsec.find(
      (record) => canonicalName(record.name) === name && signedValidly(record),
    );
    if (!match) return result(false, `no NSEC at ${name}`);
    if (match.data.rrtypes.includes(options.type) || match.data.rrtypes.includes("CNAME"))
      return result(false, `the NSEC at ${name} lists ${options.type}`);
    return result(true, null);
  }
  if (present("NSEC3")) {
    const nsec3 = validated("NSEC3") as packet.Nsec3Answer[];
    const first = (authorities.find((record) => record.type === "NSEC3") as packet.Nsec3Answer)
      .data;
    const params = {
      iterations: first.iterations,
      salt: first.salt.length > 0 ? first.salt.toString("hex") : "-",
      optOut: (first.flags & 1) === 1,
    };
    const result = (proven: boolean, reason: string | null): DenialProof => ({
      kind: "nsec3",
      proven,
      reason,
      nsec3: params,
    });
    if (!anyValid("NSEC3")) return result(false, "no NSEC3 record carries a valid signature");
    const entries = nsec3.flatMap((record) => {
      const owner = decodeBase32hex(canonicalName(record.name).split(".")[0]!);
      return owner ? [{ owner, record: record.data, answer: record }] : [];
    });
    const hashOf = (target: string) => nsec3Hash(target, first.salt, first.iterations);
    const matching = (target: string) => {
      const hash = hashOf(target);
      return entries.find((entry) => entry.owner.equals(hash) && signedValidly(entry.answer));
    };
    const covering = (target: string) => {
      const hash = hashOf(target);
      return entries.find(
        (entry) =>
          covers(entry.owner, Buffer.from(entry.record.nextDomain), hash, Buffer.compare) &&
          signedValidly(entry.answer),
      );
    };
    if (options.nxdomain) {
      if (!matching(apex)) return result(false, `no NSEC3 matches the closest encloser ${apex}`);
      if (!covering(name)) return result(false, `no NSEC3 covers ${name}`);
      const next = covering(name)!;
      // Opt-out spans may leave the wildcard unproven only for unsigned delegations; the
      // wildcard itself must still be covered.
      if (!covering(wildcard) && !(next.record.flags & 1))
        return result(false, `no NSEC3 covers the wildcard ${wildcard}`);
      return result(true, null);
    }
    const match = matching(name);
    if (!match) return result(false, `no NSEC3 matches ${name}`);
    if (match.record.rrtypes.includes(options.type) || match.record.rrtypes.includes("CNAME"))
      return result(false, `the NSEC3 of ${name} lists ${options.type}`);
    return result(true, null);
  }
  return {
    kind: null,
    proven: false,
    reason: "the answer carries no NSEC or NSEC3 record",
    nsec3: null,
  };
}
