import type { Finding } from "../../../../contract/finding.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import type { HealthFacts, Referral } from "../facts.js";
import { check, skipped, withZone } from "../finding.js";

/** A plain DNS message over UDP without EDNS (RFC 1035 4.2.1). */
const udpLimit = 512;
/** The longest name in wire form, root label included (RFC 1035 3.1). */
const longestName = 255;

/** Bytes of `name` in a message whose names so far left `written` suffixes to point at. */
function compressedLength(name: string, written: Set<string>): number {
  const labels = name.replace(/\.$/, "").toLowerCase().split(".").filter(Boolean);
  let bytes = 0;
  for (let index = 0; index < labels.length; index++) {
    const suffix = labels.slice(index).join(".");
    if (written.has(suffix)) return bytes + 2;
    written.add(suffix);
    bytes += labels[index]!.length + 1;
  }
  return bytes + 1;
}

/**
 * The size of the referral for the longest possible name under `zone`, compressed as servers
 * send it: the question, every NS record, and one A and one AAAA glue record when the
 * delegation has them, which a resolver needs at least (Zonemaster DELEGATION03's method).
 */
export function referralSize(zone: string, referral: Referral): number {
  const written = new Set<string>();
  compressedLength(zone, written);
  let size = 12 + longestName + 4;
  const fixed = 10; // type, class, TTL, RDLENGTH
  for (const host of referral.nsHosts) {
    size += compressedLength(zone, written) + fixed + compressedLength(host, written);
  }
  const glue = Object.entries(referral.glue);
  for (const [family, length] of [
    [4, 4],
    [6, 16],
  ] as const) {
    const entry = glue.find(([, addresses]) =>
      addresses.some((address) => address.includes(":") === (family === 6)),
    );
    if (entry) size += compressedLength(entry[0], written) + fixed + length;
  }
  return size;
}

/** `dns.ns.referral-size`: the referral to the zone fits a 512-byte UDP answer (DELEGATION03). */
export const nsReferralSize = (facts: HealthFacts): Finding =>
  withZone(facts, "dns.ns.referral-size", (zone) => {
    if (zone.parent === null)
      return skipped("dns.ns.referral-size", `${zone.apex} has no parent zone`);
    if (isFailure(zone.parent) || isFailure(zone.parent.referral)) {
      const reason = isFailure(zone.parent)
        ? zone.parent.message
        : (zone.parent.referral as { message: string }).message;
      return skipped("dns.ns.referral-size", `the delegation could not be read (${reason})`);
    }
    const referral = zone.parent.referral;
    const size = referralSize(zone.apex, referral);
    const details = { bytes: size, limit: udpLimit, nsHosts: referral.nsHosts };
    if (size > udpLimit) {
      return check(
        "dns.ns.referral-size",
        "warn",
        `The referral to ${zone.apex} for the longest possible name takes ${size} bytes, more than the ${udpLimit} a UDP answer without EDNS holds: resolvers get it truncated and must retry over TCP. Use fewer or shorter name server names.`,
        details,
      );
    }
    return check(
      "dns.ns.referral-size",
      "pass",
      `The referral to ${zone.apex} fits in ${size} of ${udpLimit} bytes, even for the longest possible name.`,
      details,
    );
  });
