import * as packet from "dns-packet";
import type { DnsHandler, DnsReply } from "./dns-server.js";

/** A zone as a test server holds it: the apex and every record, delegations and glue included. */
export interface ServedZone {
  apex: string;
  records: packet.Answer[];
}

const lower = (name: string) => {
  const trimmed = name.toLowerCase().replace(/\.$/, "");
  return trimmed === "" ? "." : trimmed;
};
const isAtOrBelow = (name: string, zone: string) =>
  zone === "." || name === zone || name.endsWith(`.${zone}`);

/** What a misbehaving authoritative server does differently; all off by default. */
export interface AuthoritativeBehaviour {
  /** Answer REFUSED to everything: a lame server that does not know the zone. */
  refuse?: boolean;
  /** Recurse for anyone: sets RA and answers names outside the zone (NXDOMAIN). */
  openRecursion?: boolean;
  /** Hand out the zone over AXFR. */
  allowTransfer?: boolean;
  /** Ignore EDNS: no OPT record in answers, as servers from before RFC 2671 did. */
  noEdns?: boolean;
  /** Never answer over UDP. */
  dropUdp?: boolean;
  /** Close TCP connections without answering. */
  closeTcp?: boolean;
  /** Answer EDNS version 1 as if it were 0 (NOERROR) instead of BADVERS. */
  ednsVersionIgnored?: boolean;
  /** Drop queries carrying an EDNS option or header flag it does not know. */
  dropUnknownEdns?: boolean;
  /** Never send signatures, whatever the DO bit says. */
  ignoreDo?: boolean;
  /** Answer every UDP query truncated (TC, no records): the client must retry over TCP. */
  truncateUdp?: boolean;
  /** Echo the question in lower case, losing the case it was asked in. */
  lowercaseQuestion?: boolean;
  /**
   * Answer a client cookie with a broken one: 5 bytes that do not echo the client's. By default
   * a server answers it as BIND does: the client cookie followed by an 8-byte server cookie.
   */
  malformedCookie?: boolean;
  /** Leave client cookies unanswered, as a server with cookies turned off. */
  noCookie?: boolean;
  /** The identifier answered to an NSID request (RFC 5001); none by default. */
  nsid?: string;
  /** The software version answered to CH TXT `version.bind` and `version.server`; none by default. */
  version?: string;
  /** Record types answered without the AA flag, as a server that does not serve them (DNSSEC07). */
  notAuthoritativeFor?: readonly string[];
}

/** EDNS options a server may know (NSID, ECS, cookies, keepalive, padding, EDE). */
const knownEdnsOptions = new Set([3, 8, 10, 11, 12, 15]);

const withEdns = (query: packet.DecodedPacket, behaviour: AuthoritativeBehaviour) => {
  const opt = query.additionals?.find((record) => record.type === "OPT") as
    | packet.OptAnswer
    | undefined;
  if (!opt || behaviour.noEdns)
    return { opt: [] as packet.Answer[], dnssecOk: false, badVersion: false, unknown: false };
  const dnssecOk = !behaviour.ignoreDo && ((opt.flags ?? 0) & packet.DNSSEC_OK) !== 0;
  // RFC 6891 6.1.3: a version above the server's gets BADVERS (extended rcode 1, rcode 0).
  const badVersion = (opt.ednsVersion ?? 0) > 0 && !behaviour.ednsVersionIgnored;
  const unknown =
    ((opt.flags ?? 0) & ~packet.DNSSEC_OK) !== 0 ||
    (opt.options ?? []).some((option) => !knownEdnsOptions.has(option.code as number));
  const options: { code: number; data: Buffer }[] = [];
  // dns-packet types only the options it decodes; cookies and NSID come as raw data.
  for (const option of (opt.options ?? []) as { code: number; data?: Buffer }[]) {
    if (option.code === 10 && option.data && !behaviour.noCookie) {
      options.push({
        code: 10,
        data: behaviour.malformedCookie
          ? Buffer.from("bad!!")
          : Buffer.concat([Buffer.from(option.data).subarray(0, 8), Buffer.from("lab-srvr")]),
      });
    }
    if (option.code === 3 && behaviour.nsid !== undefined)
      options.push({ code: 3, data: Buffer.from(behaviour.nsid) });
  }
  const answer = {
    type: "OPT",
    name: ".",
    udpPayloadSize: 1232,
    extendedRcode: badVersion ? 1 : 0,
    ednsVersion: 0,
    flags: dnssecOk ? packet.DNSSEC_OK : 0,
    options,
  } as unknown as packet.Answer;
  return { opt: [answer], dnssecOk, badVersion, unknown };
};

/**
 * An authoritative server for `zone`, as BIND or NSD would answer: authoritative data with AA,
 * referrals (NS in authority, glue in additional) below a delegation, NODATA and NXDOMAIN with
 * the SOA, RRSIGs when DO is set, REFUSED for names it does not serve.
 */
