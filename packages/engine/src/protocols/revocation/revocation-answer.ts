import { contentOf, DerError, type DerNode, derTag, expect } from "../x509/der/der-reader.js";

/** What one OCSP response or CRL says about one certificate, once read and verified. */
export type RevocationAnswer =
  | {
      status: "good" | "revoked" | "unknown";
      /** When the certificate was revoked; null unless revoked. */
      revokedAt: Date | null;
      /** The CRLReason's name (RFC 5280 5.3.1), when the answer gives one. */
      reason: string | null;
      thisUpdate: Date;
      /** Until when the answer may be relied on; null when it does not say. */
      nextUpdate: Date | null;
    }
  /** The bytes prove nothing: why, in words. */
  | { status: "invalid"; problem: string };

/** CRLReason (RFC 5280 5.3.1); 7 is not used. */
const reasonNames: Record<number, string> = {
  0: "unspecified",
  1: "keyCompromise",
  2: "cACompromise",
  3: "affiliationChanged",
  4: "superseded",
  5: "cessationOfOperation",
  6: "certificateHold",
  8: "removeFromCRL",
  9: "privilegeWithdrawn",
  10: "aACompromise",
};

export function reasonName(code: number): string {
  return reasonNames[code] ?? `reason ${code}`;
}

/** Clocks differ: an answer dated this far in the future, or this stale, is still taken. */
export const clockSkewMs = 5 * 60_000;

/**
 * Why an answer of `thisUpdate`..`nextUpdate` cannot be relied on at `now`, or null. Without a
 * nextUpdate, an answer older than the 10 days the Baseline Requirements (4.9.10) allow an OCSP
 * response to live is stale.
 */
export function freshnessProblem(options: {
  thisUpdate: Date;
  nextUpdate: Date | null;
  now: number;
}): string | null {
  const { thisUpdate, nextUpdate, now } = options;
  if (thisUpdate.getTime() > now + clockSkewMs) {
    return `it is dated in the future (thisUpdate ${thisUpdate.toISOString()})`;
  }
  const until = nextUpdate?.getTime() ?? thisUpdate.getTime() + 10 * 86_400_000;
  if (until < now - clockSkewMs) {
    return `it is stale (${nextUpdate ? "nextUpdate" : "thisUpdate + 10 days"} ${new Date(until).toISOString()})`;
  }
  return null;
}

/** A small ENUMERATED (response statuses, CRL reasons). */
export function enumeratedOf(node: DerNode | undefined, what: string): number {
  const bytes = contentOf(expect(node, derTag.enumerated, what));
  if (bytes.length !== 1) throw new DerError(`${what} is out of range`);
  return bytes[0]!;
}
