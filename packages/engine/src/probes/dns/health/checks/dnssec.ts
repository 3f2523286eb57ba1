import type * as packet from "dns-packet";
import type { Finding } from "../../../../contract/finding.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import {
  type AlgorithmEntry,
  algorithmName,
  digestName,
  digestType,
  rsaAlgorithms,
  signingAlgorithm,
  type Unlisted,
} from "../../../../protocols/dnssec/algorithms.js";
import { dsDigest, supportedDigestTypes } from "../../../../protocols/dnssec/ds-digest.js";
import { keyTag } from "../../../../protocols/dnssec/key-tag.js";
import { dnskeyPublicKey } from "../../../../protocols/dnssec/public-key.js";
import { canVerify } from "../../../../protocols/dnssec/verify-rrsig.js";
import type { HealthFacts, ZoneFacts } from "../facts.js";
import { check, listText, plural, skipped } from "../finding.js";
import { owned, servedDs, withDnssec } from "./dnssec-data.js";
import { allSignatures } from "./dnssec-signatures.js";

/** Verdicts of a signature that verifies with the key, whatever its validity window says. */
const signedBy = new Set(["valid", "expired", "not-yet-valid"]);

/** Why no name server was asked (or answered), for a check that needs one. */
function serversUnasked(zone: ZoneFacts): string {
  if (zone.servers.length === 0 && zone.blocked.length > 0) {
    return `every name server address (${listText(zone.blocked)}) is non-public and network.allowPrivateAddresses is not set`;
  }
  if (zone.servers.length === 0) return "no name server address is known";
  const reasons = zone.servers.map((server) =>
    isFailure(server.dnskey) ? server.dnskey.message : `${server.server} gave no DNSKEY records`,
  );
  return listText([...new Set(reasons)]);
}

/**
 * Why the zone's DNSKEY set is unknown, or null when some source (the resolver or a name
 * server) answered for it, so an empty set is a fact.
 */
function unreadDnskey(zone: ZoneFacts): string | null {
  const fromResolver = zone.dnskey;
  if (!isFailure(fromResolver) || zone.servers.some((server) => !isFailure(server.dnskey))) {
    return null;
  }
  return `the zone's DNSKEY records could not be read (${fromResolver.message})`;
}

/** Servers whose authoritative DNSKEY answer holds no key of the zone. */
function servingNoKeys(zone: ZoneFacts): string[] {
  return zone.servers.flatMap((server) =>
    !isFailure(server.dnskey) &&
    server.dnskey.rcode === "NOERROR" &&
    server.dnskey.flags.aa &&
    owned<packet.DnskeyAnswer>(server.dnskey, "DNSKEY", zone.apex).length === 0
      ? [server.server]
      : [],
  );
}

/** `dns.dnssec.signed`: the zone is signed and the parent vouches for it with DS (DNSSEC07, 11). */
export const dnssecSigned = (facts: HealthFacts): Finding =>
  withDnssec(facts, "dns.dnssec.signed", (zone, keys, ds) => {
    const details = { dnskeys: keys.length, ds: ds.length };
    if (isFailure(zone.ds)) {
      return skipped(
        "dns.dnssec.signed",
        `the zone's DS records could not be read (${zone.ds.message})`,
        details,
      );
    }
    const unread = keys.length === 0 ? unreadDnskey(zone) : null;
    if (unread) return skipped("dns.dnssec.signed", unread, details);
    const unsignedServers = keys.length > 0 && ds.length === 0 ? servingNoKeys(zone) : [];
    if (unsignedServers.length > 0) {
      // A DS added now would make that server's answers bogus: the servers must agree first.
      return skipped(
        "dns.dnssec.signed",
        `${listText(unsignedServers)} ${unsignedServers.length === 1 ? "serves" : "serve"} ${zone.apex} unsigned while others serve keys (dns.dnssec.consistency)`,
        details,
      );
    }
    if (keys.length > 0 && ds.length > 0) {
      return check(
        "dns.dnssec.signed",
        "pass",
        `${zone.apex} is signed and its parent publishes ${plural(ds.length, "DS record")}.`,
        details,
      );
    }
    if (ds.length > 0) {
      return check(
        "dns.dnssec.signed",
        "fail",
        `The parent publishes DS records for ${zone.apex} but the zone has no DNSKEY: validating resolvers cannot resolve it.`,
        details,
      );
    }
    if (keys.length > 0) {
      return check(
        "dns.dnssec.signed",
        "warn",
        `${zone.apex} is signed but the parent has no DS record for it, so resolvers do not validate it. Add the DS at the registrar.`,
        details,
      );
    }
    return check(
      "dns.dnssec.signed",
      "warn",
      `${zone.apex} is not signed with DNSSEC: its answers can be forged on the way.`,
      details,
    );
  });

