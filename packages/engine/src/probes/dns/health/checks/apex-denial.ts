import type * as packet from "dns-packet";
import { normalizeName } from "../../../../protocols/dns/records.js";
import { isFailure, type Outcome } from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import { decodeBase32hex, nsec3Hash } from "../../../../protocols/dnssec/denial-proof.js";
import { verifyRrsig } from "../../../../protocols/dnssec/verify-rrsig.js";

/** NSEC3 parameters, as the records or NSEC3PARAM give them. */
export interface Nsec3Parameters {
  algorithm: number;
  flags: number;
  iterations: number;
  /** Hex, or `-` for none. */
  salt: string;
}

/** What one server's apex NSEC and NSEC3PARAM answers say (Zonemaster's DNSSEC03 and DNSSEC10). */
export interface ApexDenial {
  /** The denial the apex shows: NSEC, NSEC3, both (an error), or none. */
  kind: "nsec" | "nsec3" | "mixed" | null;
  /** What is wrong with it, in words. */
  problems: string[];
  /** The NSEC3 parameters read at the apex (the NSEC3 record, else NSEC3PARAM). */
  nsec3: Nsec3Parameters | null;
  /** Several NSEC3 records in the apex NODATA (shown: validators use the apex's alone). */
  multipleNsec3: boolean;
}

/** Types an apex NSEC or NSEC3 must list, and those it must not (DNSSEC10). */
const nsecTypes = ["SOA", "NS", "DNSKEY", "NSEC", "RRSIG"];
const nsec3Types = ["SOA", "NS", "DNSKEY", "NSEC3PARAM", "RRSIG"];

const usable = (outcome: Outcome<DnsResponse>): outcome is DnsResponse =>
  !isFailure(outcome) && outcome.rcode === "NOERROR" && outcome.flags.aa;

/** Whether a signature over `rrset` verifies with the zone's keys, in its window; else why not. */
function signatureProblem(options: {
  response: DnsResponse;
  rrset: packet.Answer[];
  type: string;
  zone: string;
  keys: readonly packet.DnskeyData[];
  nowSeconds: number;
}): string | null {
  const owner = normalizeName(options.rrset[0]!.name);
  const signatures = [...options.response.answers, ...options.response.authorities].filter(
    (record): record is packet.RrsigAnswer =>
      record.type === "RRSIG" &&
      normalizeName(record.name) === owner &&
      record.data.typeCovered === options.type,
  );
  if (signatures.length === 0) return `the ${options.type} record is not signed`;
  const verdicts = signatures.map((record) =>
    verifyRrsig({
      rrsig: record.data,
      rrset: options.rrset,
      dnskeys: options.keys,
      zone: options.zone,
      nowSeconds: options.nowSeconds,
    }),
  );
  if (verdicts.some((verdict) => verdict.status === "valid")) return null;
  const worst = verdicts[0]!;
  return `the ${options.type} record's signature is ${worst.status === "no-key" ? "made by no key of the zone" : worst.status}`;
}

const nsec3ParametersOf = (data: Buffer): Nsec3Parameters | null => {
  if (data.length < 5) return null;
  const saltLength = data[4]!;
  const salt = data.subarray(5, 5 + saltLength);
  return {
    algorithm: data[0]!,
    flags: data[1]!,
    iterations: data.readUInt16BE(2),
    salt: salt.length === 0 ? "-" : salt.toString("hex"),
  };
};

/**
 * One server's apex NSEC (or the NSEC3 of its NODATA) and NSEC3PARAM, judged as DNSSEC10
 * does: one record, owned by the apex (or hashing to it), listing the apex's types, signed by a
 * zone key; NSEC and NSEC3 not both.
 */
