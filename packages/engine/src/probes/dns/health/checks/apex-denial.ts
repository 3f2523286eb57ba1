import type * as packet from "dns-packet";
import { normalizeName } from "../../../../protocols/dns/records.js";
import { isFailure, type Outcome } from "../../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../../protocols/dns/wire/query.js";
import { covers, decodeBase32hex, nsec3Hash } from "../../../../protocols/dnssec/denial-proof.js";
import { verifyRrsig } from "../../../../protocols/dnssec/verify-rrsig.js";
import { notAsked } from "./compliance.js";

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
  /** The apex record's contents (next name, types), to compare servers by. */
  record: string | null;
  /**
   * NSEC3 records of the apex's NODATA whose owner lies inside another's span: two chains, or
   * stray records (DNSSEC03's ERR_MULT_NSEC3), each as "owner inside owner".
   */
  overlaps: string[];
}

/** Types an apex NSEC or NSEC3 must list, and those it must not (DNSSEC10). */
const nsecTypes = { wanted: ["SOA", "NS", "DNSKEY", "NSEC", "RRSIG"], banned: ["NSEC3"] };
const nsec3Types = {
  wanted: ["SOA", "NS", "DNSKEY", "NSEC3PARAM", "RRSIG"],
  banned: ["NSEC", "NSEC3"],
};

interface Context {
  zone: string;
  keys: readonly packet.DnskeyData[];
  nowSeconds: number;
  problems: string[];
}

/** Whether a signature over `rrset` verifies with the zone's keys, in its window; else why not. */
function checkSignature(context: Context, response: DnsResponse, rrset: packet.Answer[]): void {
  const { type } = rrset[0]!;
  const owner = normalizeName(rrset[0]!.name);
  const signatures = [...response.answers, ...response.authorities].filter(
    (record): record is packet.RrsigAnswer =>
      record.type === "RRSIG" &&
      normalizeName(record.name) === owner &&
      record.data.typeCovered === type,
  );
  if (signatures.length === 0) {
    context.problems.push(`the apex ${type} record is not signed`);
    return;
  }
  const verdicts = signatures.map((record) =>
    verifyRrsig({
      rrsig: record.data,
      rrset,
      dnskeys: context.keys,
      zone: context.zone,
      nowSeconds: context.nowSeconds,
    }),
  );
  if (verdicts.some((verdict) => verdict.status === "valid")) return;
  const worst = verdicts[0]!.status;
  context.problems.push(
    `the apex ${type} record's signature is ${worst === "no-key" ? "made by no key of the zone" : worst}`,
  );
}

function checkTypes(
  context: Context,
  type: string,
  types: readonly string[],
  rules: { wanted: string[]; banned: string[] },
): void {
  const wrong = [
    ...rules.wanted.filter((wanted) => !types.includes(wanted)).map((t) => `lacks ${t}`),
    ...rules.banned.filter((banned) => types.includes(banned)).map((t) => `lists ${t}`),
  ];
  if (wrong.length > 0) context.problems.push(`the apex ${type} ${wrong.join(", ")}`);
}

/** The SOA a NODATA answer must carry, the apex's (RFC 2308 2.2). */
function checkNodataSoa(context: Context, response: DnsResponse, asked: string): void {
  const soa = response.authorities.find((record) => record.type === "SOA");
  if (!soa) context.problems.push(`the NODATA answer to ${asked} carries no SOA`);
  else if (normalizeName(soa.name) !== context.zone)
    context.problems.push(`the NODATA answer to ${asked} carries ${normalizeName(soa.name)}'s SOA`);
}

/**
 * The apex's NSEC, from the answer to NSEC (which must hold it alone) or from a NODATA's
 * authority section (where other NSEC records may ride along, unused). Returns its contents.
 */
function judgeNsec(
  context: Context,
  response: DnsResponse,
  records: packet.NsecAnswer[],
  inAnswer: boolean,
): string[] | null {
  if (inAnswer && records.length > 1)
    context.problems.push(`the apex NSEC query gives ${records.length} NSEC records`);
  const record = inAnswer
    ? records[0]!
    : (records.find((candidate) => normalizeName(candidate.name) === context.zone) ?? records[0]!);
  if (normalizeName(record.name) !== context.zone) {
    context.problems.push(
      `the NSEC record is owned by ${normalizeName(record.name)}, not the apex`,
    );
    return null;
  }
  checkTypes(context, "NSEC", record.data.rrtypes, nsecTypes);
  checkSignature(context, response, [record]);
  return [normalizeName(record.data.nextDomain), ...[...record.data.rrtypes].sort()];
}