export function authoritativeHandler(
  zone: ServedZone,
  behaviour: AuthoritativeBehaviour = {},
): DnsHandler {
  const apex = lower(zone.apex);
  const records = zone.records.map(
    (record) => ({ ...record, name: lower(record.name) }) as packet.Answer,
  );
  const cuts = [
    ...new Set(records.filter((r) => r.type === "NS" && r.name !== apex).map((r) => r.name)),
  ];
  const soa = records.filter((record) => record.type === "SOA" && record.name === apex);
  const signaturesOf = (name: string, type: string) =>
    records.filter(
      (record) =>
        record.type === "RRSIG" &&
        record.name === name &&
        (record.data as packet.RrsigData).typeCovered === type,
    );

  return (query, transport): DnsReply => {
    if (transport === "udp" && behaviour.dropUdp) return { drop: true };
    if (transport === "tcp" && behaviour.closeTcp) return { close: true };
    const question = query.questions?.[0];
    const { opt, dnssecOk, badVersion, unknown } = withEdns(query, behaviour);
    if (unknown && behaviour.dropUnknownEdns) return { drop: true };
    const authoritative = !behaviour.notAuthoritativeFor?.includes(question?.type ?? "");
    const flags =
      (authoritative ? packet.AUTHORITATIVE_ANSWER : 0) |
      (behaviour.openRecursion ? packet.RECURSION_AVAILABLE : 0) |
      (behaviour.truncateUdp && transport === "udp" ? packet.TRUNCATED_RESPONSE : 0);
    const echoed =
      behaviour.lowercaseQuestion && question
        ? { questions: [{ ...question, name: question.name.toLowerCase() }] }
        : {};
    const reply = ({
      additionals = [],
      ...fields
    }: Partial<packet.Packet> & { rcode?: string }): DnsReply => {
      const full = { type: "response", flags, ...echoed, ...fields };
      // Truncated: the header and question only, as a server whose answer outgrew the buffer.
      if (behaviour.truncateUdp && transport === "udp")
        return {
          ...full,
          flags: (full.flags ?? 0) | packet.TRUNCATED_RESPONSE,
          answers: [],
          authorities: [],
          additionals: opt,
        } as DnsReply;
      return { ...full, additionals: [...additionals, ...opt] } as DnsReply;
    };
    if (!question) return reply({ rcode: "FORMERR" });
    if (badVersion) return reply({});
    if (question.class === "CH") {
      const asked = lower(question.name);
      if (behaviour.version === undefined || !["version.bind", "version.server"].includes(asked))
        return reply({ flags: 0, rcode: "REFUSED" });
      return reply({
        answers: [
          { type: "TXT", class: "CH", name: question.name, ttl: 0, data: [behaviour.version] },
        ],
      });
    }
    const name = lower(question.name);
    const type = question.type as string;
    const signed = (set: packet.Answer[], owner: string, covered: string) =>
      dnssecOk ? [...set, ...signaturesOf(owner, covered)] : set;

    if (behaviour.refuse) return reply({ flags: 0, rcode: "REFUSED" });
    if (type === "AXFR") {
      if (transport !== "tcp" || !behaviour.allowTransfer)
        return reply({ flags: 0, rcode: "REFUSED" });
      const body = records.filter((record) => record.type !== "SOA");
      return reply({ answers: [...soa, ...body, ...soa] });
    }
    if (!isAtOrBelow(name, apex)) {
      if (behaviour.openRecursion && query.flag_rd)
        return reply({ flags: packet.RECURSION_AVAILABLE, rcode: "NXDOMAIN" });
      // A server with recursion on says so (RA) in every answer, as BIND and Unbound do:
      // Zonemaster's NAMESERVER01 asks without RD and looks for it.
      return reply({
        flags: behaviour.openRecursion ? packet.RECURSION_AVAILABLE : 0,
        rcode: "REFUSED",
      });
    }
    const cut = cuts.find((candidate) => isAtOrBelow(name, candidate));
    if (cut && !(name === cut && type === "DS")) {
      const delegation = records.filter((record) => record.type === "NS" && record.name === cut);
      const hosts = new Set(
        delegation.map((record) => lower((record as packet.StringAnswer).data)),
      );
      const glue = records.filter(
        (record) => (record.type === "A" || record.type === "AAAA") && hosts.has(record.name),
      );
      const ds = records.filter((record) => record.type === "DS" && record.name === cut);
      return reply({
        flags: flags & ~packet.AUTHORITATIVE_ANSWER,
        authorities: [...delegation, ...(dnssecOk ? signed(ds, cut, "DS") : [])],
        additionals: glue,
      });
    }
    const owned = records.filter((record) => record.name === name);
    const matching = owned.filter((record) => record.type === type);
    if (matching.length > 0) return reply({ answers: signed(matching, name, type) });
    const alias = owned.filter((record) => record.type === "CNAME");
    if (alias.length > 0) return reply({ answers: signed(alias, name, "CNAME") });
    const exists = owned.length > 0 || records.some((record) => record.name.endsWith(`.${name}`));
    // The whole (small) denial chain with its signatures: every proof the client needs is in it.
    const denial = dnssecOk
      ? records.filter(
          (record) =>
            record.type === "NSEC" ||
            record.type === "NSEC3" ||
            (record.type === "RRSIG" &&
              ["NSEC", "NSEC3"].includes((record.data as packet.RrsigData).typeCovered)),
        )
      : [];
    return reply({
      rcode: exists ? "NOERROR" : "NXDOMAIN",
      authorities: [...signed(soa, apex, "SOA"), ...denial],
    });
  };
}