/** `dns.dnssec.ds-match`: a parent DS matches a zone key that signs the DNSKEY set (DNSSEC02). */
export const dnssecDsMatch = (facts: HealthFacts): Finding =>
  withDnssec(facts, "dns.dnssec.ds-match", (zone, keys, ds) => {
    if (isFailure(zone.ds)) {
      return skipped(
        "dns.dnssec.ds-match",
        `the zone's DS records could not be read (${zone.ds.message})`,
      );
    }
    if (ds.length === 0)
      return skipped("dns.dnssec.ds-match", "the parent has no DS record for the zone");
    if (keys.length === 0) {
      return skipped("dns.dnssec.ds-match", unreadDnskey(zone) ?? "the zone has no DNSKEY");
    }
    // Only a name server hands out the DNSKEY set with its signatures: without one that
    // answered, whether the DS key signs it is unknown, not false.
    const dnskeySets = allSignatures(facts, zone, keys).filter((entry) => entry.rrset === "DNSKEY");
    if (dnskeySets.length === 0) {
      return skipped(
        "dns.dnssec.ds-match",
        `no name server could be asked for the signed DNSKEY set: ${serversUnasked(zone)}`,
      );
    }
    // A signature that verifies signs, in its window or not: expiry is dns.dnssec.signatures'.
    const signing = new Set(
      dnskeySets.flatMap((entry) =>
        entry.verdicts
          .filter((verdict) => signedBy.has(verdict.status))
          .map((verdict) => verdict.keyTag),
      ),
    );
    const matches = ds.map((record) => {
      const key = keys.find((candidate) => {
        if (keyTag(candidate) !== record.keyTag || candidate.algorithm !== record.algorithm)
          return false;
        const digest = dsDigest({
          owner: zone.apex,
          key: candidate,
          digestType: record.digestType,
        });
        return digest?.equals(record.digest) ?? false;
      });
      return {
        keyTag: record.keyTag,
        algorithm: record.algorithm,
        digestType: record.digestType,
        matchesKey: key !== undefined,
        keySignsDnskeySet: key !== undefined && signing.has(record.keyTag),
        computable: supportedDigestTypes.includes(record.digestType),
      };
    });
    const details = { ds: matches, dnskeyTags: keys.map(keyTag) };
    if (matches.some((entry) => entry.keySignsDnskeySet)) {
      const stale = matches.filter((entry) => !entry.matchesKey && entry.computable);
      return check(
        "dns.dnssec.ds-match",
        "pass",
        `The parent's DS ${listText(matches.filter((entry) => entry.keySignsDnskeySet).map((entry) => String(entry.keyTag)))} matches a key that signs the zone's keys${stale.length > 0 ? `; DS ${listText(stale.map((entry) => String(entry.keyTag)))} match${stale.length === 1 ? "es" : ""} no key (left over from a rollover?)` : ""}.`,
        details,
      );
    }
    if (matches.every((entry) => !entry.computable)) {
      return skipped(
        "dns.dnssec.ds-match",
        `the DS digest types (${listText(matches.map((entry) => digestName(entry.digestType)))}) cannot be computed here`,
        details,
      );
    }
    const matched = matches.filter((entry) => entry.matchesKey);
    const unverifiable = dnskeySets.some((entry) =>
      entry.verdicts.some(
        (verdict) =>
          verdict.status === "unsupported" &&
          matched.some((match) => match.keyTag === verdict.keyTag),
      ),
    );
    if (unverifiable) {
      return skipped(
        "dns.dnssec.ds-match",
        "the DNSKEY set is signed with an algorithm this service cannot verify",
        details,
      );
    }
    return check(
      "dns.dnssec.ds-match",
      "fail",
      matched.length > 0
        ? `The key named by DS ${listText(matched.map((entry) => String(entry.keyTag)))} does not sign the zone's DNSKEY set: the chain of trust is broken.`
        : `No DS record at the parent (key tags ${listText(matches.map((entry) => String(entry.keyTag)))}) matches a DNSKEY of ${zone.apex} (key tags ${listText(keys.map((key) => String(keyTag(key))))}): the chain of trust is broken.`,
      details,
    );
  });

