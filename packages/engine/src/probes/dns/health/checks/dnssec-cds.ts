import type * as packet from "dns-packet";
import type { Finding } from "../../../../contract/finding.js";
import { isFailure, type Outcome } from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import { dsDigest } from "../../../../protocols/dnssec/ds-digest.js";
import { keyTag } from "../../../../protocols/dnssec/key-tag.js";
import type { HealthFacts } from "../facts.js";
import { check, listText, skipped } from "../finding.js";
import { cdsSignatureProblems } from "./cds-signatures.js";
import { withDnssec } from "./dnssec-data.js";

/** CDS/CDNSKEY RDATA as dns-packet hands it over: raw bytes (it has no codec for them). */
const rdataOf = (response: Outcome<DnsResponse> | undefined, type: string): Buffer[] =>
  response && !isFailure(response)
    ? response.answers
        .filter((record) => record.type === type)
        .map((record) => Buffer.from((record as { data: Buffer }).data))
    : [];

const parseCds = (data: Buffer): packet.DsData | null =>
  data.length < 5
    ? null
    : {
        keyTag: data.readUInt16BE(0),
        algorithm: data[2]!,
        digestType: data[3]!,
        digest: data.subarray(4),
      };

const parseCdnskey = (data: Buffer): packet.DnskeyData | null =>
  data.length < 5
    ? null
    : { flags: data.readUInt16BE(0), algorithm: data[3]!, key: data.subarray(4) };

/** RFC 8078 4: `CDS 0 0 0 00` and `CDNSKEY 0 3 0 AA==` ask the parent to remove the DS. */
const isDeleteCds = (record: packet.DsData) =>
  record.keyTag === 0 && record.algorithm === 0 && record.digestType === 0;
const isDeleteCdnskey = (record: packet.DnskeyData) => record.flags === 0 && record.algorithm === 0;

/**
 * `dns.dnssec.cds`: CDS and CDNSKEY, when published, match the zone's DNSKEY set and are the
 * same on every server (Zonemaster DNSSEC15-17); a delete request is reported as info.
 */
export const dnssecCds = (facts: HealthFacts): Finding =>
  withDnssec(facts, "dns.dnssec.cds", (zone, keys, ds) => {
    const asked = zone.servers.filter(
      (server) =>
        server.cds !== null && !isFailure(server.cds.cds) && !isFailure(server.cds.cdnskey),
    );
    if (asked.length === 0)
      return skipped("dns.dnssec.cds", "no name server answered for CDS and CDNSKEY");
    const published = asked.map((server) => ({
      server: server.server,
      cds: rdataOf(server.cds?.cds, "CDS")
        .map((data) => data.toString("hex"))
        .sort(),
      cdnskey: rdataOf(server.cds?.cdnskey, "CDNSKEY")
        .map((data) => data.toString("hex"))
        .sort(),
    }));
    const details = { servers: published };
    const none = published.every((entry) => entry.cds.length === 0 && entry.cdnskey.length === 0);
    if (keys.length === 0 && none) return skipped("dns.dnssec.cds", `${zone.apex} is not signed`);
    if (none) {
      return check(
        "dns.dnssec.cds",
        "pass",
        `${zone.apex} publishes no CDS or CDNSKEY records.`,
        details,
      );
    }
    const signature = (entry: (typeof published)[number]) =>
      `${entry.cds.join(",")}/${entry.cdnskey.join(",")}`;
    if (new Set(published.map(signature)).size > 1) {
      return check(
        "dns.dnssec.cds",
        "fail",
        `The name servers publish different CDS/CDNSKEY sets (${listText(published.map((entry) => `${entry.server}: ${entry.cds.length} CDS, ${entry.cdnskey.length} CDNSKEY`))}): the parent cannot act on them.`,
        details,
      );
    }
    const cds = published[0]!.cds.flatMap((hex) => parseCds(Buffer.from(hex, "hex")) ?? []);
    const cdnskey = published[0]!.cdnskey.flatMap(
      (hex) => parseCdnskey(Buffer.from(hex, "hex")) ?? [],
    );
    const deleting =
      (cds.length > 0 && cds.every(isDeleteCds)) ||
      (cdnskey.length > 0 && cdnskey.every(isDeleteCdnskey));
    if (keys.length === 0 && !deleting) {
      return check(
        "dns.dnssec.cds",
        "fail",
        `${zone.apex} publishes CDS/CDNSKEY records but is not signed: they match no DNSKEY and a parent acting on them would make the zone bogus.`,
        details,
      );
    }
    const signatures =
      keys.length === 0
        ? { fail: [], warn: [] }
        : cdsSignatureProblems({
            zone,
            keys,
            ds,
            pointed: deleting
              ? []
              : [
                  ...cds.filter((record) => !isDeleteCds(record)),
                  ...cdnskey
                    .filter((record) => !isDeleteCdnskey(record))
                    .map((record) => ({ keyTag: keyTag(record), algorithm: record.algorithm })),
                ],
            nowSeconds: facts.nowSeconds,
          });
    if (signatures.fail.length > 0) {
      return check(
        "dns.dnssec.cds",
        "fail",
        `The CDS/CDNSKEY records are not properly signed: ${listText(signatures.fail)}. A parent cannot act on them (RFC 7344 4.1).`,
        { ...details, signatures },
      );
    }
    if (deleting) {
      return check(
        "dns.dnssec.cds",
        "info",
        `${zone.apex} asks its parent to delete its DS records (RFC 8078 delete CDS/CDNSKEY): the zone is going insecure.`,
        details,
      );
    }
    const problems = [
      ...cds
        .filter(
          (record) =>
            !keys.some(
              (key) =>
                keyTag(key) === record.keyTag &&
                key.algorithm === record.algorithm &&
                (dsDigest({ owner: zone.apex, key, digestType: record.digestType })?.equals(
                  record.digest,
                ) ??
                  false),
            ),
        )
        .map((record) => `CDS ${record.keyTag} matches no DNSKEY`),
      ...cdnskey
        .filter(
          (record) =>
            !keys.some(
              (key) =>
                key.flags === record.flags &&
                key.algorithm === record.algorithm &&
                key.key.equals(record.key),
            ),
        )
        .map((record) => `CDNSKEY ${keyTag(record)} is not in the DNSKEY set`),
    ];
    if (problems.length > 0) {
      return check(
        "dns.dnssec.cds",
        "fail",
        `The CDS/CDNSKEY records do not match the zone's keys: ${listText(problems)}. A parent acting on them would break the chain of trust.`,
        details,
      );
    }
    if (signatures.warn.length > 0) {
      return check(
        "dns.dnssec.cds",
        "warn",
        `The CDS/CDNSKEY records match the zone's keys, but ${listText(signatures.warn)}: a parent that authenticates them with the current chain of trust (RFC 7344 4.1, RFC 8078 3) will not act on them.`,
        { ...details, signatures },
      );
    }
    return check(
      "dns.dnssec.cds",
      "pass",
      `The CDS/CDNSKEY records match the zone's DNSKEY set and are signed on every name server.`,
      details,
    );
  });
