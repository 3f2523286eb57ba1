import type * as packet from "dns-packet";
import { decodeSvcb } from "../../protocols/dns/rdata/svcb.js";
import {
  aliasChain,
  maxChain,
  normalizeName,
  ttlOf,
  txtRecord,
} from "../../protocols/dns/records.js";
import type { DnsMessage } from "../../protocols/dns/wire/message.js";
import { keyTag } from "../../protocols/dnssec/key-tag.js";
import type { DnsData, DnsRecords, DnsSvcbRecord, DnsTxtRecord } from "./dns-data.js";
import { type CoreType, coreTypes, type RecordQuestionKey } from "./record-questions.js";

/** dns-packet's answer type for each core record type. */
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

const byText = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

const inClassIn = (record: packet.Answer) =>
  !("class" in record) || (record.class ?? "IN") === "IN";

/**
 * Turns the answer to each record question into `DnsData` minus the resolver and health:
 * follows the CNAME chain from the domain across the core answers, keeps only class-IN records
 * owned by the domain or a name of that chain, drops duplicates and sorts each set so equal
 * data compares equal. Optional questions left unanswered give empty lists.
 */
export function buildRecords(options: {
  domain: string;
  responses: Readonly<Record<CoreType, DnsMessage>> &
    Partial<Readonly<Record<RecordQuestionKey, DnsMessage>>>;
}): Omit<DnsData, "resolver" | "health" | "dnssec"> {
  const { responses } = options;
  const domain = normalizeName(options.domain);
  const inClass = (type: CoreType) =>
    responses[type].answers.filter((record) => record.type === type && inClassIn(record));

  // The CNAME query's own answer first: it is the authority on the domain's alias.
  const aliases = new Map<string, { target: string; ttl: number }>();
  for (const type of ["CNAME", ...coreTypes] as CoreType[]) {
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

  const owned = <T extends CoreType>(type: T) =>
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
    ...extraRecords({ domain, responses }),
  };

  // NXDOMAIN only when no answer shows the name: with a dangling CNAME the resolver says
  // NXDOMAIN (about the target) yet the domain itself exists.
  const exists =
    CNAME.length > 0 ||
    coreTypes.some(
      (type) => responses[type].rcode !== "NXDOMAIN" || responses[type].answers.length > 0,
    );
  return { exists, records };
}

type ExtraRecords = Pick<DnsRecords, "DS" | "DNSKEY" | "HTTPS" | "SVCB" | "SRV" | "mailPolicies">;

/**
 * The records beyond the core types. Names under the domain (`_dmarc`...) are often aliases of
 * a provider's record, so their TXT and SRV records are read along the CNAME chain too.
 */
function extraRecords(options: {
  domain: string;
  responses: Partial<Readonly<Record<RecordQuestionKey, DnsMessage>>>;
}): ExtraRecords {
  const { domain, responses } = options;
  const records = <T extends packet.Answer>(key: RecordQuestionKey, type: string, name: string) => {
    const response = responses[key];
    if (!response) return [];
    const owners = aliasChain({ name, answers: response.answers });
    return response.answers.filter(
      (record) =>
        record.type === type && inClassIn(record) && owners.has(normalizeName(record.name)),
    ) as T[];
  };
  const svcb = (key: "HTTPS" | "SVCB", wireType: string): DnsSvcbRecord[] =>
    unique(
      records<packet.BufferAnswer>(key, wireType, domain).flatMap((record) => {
        const decoded = decodeSvcb(record.data);
        return decoded ? [{ ...decoded, ttl: ttlOf(record) }] : [];
      }),
      (r) => `${r.priority} ${r.target} ${JSON.stringify(r.params)}`,
    ).sort((a, b) => a.priority - b.priority || byText(a.target, b.target));
  const txt = (key: RecordQuestionKey, prefix: string): DnsTxtRecord[] =>
    unique(
      records<packet.TxtAnswer>(key, "TXT", `${prefix}.${domain}`).map((record) =>
        txtRecord(record),
      ),
      (r) => JSON.stringify(r.chunks ?? [r.value]),
    ).sort((a, b) => byText(a.value, b.value));
  const srv = (service: string) =>
    records<packet.SrvAnswer>(
      `SRV:${service}` as RecordQuestionKey,
      "SRV",
      `${service}.${domain}`,
    ).map((record) => ({
      service,
      priority: record.data.priority ?? 0,
      weight: record.data.weight ?? 0,
      port: record.data.port,
      target: normalizeName(record.data.target),
      ttl: ttlOf(record),
    }));
  const own = <T extends packet.Answer>(key: "DS" | "DNSKEY") =>
    (responses[key]?.answers ?? []).filter(
      (record) => record.type === key && inClassIn(record) && normalizeName(record.name) === domain,
    ) as T[];

  return {
    DS: unique(
      own<packet.DSAnswer>("DS").map((record) => ({
        keyTag: record.data.keyTag,
        algorithm: record.data.algorithm,
        digestType: record.data.digestType,
        digest: record.data.digest.toString("hex").toUpperCase(),
        ttl: ttlOf(record),
      })),
      (r) => `${r.keyTag} ${r.algorithm} ${r.digestType} ${r.digest}`,
    ).sort((a, b) => a.keyTag - b.keyTag || a.digestType - b.digestType),
    DNSKEY: unique(
      own<packet.DnskeyAnswer>("DNSKEY").map((record) => ({
        flags: record.data.flags,
        protocol: 3,
        algorithm: record.data.algorithm,
        keyTag: keyTag(record.data),
        publicKey: record.data.key.toString("base64"),
        ttl: ttlOf(record),
      })),
      (r) => `${r.flags} ${r.algorithm} ${r.publicKey}`,
    ).sort((a, b) => b.flags - a.flags || a.keyTag - b.keyTag),
    HTTPS: svcb("HTTPS", "UNKNOWN_65"),
    SVCB: svcb("SVCB", "UNKNOWN_64"),
    SRV: unique(
      [...srv("_submission._tcp"), ...srv("_imaps._tcp")],
      (r) => `${r.service} ${r.priority} ${r.weight} ${r.port} ${r.target}`,
    ),
    mailPolicies: {
      dmarc: txt("TXT:_dmarc", "_dmarc"),
      mtaSts: txt("TXT:_mta-sts", "_mta-sts"),
      tlsRpt: txt("TXT:_smtp._tls", "_smtp._tls"),
    },
  };
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