/**
 * The records owned by `name`, or for a name that does not exist those of the wildcard at its
 * closest encloser, renamed to it (RFC 4592 3.3.1), as a resolver hands a wildcard answer over.
 */
function ownedOrWildcard(records: packet.Answer[], apex: string, name: string): packet.Answer[] {
  const exists = (owner: string) =>
    records.some((record) => record.name === owner || record.name.endsWith(`.${owner}`));
  const own = records.filter((record) => record.name === name && record.type !== "RRSIG");
  if (own.length > 0 || exists(name)) return own;
  let encloser = name;
  while (encloser !== apex && encloser.includes(".")) {
    encloser = encloser.slice(encloser.indexOf(".") + 1);
    if (!exists(encloser)) continue;
    return records
      .filter((record) => record.name === `*.${encloser}` && record.type !== "RRSIG")
      .map((record) => ({ ...record, name }) as packet.Answer);
  }
  return [];
}

/**
 * A recursive resolver's view of several zones, without the recursion: each name is answered
 * from the deepest zone holding it (DS from the zone above its cut), CNAMEs are chased across
 * zones, a wildcard answers the names that do not exist, NODATA and NXDOMAIN carry the zone's SOA. Signatures are left out; the probe asks the
 * authoritative servers for those.
 */
export function resolverHandler(zones: readonly ServedZone[]): DnsHandler {
  const served = zones.map((zone) => ({
    apex: lower(zone.apex),
    records: zone.records.map(
      (record) => ({ ...record, name: lower(record.name) }) as packet.Answer,
    ),
  }));
  const zoneFor = (name: string, type: string) =>
    served
      .filter((zone) => isAtOrBelow(name, zone.apex) && !(type === "DS" && zone.apex === name))
      .sort((a, b) => b.apex.length - a.apex.length)[0];
  const base = {
    type: "response" as const,
    flags: packet.RECURSION_AVAILABLE | packet.RECURSION_DESIRED,
  };

  return (query): DnsReply => {
    const question = query.questions?.[0];
    if (!question) return { ...base, rcode: "FORMERR" } as DnsReply;
    const type = question.type as string;
    // With DO the RRSIGs come along, as a resolver hands them over for the client to validate.
    const { dnssecOk } = withEdns(query, {});
    const signaturesOf = (zone: (typeof served)[number], name: string, covered: string) =>
      dnssecOk
        ? zone.records.filter(
            (record) =>
              record.type === "RRSIG" &&
              record.name === name &&
              (record.data as packet.RrsigData).typeCovered === covered,
          )
        : [];
    const answers: packet.Answer[] = [];
    let name = lower(question.name);
    for (let step = 0; step < 8; step++) {
      const zone = zoneFor(name, type);
      if (!zone) return { ...base, rcode: "NXDOMAIN", answers } as DnsReply;
      const owned = ownedOrWildcard(zone.records, zone.apex, name);
      const matching = owned.filter((record) => record.type === type);
      if (matching.length > 0) {
        return { ...base, answers: [...answers, ...matching, ...signaturesOf(zone, name, type)] };
      }
      const alias = owned.find((record) => record.type === "CNAME");
      if (alias && type !== "CNAME") {
        answers.push(alias, ...signaturesOf(zone, name, "CNAME"));
        name = lower((alias as packet.StringAnswer).data);
        continue;
      }
      const soa = zone.records.filter(
        (record) => record.type === "SOA" && record.name === zone.apex,
      );
      const exists =
        owned.length > 0 || zone.records.some((record) => record.name.endsWith(`.${name}`));
      return {
        ...base,
        rcode: exists ? "NOERROR" : "NXDOMAIN",
        answers,
        authorities: soa,
      } as DnsReply;
    }
    return { ...base, rcode: "SERVFAIL" } as DnsReply;
  };
}

/**
 * A validating-resolver stand-in for signed zones: each question is answered by the
 * authoritative handler of the deepest zone holding it (a DS by the zone above the cut), so
 * with DO set every answer carries its RRSIGs, as a resolver passes them on.
 */
export function signedResolverHandler(zones: readonly ServedZone[]): DnsHandler {
  const handlers = zones.map((zone) => ({
    apex: lower(zone.apex),
    handle: authoritativeHandler(zone),
  }));
  return (query, transport) => {
    const question = query.questions?.[0];
    const name = lower(question?.name ?? ".");
    const zone = handlers
      .filter(
        (candidate) =>
          isAtOrBelow(name, candidate.apex) &&
          !(question?.type === "DS" && candidate.apex === name),
      )
      .sort((a, b) => b.apex.length - a.apex.length)[0];
    if (!zone) return { type: "response", rcode: "REFUSED" } as DnsReply;
    return zone.handle(query, transport);
  };
}
