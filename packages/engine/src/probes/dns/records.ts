import type * as packet from "dns-packet";
import type { DnsData, DnsRecords } from "./dns-data.js";
import type { DnsMessage } from "./wire/message.js";

/** The types the probe asks for, in the order of `DnsRecords`. */
export const recordTypes = ["A", "AAAA", "CNAME", "MX", "NS", "SOA", "TXT", "CAA"] as const;
export type DnsRecordType = (typeof recordTypes)[number];

/** dns-packet's answer type for each record type we ask for. */
interface AnswerOf {
  A: packet.StringAnswer;
  AAAA: packet.StringAnswer;
  CNAME: packet.StringAnswer;
  MX: packet.MxAnswer;
  NS: packet.StringAnswer;
  SOA: packet.SoaAnswer;
  TXT: packet.TxtAnswer;
  CAA: packet.CaaAnswer;
}

/** Longest alias chain followed; real resolvers give up around 8-16 too. */
const maxChain = 16;

/** Lower case, no trailing dot; the root stays `.` (a null MX points there). */
export function normalizeName(name: string): string {
  if (name === "." || name === "") return ".";
  return name.toLowerCase().replace(/\.$/, "");
}

/** RFC 2181 8: a TTL with the top bit set is treated as zero. */
const ttlOf = (record: { ttl?: number | undefined }) => {
  const ttl = record.ttl ?? 0;
  return ttl > 0x7fffffff ? 0 : ttl;
};

const byText = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

/**
 * Turns one answer per record type into `DnsData` minus the resolver: follows the CNAME chain
 * from the domain across all answers, keeps only class-IN records owned by the domain or a name
 * of that chain, drops duplicates and sorts each set so equal data compares equal.
 */
export function buildRecords(options: {
  domain: string;
  responses: Readonly<Record<DnsRecordType, DnsMessage>>;
}): Omit<DnsData, "resolver"> {
  const { responses } = options;
  const domain = normalizeName(options.domain);
  const inClass = (type: DnsRecordType) =>
    responses[type].answers.filter(
      (record) => record.type === type && (!("class" in record) || (record.class ?? "IN") === "IN"),
    );

  // The CNAME query's own answer first: it is the authority on the domain's alias.
  const aliases = new Map<string, { target: string; ttl: number }>();
  for (const type of ["CNAME", ...recordTypes] as DnsRecordType[]) {
    for (const record of responses[type].answers) {
      if (record.type !== "CNAME") continue;
      const owner = normalizeName(record.name);
      if (!aliases.has(owner))
        aliases.set(owner, { target: normalizeName(record.data), ttl: ttlOf(record) });
    }
  }
  const CNAME: DnsRecords["CNAME"] = [];
  const owners = new Set([domain]);
  for (let name = domain; aliases.has(name) && CNAME.length < maxChain; ) {
    const alias = aliases.get(name)!;
    if (owners.has(alias.target)) break; // a loop: the chain so far is the answer
    CNAME.push({ target: alias.target, ttl: alias.ttl });
    owners.add(alias.target);
    name = alias.target;
  }

  const owned = <T extends DnsRecordType>(type: T) =>
    inClass(type).filter((record) => owners.has(normalizeName(record.name))) as AnswerOf[T][];

  const SOA = owned("SOA").map((record) => ({
    mname: normalizeName(record.data.mname),
    rname: normalizeName(record.data.rname),
    serial: record.data.serial ?? 0,
    refresh: record.data.refresh ?? 0,
    retry: record.data.retry ?? 0,
    expire: record.data.expire ?? 0,
    minimum: record.data.minimum ?? 0,
    ttl: ttlOf(record),
  }))[0];

  const records: DnsRecords = {
    A: unique(
      owned("A").map((record) => ({ address: record.data, ttl: ttlOf(record) })),
      (r) => r.address,
    ).sort((a, b) => byText(a.address, b.address)),
    AAAA: unique(
      owned("AAAA").map((record) => ({ address: record.data.toLowerCase(), ttl: ttlOf(record) })),
      (r) => r.address,
    ).sort((a, b) => byText(a.address, b.address)),
    CNAME,
    MX: unique(
      owned("MX").map((record) => ({
        preference: record.data.preference ?? 0,
        exchange: normalizeName(record.data.exchange),
        ttl: ttlOf(record),
      })),
      (r) => `${r.preference} ${r.exchange}`,
    ).sort((a, b) => a.preference - b.preference || byText(a.exchange, b.exchange)),
    NS: unique(
      owned("NS").map((record) => ({ host: normalizeName(record.data), ttl: ttlOf(record) })),
      (r) => r.host,
    ).sort((a, b) => byText(a.host, b.host)),
    SOA: SOA ?? null,
    TXT: unique(
      owned("TXT").map((record) => txtRecord(record)),
      (r) => JSON.stringify(r.chunks ?? [r.value]),
    ).sort((a, b) => byText(a.value, b.value)),
    CAA: unique(
      owned("CAA").map((record) => ({
        flags: record.data.flags ?? 0,
        critical: ((record.data.flags ?? 0) & 0x80) !== 0,
        tag: record.data.tag,
        value: record.data.value,
        ttl: ttlOf(record),
      })),
      (r) => `${r.flags} ${r.tag} ${r.value}`,
    ).sort((a, b) => byText(a.tag, b.tag) || byText(a.value, b.value)),
  };

  // NXDOMAIN only when no answer shows the name: with a dangling CNAME the resolver says
  // NXDOMAIN (about the target) yet the domain itself exists.
  const exists =
    CNAME.length > 0 ||
    recordTypes.some(
      (type) => responses[type].rcode !== "NXDOMAIN" || responses[type].answers.length > 0,
    );
  return { exists, records };
}

function txtRecord(record: packet.TxtAnswer): DnsRecords["TXT"][number] {
  const parts = (Array.isArray(record.data) ? record.data : [record.data]).map((part) =>
    typeof part === "string" ? Buffer.from(part) : part,
  );
  // Decode the joined bytes: a UTF-8 character may straddle two character-strings.
  const value = Buffer.concat(parts).toString("utf8");
  const ttl = ttlOf(record);
  if (parts.length < 2) return { value, ttl };
  return { value, chunks: parts.map((part) => part.toString("utf8")), ttl };
}

/** Drops records equal but for their TTL (RFC 2181 5: an RRset has no duplicates). */
function unique<T>(records: T[], key: (record: T) => string): T[] {
  const seen = new Set<string>();
  return records.filter((record) => {
    const id = key(record);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
