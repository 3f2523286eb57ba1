import type * as packet from "dns-packet";
import type { Finding } from "../../../../contract/finding.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import { algorithmName } from "../../../../protocols/dnssec/algorithms.js";
import { type SignatureVerdict, verifyRrsig } from "../../../../protocols/dnssec/verify-rrsig.js";
import type { HealthFacts, ServerFacts, ZoneFacts } from "../facts.js";
import { check, listText, plural, skipped } from "../finding.js";
import { owned, withDnssec } from "./dnssec-data.js";
import { soaAnswer } from "./nameserver.js";

/** Zonemaster DNSSEC04 and the issue's thresholds, in seconds. */
export const signatureThresholds = { minRemaining: 12 * 3600, maxValidity: 180 * 86_400 };

/** The verdicts over one RRset, best first; `missing` when the server gave no signature. */
interface RrsetSignatures {
  server: string;
  rrset: "SOA" | "DNSKEY";
  status: SignatureVerdict["status"] | "missing";
  verdicts: SignatureVerdict[];
}

const statusRank: Record<RrsetSignatures["status"], number> = {
  valid: 0,
  expired: 1,
  "not-yet-valid": 2,
  bogus: 3,
  "no-key": 4,
  unsupported: 5,
  missing: 6,
};

function rrsetSignatures(options: {
  server: ServerFacts;
  rrset: "SOA" | "DNSKEY";
  response: DnsResponse | null;
  zone: string;
  keys: packet.DnskeyData[];
  nowSeconds: number;
}): RrsetSignatures | null {
  const { server, rrset, response, zone, nowSeconds } = options;
  if (!response) return null;
  const records = owned(response, rrset, zone);
  if (records.length === 0) return null;
  // The server's own keys first: each server must be able to stand on its own answers.
  const serverKeys = owned<packet.DnskeyAnswer>(server.dnskey, "DNSKEY", zone).map(
    (record) => record.data,
  );
  const dnskeys = serverKeys.length > 0 ? serverKeys : options.keys;
  const verdicts = owned<packet.RrsigAnswer>(response, "RRSIG", zone)
    .filter((record) => record.data.typeCovered === rrset)
    .map((record) => verifyRrsig({ rrsig: record.data, rrset: records, dnskeys, zone, nowSeconds }))
    .sort(
      (a, b) =>
        statusRank[a.status] - statusRank[b.status] || b.remainingSeconds - a.remainingSeconds,
    );
  return { server: server.server, rrset, status: verdicts[0]?.status ?? "missing", verdicts };
}

const signaturesOf = new WeakMap<ZoneFacts, RrsetSignatures[]>();

/**
 * Every server's SOA and DNSKEY signatures judged, once per assessment: several checks read
 * them and each verification is a public-key operation.
 */
export function allSignatures(
  facts: HealthFacts,
  zone: ZoneFacts,
  keys: packet.DnskeyData[],
): RrsetSignatures[] {
  let judged = signaturesOf.get(zone);
  if (!judged) {
    judged = judgeSignatures(facts, zone, keys);
    signaturesOf.set(zone, judged);
  }
  return judged;
}

function judgeSignatures(
  facts: HealthFacts,
  zone: ZoneFacts,
  keys: packet.DnskeyData[],
): RrsetSignatures[] {
  return zone.servers.flatMap((server) => {
    const dnskey = isFailure(server.dnskey) ? null : server.dnskey;
    return [
      rrsetSignatures({
        server,
        rrset: "SOA",
        response: soaAnswer(server),
        zone: zone.apex,
        keys,
        nowSeconds: facts.nowSeconds,
      }),
      rrsetSignatures({
        server,
        rrset: "DNSKEY",
        response: dnskey,
        zone: zone.apex,
        keys,
        nowSeconds: facts.nowSeconds,
      }),
    ].filter((entry): entry is RrsetSignatures => entry !== null);
  });
}

/** `dns.dnssec.signatures`: RRSIGs over SOA and DNSKEY verify and are well inside their window. */
export const dnssecSignatures = (facts: HealthFacts): Finding =>
  withDnssec(facts, "dns.dnssec.signatures", (zone, keys) => {
    if (keys.length === 0) return skipped("dns.dnssec.signatures", "the zone has no DNSKEY");
    const entries = allSignatures(facts, zone, keys);
    if (entries.length === 0)
      return skipped("dns.dnssec.signatures", "no name server gave the SOA or DNSKEY records");
    const describe = (entry: RrsetSignatures) => {
      const best = entry.verdicts[0];
      return {
        server: entry.server,
        rrset: entry.rrset,
        status: entry.status,
        keyTag: best?.keyTag ?? null,
        expiration: best?.expiration ?? null,
        reason: best?.reason ?? (entry.status === "missing" ? "no RRSIG" : null),
      };
    };
    const details = { signatures: entries.map(describe) };
    const broken = entries.filter(
      (entry) => entry.status !== "valid" && entry.status !== "unsupported",
    );
    if (broken.length > 0) {
      return check(
        "dns.dnssec.signatures",
        "fail",
        `DNSSEC validation fails: ${listText(broken.map((entry) => `${entry.rrset} from ${entry.server} is ${entry.status === "missing" ? "unsigned" : entry.status}`))}. Validating resolvers answer SERVFAIL.`,
        details,
      );
    }
    const unsupported = entries.filter((entry) => entry.status === "unsupported");
    if (unsupported.length > 0) {
      return check(
        "dns.dnssec.signatures",
        "warn",
        `The signatures use ${listText([...new Set(unsupported.map((entry) => algorithmName(entry.verdicts[0]!.algorithm)))])}, which this service cannot verify.`,
        details,
      );
    }
    const soon = entries.filter(
      (entry) => entry.verdicts[0]!.remainingSeconds < signatureThresholds.minRemaining,
    );
    const long = entries.filter(
      (entry) => entry.verdicts[0]!.validitySeconds > signatureThresholds.maxValidity,
    );
    if (soon.length > 0 || long.length > 0) {
      const parts = [
        ...(soon.length > 0
          ? [
              `${listText(soon.map((entry) => `${entry.rrset} from ${entry.server}`))} expire${soon.length === 1 ? "s" : ""} in less than 12 hours (resign now)`,
            ]
          : []),
        ...(long.length > 0
          ? [
              `${listText(long.map((entry) => `${entry.rrset} from ${entry.server}`))} ${long.length === 1 ? "is" : "are"} valid for more than 180 days, which lets replayed answers live long`,
            ]
          : []),
      ];
      return check(
        "dns.dnssec.signatures",
        "warn",
        `The signatures verify, but ${parts.join("; ")}.`,
        details,
      );
    }
    return check(
      "dns.dnssec.signatures",
      "pass",
      `The SOA and DNSKEY signatures from ${plural(new Set(entries.map((entry) => entry.server)).size, "name server")} verify and are within their validity window.`,
      details,
    );
  });
