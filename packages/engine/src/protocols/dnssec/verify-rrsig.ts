import { constants, createHash, verify } from "node:crypto";
import type * as packet from "dns-packet";
import { rsaAlgorithms } from "./algorithms.js";
import { canonicalName, labelCount, signedData } from "./canonical.js";
import { keyTag } from "./key-tag.js";
import { dnskeyPublicKey } from "./public-key.js";

/**
 * - `valid`: a zone key of the signer verifies the signature and now is inside its window;
 * - `bogus`: the signature does not verify (or the RRSIG breaks RFC 4035 5.3.1);
 * - `expired` / `not-yet-valid`: it verifies, outside its validity window;
 * - `no-key`: no DNSKEY with that key tag and algorithm;
 * - `unsupported`: an algorithm node:crypto cannot check here (GOST, DSA, RSA/MD5).
 */
export type SignatureStatus =
  | "valid"
  | "bogus"
  | "expired"
  | "not-yet-valid"
  | "no-key"
  | "unsupported";

export interface SignatureVerdict {
  readonly status: SignatureStatus;
  readonly keyTag: number;
  readonly algorithm: number;
  readonly signer: string;
  readonly inception: string;
  readonly expiration: string;
  /** Seconds from now to expiration; negative once expired. */
  readonly remainingSeconds: number;
  /** Seconds from inception to expiration. */
  readonly validitySeconds: number;
  /** Why, when not valid. */
  readonly reason?: string;
}

const hashOf: Record<number, string | null> = {
  5: "sha1",
  7: "sha1",
  8: "sha256",
  10: "sha512",
  13: "sha256",
  14: "sha384",
  15: null,
  16: null,
};

/** Whether this validator implements an algorithm: else its signatures are `unsupported`. */
export const canVerify = (algorithm: number): boolean => algorithm in hashOf;

/** Zone Key flag (RFC 4034 2.1.1): only such keys may verify RRSIGs. */
const zoneKeyFlag = 0x0100;

/**
 * RRSIG times are 32-bit serial numbers (RFC 4034 3.1.5): the absolute time is the one closest
 * to now, so the check keeps working past 2106.
 */
export function serialTime(options: { value: number; nowSeconds: number }): number {
  const { value, nowSeconds } = options;
  const wrap = 2 ** 32;
  const base = nowSeconds - (((nowSeconds % wrap) + wrap) % wrap);
  const candidates = [base - wrap + value, base + value, base + wrap + value];
  return candidates.reduce((best, time) =>
    Math.abs(time - nowSeconds) < Math.abs(best - nowSeconds) ? time : best,
  );
}

/**
 * Checks one RRSIG over `rrset` with the zone's DNSKEYs, by the probe itself with node:crypto:
 * RSA (PKCS#1 v1.5), ECDSA P-256/P-384 (r|s) and EdDSA. `zone` is the zone the RRset belongs to,
 * which must be the signer.
 */
export function verifyRrsig(options: {
  rrsig: packet.RrsigData;
  rrset: readonly packet.Answer[];
  dnskeys: readonly packet.DnskeyData[];
  zone: string;
  nowSeconds: number;
}): SignatureVerdict {
  const { rrsig, rrset, dnskeys, nowSeconds } = options;
  const inception = serialTime({ value: rrsig.inception, nowSeconds });
  const expiration = serialTime({ value: rrsig.expiration, nowSeconds });
  const verdict = (status: SignatureStatus, reason?: string): SignatureVerdict => ({
    status,
    keyTag: rrsig.keyTag,
    algorithm: rrsig.algorithm,
    signer: canonicalName(rrsig.signersName),
    inception: new Date(inception * 1000).toISOString(),
    expiration: new Date(expiration * 1000).toISOString(),
    remainingSeconds: expiration - nowSeconds,
    validitySeconds: expiration - inception,
    ...(reason ? { reason } : {}),
  });

  if (canonicalName(rrsig.signersName) !== canonicalName(options.zone)) {
    return verdict("bogus", `signed by ${canonicalName(rrsig.signersName)}, not the zone`);
  }
  const owner = rrset[0]?.name ?? options.zone;
  if (rrsig.labels > labelCount(owner)) {
    return verdict("bogus", `labels field ${rrsig.labels} exceeds the owner's`);
  }
  if (!(rrsig.algorithm in hashOf)) {
    return verdict("unsupported", `algorithm ${rrsig.algorithm} is not verified here`);
  }
  const candidates = dnskeys.filter(
    (key) =>
      key.algorithm === rrsig.algorithm &&
      (key.flags & zoneKeyFlag) !== 0 &&
      keyTag(key) === rrsig.keyTag,
  );
  if (candidates.length === 0) {
    return verdict("no-key", `no zone key with tag ${rrsig.keyTag} and this algorithm`);
  }
  const data = signedData({ rrsig, rrset });
  const verified = candidates.some((candidate) =>
    verifies({ algorithm: rrsig.algorithm, publicKey: candidate.key, data, rrsig }),
  );
  if (!verified) return verdict("bogus", "the signature does not verify");
  if (nowSeconds < inception) return verdict("not-yet-valid", "the inception is in the future");
  if (nowSeconds > expiration) return verdict("expired", "the signature has expired");
  return verdict("valid");
}

/**
 * Outcomes already computed: a run's checks verify the same few signatures several times (26
 * verifications, 8 signatures, on a healthy signed chain), and a verification is a pure
 * function of the algorithm, key, signed data and signature. Bounded, oldest out first.
 */
const outcomes = new Map<string, boolean>();
const outcomesLimit = 1024;

function verifies(options: {
  algorithm: number;
  publicKey: Buffer;
  data: Buffer;
  rrsig: packet.RrsigData;
}): boolean {
  const { algorithm, publicKey, data, rrsig } = options;
  // The signed data by its digest: an RRset may be large, a memo entry stays small.
  const digest = createHash("sha256").update(data).digest("base64");
  const memoKey = `${algorithm}/${publicKey.toString("base64")}/${rrsig.signature.toString("base64")}/${digest}`;
  const known = outcomes.get(memoKey);
  if (known !== undefined) return known;
  const outcome = verifyOnce(options);
  if (outcomes.size >= outcomesLimit) outcomes.delete(outcomes.keys().next().value!);
  outcomes.set(memoKey, outcome);
  return outcome;
}

function verifyOnce(options: {
  algorithm: number;
  publicKey: Buffer;
  data: Buffer;
  rrsig: packet.RrsigData;
}): boolean {
  const { algorithm, data, rrsig } = options;
  const parsed = dnskeyPublicKey({ algorithm, publicKey: options.publicKey });
  if (!parsed) return false;
  const hash = hashOf[algorithm] ?? null;
  try {
    if (rsaAlgorithms.has(algorithm)) {
      return verify(
        hash,
        data,
        { key: parsed.key, padding: constants.RSA_PKCS1_PADDING },
        rrsig.signature,
      );
    }
    if (algorithm === 13 || algorithm === 14) {
      return verify(hash, data, { key: parsed.key, dsaEncoding: "ieee-p1363" }, rrsig.signature);
    }
    return verify(null, data, parsed.key, rrsig.signature);
  } catch {
    // A malformed signature (wrong length for the curve...) simply does not verify.
    return false;
  }
}