/** The registry's word on a number, as a problem: [status, what is wrong] or null when fine. */
function policyProblem(
  standing: AlgorithmEntry | Unlisted,
  what: string,
): ["fail" | "warn", string] | null {
  if (standing === "unassigned") return ["fail", `${what} is not an assigned algorithm`];
  if (standing === "private")
    return ["fail", `${what} is a private algorithm no public validator implements`];
  if (standing.use === "must-not") return ["fail", `${what} MUST NOT be used (${standing.source})`];
  if (standing.use === "not-recommended")
    return ["warn", `${what} is NOT RECOMMENDED (${standing.source})`];
  return null;
}

/**
 * `dns.dnssec.algorithm`: the DNSKEY algorithms and DS digest types against the registry's
 * policy (RFC 8624, RFC 9904 and its updates): fail for MUST NOT, unassigned or private
 * numbers; warn for NOT RECOMMENDED and RSA keys under 2048 bits; info for an algorithm this
 * service cannot validate (the zone is then insecure for it, RFC 4035 5.2, not bogus).
 */
export const dnssecAlgorithm = (facts: HealthFacts): Finding =>
  withDnssec(facts, "dns.dnssec.algorithm", (zone, keys) => {
    const ds = servedDs(zone);
    if (keys.length === 0 && ds.length === 0)
      return skipped("dns.dnssec.algorithm", `${zone.apex} is not signed`);
    const failures: string[] = [];
    const warnings: string[] = [];
    const unverifiable: string[] = [];
    const note = (problem: ["fail" | "warn", string] | null) => {
      if (problem) (problem[0] === "fail" ? failures : warnings).push(problem[1]);
    };
    const described = keys.map((key) => {
      const bits = dnskeyPublicKey({ algorithm: key.algorithm, publicKey: key.key })?.bits ?? null;
      const standing = signingAlgorithm(key.algorithm);
      const label = `key ${keyTag(key)} (${algorithmName(key.algorithm)}${bits ? `, ${bits} bits` : ""})`;
      note(policyProblem(standing, label));
      if (typeof standing !== "string" && standing.use !== "must-not" && !canVerify(key.algorithm))
        unverifiable.push(label);
      if (rsaAlgorithms.has(key.algorithm) && bits !== null) {
        if (bits < 1024) failures.push(`${label} is far too short`);
        else if (bits < 2048) warnings.push(`${label} is shorter than 2048 bits`);
      }
      return {
        keyTag: keyTag(key),
        algorithm: algorithmName(key.algorithm),
        status: typeof standing === "string" ? standing : standing.use,
        bits,
      };
    });
    const digests = ds.map((record) => {
      const standing = digestType(record.digestType);
      const label = `DS ${record.keyTag} (${digestName(record.digestType)})`;
      note(policyProblem(standing, label));
      if (
        typeof standing !== "string" &&
        standing.use !== "must-not" &&
        !supportedDigestTypes.includes(record.digestType)
      )
        unverifiable.push(label);
      return {
        keyTag: record.keyTag,
        digest: digestName(record.digestType),
        status: typeof standing === "string" ? standing : standing.use,
      };
    });
    const details = {
      keys: described,
      ds: digests,
      problems: [...failures, ...warnings],
      notValidatedHere: unverifiable,
    };
    if (failures.length > 0) {
      return check(
        "dns.dnssec.algorithm",
        "fail",
        `Prohibited DNSSEC cryptography: ${[...failures, ...warnings].join("; ")}.`,
        details,
      );
    }
    if (warnings.length > 0) {
      return check(
        "dns.dnssec.algorithm",
        "warn",
        `Dated DNSSEC cryptography: ${warnings.join("; ")}.`,
        details,
      );
    }
    const digestText = `${listText([...new Set(digests.map((entry) => entry.digest))])} DS digests`;
    const used =
      described.length === 0
        ? digestText
        : `${listText([...new Set(described.map((key) => key.algorithm))])}${digests.length > 0 ? ` with ${digestText}` : ""}`;
    if (unverifiable.length > 0) {
      return check(
        "dns.dnssec.algorithm",
        "info",
        `The zone uses ${used}, all allowed; this service cannot validate ${listText(unverifiable)}, so to it the zone is insecure, not bogus (RFC 4035 5.2), as it is to every validator without that algorithm.`,
        details,
      );
    }
    return check("dns.dnssec.algorithm", "pass", `The zone uses ${used}.`, details);
  });