/** The NSEC3 of a NODATA for the apex: the one hashing to it (RFC 5155 7.2.3). */
function judgeNsec3(
  context: Context,
  response: DnsResponse,
  records: packet.Nsec3Answer[],
): { parameters: Nsec3Parameters; contents: string[] } {
  const matching = records.find((record) => {
    const { algorithm, iterations, salt } = record.data;
    const owner = decodeBase32hex(normalizeName(record.name).split(".")[0]!);
    return algorithm === 1 && owner?.equals(nsec3Hash(context.zone, salt, iterations));
  });
  const record = matching ?? records[0]!;
  const { algorithm, flags, iterations, salt, rrtypes } = record.data;
  if (!matching && algorithm === 1) context.problems.push("no NSEC3 record given is the apex's");
  else {
    checkTypes(context, "NSEC3", rrtypes, nsec3Types);
    checkSignature(context, response, [record]);
  }
  return {
    parameters: {
      algorithm,
      flags,
      iterations,
      salt: salt.length === 0 ? "-" : salt.toString("hex"),
    },
    contents: [record.data.nextDomain.toString("hex"), ...[...rrtypes].sort()],
  };
}

/**
 * Records of one NSEC3 chain never overlap: each one's next hashed owner is the next owner in
 * hash order (RFC 5155 7.1), so an owner strictly inside another record's span means a second
 * chain or a stray record. Records of other parameters belong to another chain: not compared.
 */
function overlapping(records: readonly packet.Nsec3Answer[]): string[] {
  const chain = (record: packet.Nsec3Answer) =>
    `${record.data.algorithm} ${record.data.iterations} ${record.data.salt.toString("hex")}`;
  const spans = records.flatMap((record) => {
    const owner = decodeBase32hex(normalizeName(record.name).split(".")[0]!);
    return owner ? [{ name: normalizeName(record.name), owner, record }] : [];
  });
  return spans.flatMap((inner) =>
    spans
      .filter(
        (outer) =>
          outer !== inner &&
          chain(outer.record) === chain(inner.record) &&
          covers(
            outer.owner,
            Buffer.from(outer.record.data.nextDomain),
            inner.owner,
            Buffer.compare,
          ),
      )
      .map((outer) => `${inner.name} inside ${outer.name}`),
  );
}

const nsec3ParametersOf = (data: Buffer): Nsec3Parameters | null => {
  if (data.length < 5) return null;
  const salt = data.subarray(5, 5 + data[4]!);
  return {
    algorithm: data[0]!,
    flags: data[1]!,
    iterations: data.readUInt16BE(2),
    salt: salt.length === 0 ? "-" : salt.toString("hex"),
  };
};

/** An answer to read, or null after noting why it cannot be (null too when never asked). */
function answered(
  context: Context,
  outcome: Outcome<DnsResponse>,
  asked: string,
): DnsResponse | null {
  if (isFailure(outcome)) {
    if (!notAsked.has(outcome.code)) context.problems.push(`${asked} got no answer`);
    return null;
  }
  if (outcome.rcode !== "NOERROR" || !outcome.flags.aa) {
    context.problems.push(
      `${asked} is answered ${outcome.rcode}${outcome.flags.aa ? "" : " without authority"}`,
    );
    return null;
  }
  return outcome;
}

const recordsOf = <T extends packet.Answer>(records: packet.Answer[], type: string) =>
  records.filter((record) => record.type === type) as T[];

/**
 * One server's answers to NSEC and NSEC3PARAM at the apex, judged as DNSSEC10 does: the apex's
 * NSEC (in the answer, or in the NODATA to NSEC3PARAM) or NSEC3 (in the NODATA to NSEC), one
 * record owned by or hashing to the apex, listing its types, signed by a zone key, the NODATA
 * with the apex's SOA; the NSEC3PARAM one, at the apex; NSEC and NSEC3 not both. Null when the
 * server was not asked.
 */
