import type * as packet from "dns-packet";
import type { Finding } from "../../../../contract/finding.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import { digestName } from "../../../../protocols/dnssec/algorithms.js";
import { keyTag } from "../../../../protocols/dnssec/key-tag.js";
import type { HealthFacts } from "../facts.js";
import { check, listText, plural, skipped } from "../finding.js";
import { owned, withDnssec } from "./dnssec-data.js";
import { allSignatures } from "./dnssec-signatures.js";

/** RFC 8624 3.3: SHA-1 DS digests are deprecated; SHA-256 must be there too. */
const sha1 = 1;
/** The issue's threshold for a signature about to expire. */
export const expiringWithinSeconds = 3 * 86_400;

/** `dns.dnssec.ds-digest`: the parent's DS set does not rest on SHA-1 alone (DNSSEC01). */
export const dnssecDsDigest = (facts: HealthFacts): Finding =>
  withDnssec(facts, "dns.dnssec.ds-digest", (zone, _keys, ds) => {
    if (isFailure(zone.ds)) {
      return skipped(
        "dns.dnssec.ds-digest",
        `the zone's DS records could not be read (${zone.ds.message})`,
      );
    }
    if (ds.length === 0)
      return skipped("dns.dnssec.ds-digest", "the parent has no DS record for the zone");
    const details = {
      ds: ds.map((record) => ({ keyTag: record.keyTag, digest: digestName(record.digestType) })),
    };
    if (ds.every((record) => record.digestType === sha1)) {
      return check(
        "dns.dnssec.ds-digest",
        "warn",
        `The parent's DS ${plural(ds.length, "record")} for ${zone.apex} use${ds.length === 1 ? "s" : ""} only SHA-1, which RFC 8624 deprecates: add a SHA-256 DS at the registrar.`,
        details,
      );
    }
    return check(
      "dns.dnssec.ds-digest",
      "pass",
      `The parent's DS set uses ${listText([...new Set(ds.map((record) => digestName(record.digestType)))])}.`,
      details,
    );
  });

/** `dns.dnssec.validity`: no signature expires within three days or starts in the future (DNSSEC04). */
export const dnssecValidity = (facts: HealthFacts): Finding =>
  withDnssec(facts, "dns.dnssec.validity", (zone, keys) => {
    if (keys.length === 0) return skipped("dns.dnssec.validity", `${zone.apex} is not signed`);
    const entries = allSignatures(facts, zone, keys);
    const windows = entries.flatMap((entry) =>
      entry.verdicts
        .filter((verdict) => ["valid", "expired", "not-yet-valid"].includes(verdict.status))
        .map((verdict) => ({
          server: entry.server,
          rrset: entry.rrset,
          keyTag: verdict.keyTag,
          inception: verdict.inception,
          expiration: verdict.expiration,
          remainingSeconds: verdict.remainingSeconds,
          status: verdict.status,
        })),
    );
    if (windows.length === 0)
      return skipped("dns.dnssec.validity", "no name server gave a verifiable signature");
    const details = { signatures: windows };
    const label = (entry: (typeof windows)[number]) => `${entry.rrset} from ${entry.server}`;
    const expired = windows.filter((entry) => entry.status === "expired");
    if (expired.length > 0) {
      return check(
        "dns.dnssec.validity",
        "fail",
        `The signature over ${listText([...new Set(expired.map(label))])} has expired.`,
        details,
      );
    }
    const future = windows.filter((entry) => entry.status === "not-yet-valid");
    const soon = windows.filter(
      (entry) => entry.status === "valid" && entry.remainingSeconds < expiringWithinSeconds,
    );
    if (future.length > 0 || soon.length > 0) {
      const parts = [
        ...(future.length > 0
          ? [
              `${listText([...new Set(future.map(label))])} is signed with an inception in the future`,
            ]
          : []),
        ...(soon.length > 0
          ? [
              `the signature over ${listText([...new Set(soon.map(label))])} expires within 3 days (${soon[0]!.expiration})`,
            ]
          : []),
      ];
      return check(
        "dns.dnssec.validity",
        "warn",
        `${parts.join("; ")}: re-sign the zone.`,
        details,
      );
    }
    const earliest = windows.reduce((a, b) => (a.remainingSeconds <= b.remainingSeconds ? a : b));
    return check(
      "dns.dnssec.validity",
      "pass",
      `Every signature is in its validity window; the first to expire does so at ${earliest.expiration}.`,
      details,
    );
  });

const keySetOf = (records: packet.DnskeyAnswer[]) =>
  records
    .map((record) => keyTag(record.data))
    .sort((a, b) => a - b)
    .join(",");

/**
 * `dns.dnssec.consistency`: every name server serves the same DNSKEY set, with signatures
 * that validate (DNSSEC03's consistency, Zonemaster CONSISTENCY of signed data).
 */
export const dnssecConsistency = (facts: HealthFacts): Finding =>
  withDnssec(facts, "dns.dnssec.consistency", (zone, keys) => {
    if (keys.length === 0) return skipped("dns.dnssec.consistency", `${zone.apex} is not signed`);
    const sets = zone.servers
      .filter((server) => !isFailure(server.dnskey))
      .map((server) => ({
        server: server.server,
        keyTags: keySetOf(owned<packet.DnskeyAnswer>(server.dnskey, "DNSKEY", zone.apex)),
      }));
    if (sets.length < 2) {
      return skipped(
        "dns.dnssec.consistency",
        `${plural(sets.length, "name server")} gave the DNSKEY set; two are needed to compare`,
      );
    }
    const signatures = allSignatures(facts, zone, keys).map((entry) => ({
      server: entry.server,
      rrset: entry.rrset,
      status: entry.status,
    }));
    const details = { dnskeys: sets, signatures };
    const distinct = new Set(sets.map((set) => set.keyTags));
    if (distinct.size > 1) {
      return check(
        "dns.dnssec.consistency",
        "fail",
        `The name servers serve different DNSKEY sets: ${sets.map((set) => `${set.server} (${set.keyTags || "none"})`).join(", ")}. Resolvers get a different answer depending on the server they ask.`,
        details,
      );
    }
    const broken = signatures.filter(
      (entry) => entry.status !== "valid" && entry.status !== "unsupported",
    );
    const working = signatures.filter((entry) => entry.status === "valid");
    if (broken.length > 0 && working.length > 0) {
      return check(
        "dns.dnssec.consistency",
        "fail",
        `Some name servers serve signatures that do not validate: ${listText(broken.map((entry) => `${entry.rrset} from ${entry.server} (${entry.status})`))}, where others validate.`,
        details,
      );
    }
    return check(
      "dns.dnssec.consistency",
      "pass",
      `The ${plural(sets.length, "name server")} serve the same DNSKEY set${broken.length > 0 ? "" : " and signatures that validate"}.`,
      details,
    );
  });