export function judgeApexDenial(options: {
  apex: { nsec: Outcome<DnsResponse>; nsec3param: Outcome<DnsResponse> };
  zone: string;
  keys: readonly packet.DnskeyData[];
  nowSeconds: number;
}): ApexDenial | null {
  const { zone, keys, nowSeconds } = options;
  const { nsec, nsec3param } = options.apex;
  if (!usable(nsec) && !usable(nsec3param)) return null;
  const problems: string[] = [];
  let hasNsec = false;
  let hasNsec3 = false;
  let nsec3: Nsec3Parameters | null = null;
  let multipleNsec3 = false;
  const listed = (
    types: readonly string[],
    wanted: readonly string[],
    banned: readonly string[],
  ) => [
    ...wanted.filter((type) => !types.includes(type)).map((type) => `lacks ${type}`),
    ...banned.filter((type) => types.includes(type)).map((type) => `lists ${type}`),
  ];

  if (usable(nsec)) {
    const records = nsec.answers.filter(
      (record): record is packet.NsecAnswer => record.type === "NSEC",
    );
    const hashed = nsec.authorities.filter(
      (record): record is packet.Nsec3Answer => record.type === "NSEC3",
    );
    if (records.length > 0) {
      hasNsec = true;
      if (records.length > 1)
        problems.push(`the apex NSEC query gives ${records.length} NSEC records`);
      const record = records[0]!;
      if (normalizeName(record.name) !== zone) {
        problems.push(`the NSEC record is owned by ${normalizeName(record.name)}, not the apex`);
      } else {
        const types = listed(record.data.rrtypes, nsecTypes, ["NSEC3"]);
        if (types.length > 0) problems.push(`the apex NSEC ${types.join(", ")}`);
        const signed = signatureProblem({
          response: nsec,
          rrset: records,
          type: "NSEC",
          zone,
          keys,
          nowSeconds,
        });
        if (signed) problems.push(signed);
      }
    } else if (hashed.length > 0) {
      hasNsec3 = true;
      multipleNsec3 = hashed.length > 1;
      const soa = nsec.authorities.find((record) => record.type === "SOA");
      if (!soa) problems.push("the NSEC3 NODATA answer carries no SOA");
      else if (normalizeName(soa.name) !== zone)
        problems.push(`the NSEC3 NODATA answer's SOA is ${normalizeName(soa.name)}'s`);
      // The record proving the NODATA is the one hashing to the apex (RFC 5155 7.2.3); others
      // in the answer are not wrong, just unused.
      const matching = hashed.find((record) => {
        const { algorithm, iterations, salt } = record.data;
        const owner = decodeBase32hex(normalizeName(record.name).split(".")[0]!);
        return algorithm === 1 && owner?.equals(nsec3Hash(zone, salt, iterations));
      });
      const record = matching ?? hashed[0]!;
      const { algorithm, flags, iterations, salt, rrtypes } = record.data;
      nsec3 = {
        algorithm,
        flags,
        iterations,
        salt: salt.length === 0 ? "-" : salt.toString("hex"),
      };
      if (!matching && algorithm === 1) {
        problems.push("no NSEC3 record in the answer is the apex's");
      } else {
        const types = listed(rrtypes, nsec3Types, ["NSEC", "NSEC3"]);
        if (types.length > 0) problems.push(`the apex NSEC3 ${types.join(", ")}`);
        const signed = signatureProblem({
          response: nsec,
          rrset: [record],
          type: "NSEC3",
          zone,
          keys,
          nowSeconds,
        });
        if (signed) problems.push(signed);
      }
    }
  }
  if (usable(nsec3param)) {
    const records = nsec3param.answers.filter((record) => record.type === "NSEC3PARAM");
    if (records.length > 0) {
      hasNsec3 = true;
      if (records.length > 1) problems.push(`${records.length} NSEC3PARAM records`);
      const record = records[0]!;
      if (normalizeName(record.name) !== zone) {
        problems.push(`the NSEC3PARAM record is owned by ${normalizeName(record.name)}`);
      }
      nsec3 ??= nsec3ParametersOf((record as unknown as { data: Buffer }).data);
    }
  }
  const kind = hasNsec && hasNsec3 ? "mixed" : hasNsec ? "nsec" : hasNsec3 ? "nsec3" : null;
  if (kind === "mixed") problems.push("the apex shows NSEC and NSEC3 at once");
  if (kind === null) problems.push("the apex shows neither NSEC nor NSEC3");
  return { kind, problems, nsec3, multipleNsec3 };
}