export function judgeApexDenial(options: {
  apex: { nsec: Outcome<DnsResponse>; nsec3param: Outcome<DnsResponse> };
  zone: string;
  keys: readonly packet.DnskeyData[];
  nowSeconds: number;
}): ApexDenial | null {
  const { nsec: nsecAsked, nsec3param: paramAsked } = options.apex;
  const wasAsked = (outcome: Outcome<DnsResponse>) =>
    !(isFailure(outcome) && notAsked.has(outcome.code));
  if (!wasAsked(nsecAsked) && !wasAsked(paramAsked)) return null;
  const context: Context = { ...options, problems: [] };
  let hasNsec = false;
  let hasNsec3 = false;
  let nsec3: Nsec3Parameters | null = null;
  let contents: string[] | null = null;
  let overlaps: string[] = [];

  const nsec = answered(context, nsecAsked, "the apex NSEC query");
  if (nsec) {
    const records = recordsOf<packet.NsecAnswer>(nsec.answers, "NSEC");
    const hashed = recordsOf<packet.Nsec3Answer>(nsec.authorities, "NSEC3");
    if (records.length > 0) {
      hasNsec = true;
      contents = judgeNsec(context, nsec, records, true);
    } else if (nsec.answers.length > 0) {
      context.problems.push("the apex NSEC query is answered with other records");
    } else if (hashed.length > 0) {
      hasNsec3 = true;
      overlaps = overlapping(hashed);
      checkNodataSoa(context, nsec, "NSEC");
      const judged = judgeNsec3(context, nsec, hashed);
      nsec3 = judged.parameters;
      contents = judged.contents;
    } else {
      // A NODATA proves nothing without its NSEC3 (RFC 5155 7.2.3); an NSEC zone answers the NSEC.
      context.problems.push("the apex NSEC query is answered NODATA without NSEC or NSEC3");
    }
  }
  const param = answered(context, paramAsked, "the apex NSEC3PARAM query");
  if (param) {
    const records = param.answers.filter((record) => record.type === "NSEC3PARAM");
    const denied = recordsOf<packet.NsecAnswer>(param.authorities, "NSEC");
    if (records.length > 0) {
      hasNsec3 = true;
      if (records.length > 1) context.problems.push(`${records.length} NSEC3PARAM records`);
      const record = records[0]!;
      if (normalizeName(record.name) !== context.zone)
        context.problems.push(`the NSEC3PARAM record is owned by ${normalizeName(record.name)}`);
      nsec3 ??= nsec3ParametersOf((record as unknown as { data: Buffer }).data);
    } else if (param.answers.length > 0) {
      context.problems.push("the apex NSEC3PARAM query is answered with other records");
    } else if (denied.length > 0) {
      // An NSEC zone's NODATA for NSEC3PARAM: its NSEC is the apex's too.
      hasNsec = true;
      checkNodataSoa(context, param, "NSEC3PARAM");
      // Judged even when the NSEC query showed it: a server may serve it otherwise here.
      const judged = judgeNsec(context, param, denied, false);
      if (contents && judged && judged.join(" ") !== contents.join(" "))
        context.problems.push("the apex NSEC differs between the NSEC and NSEC3PARAM answers");
      // The NODATA says NSEC3PARAM is not there: the apex NSEC must not list it.
      if (judged?.includes("NSEC3PARAM"))
        context.problems.push("the apex NSEC lists NSEC3PARAM, which the server denies having");
      contents ??= judged;
    } else if (recordsOf(param.authorities, "NSEC3").length === 0) {
      // An NSEC zone's NODATA carries the apex NSEC (RFC 4035 3.1.3.1).
      context.problems.push("the NODATA answer to NSEC3PARAM carries no NSEC or NSEC3");
    }
  }
  const kind = hasNsec && hasNsec3 ? "mixed" : hasNsec ? "nsec" : hasNsec3 ? "nsec3" : null;
  if (kind === "mixed") context.problems.push("the apex shows NSEC and NSEC3 at once");
  if (kind === null) context.problems.push("the apex shows neither NSEC nor NSEC3");
  return {
    kind,
    problems: [...new Set(context.problems)],
    nsec3,
    record: contents ? contents.join(" ") : null,
    overlaps,
  };
}
