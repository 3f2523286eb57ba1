import type { Outcome } from "../../../protocols/dns/session.js";
import type { DnsResponse } from "../../../protocols/dns/wire/query.js";
import type { ZoneTransferOutcome } from "../../../protocols/dns/wire/zone-transfer.js";
import type { ChainFacts } from "../../../protocols/dnssec/chain.js";
import type { DnsCaaRecord, DnsRecords } from "../declaration.js";
import type { CoreType, RecordQuestionKey } from "../record-questions.js";
import type { SpfFacts } from "./spf/spf-facts.js";

/** Everything the checks judge, gathered once; the checks themselves send no query. */
export interface HealthFacts {
  domain: string;
  exists: boolean;
  records: DnsRecords;
  /** The resolver's raw answers to the core questions (owner names, CNAME neighbours...). */
  responses: Partial<Readonly<Record<CoreType, DnsResponse>>>;
  /** Record questions the resolver (or the zone's servers) could not answer, and why. */
  unanswered: Partial<Record<RecordQuestionKey, string>>;
  allowPrivateAddresses: boolean;
  nowSeconds: number;
  /** Null when the name does not exist. */
  zone: Outcome<ZoneFacts> | null;
  mail: MailFacts | null;
  caa: Outcome<CaaFacts> | null;
}

/** A name server (or mail exchanger) host and what the resolver says its addresses are. */
export interface HostFacts {
  host: string;
  addresses: string[];
  /** The CNAME target when the host name is an alias (forbidden for NS and MX targets). */
  cname: string | null;
  /** Why the addresses are unknown, when a lookup failed. */
  error: string | null;
}

export interface ZoneFacts {
  apex: string;
  /** The zone's NS set as the resolver gives it (the child side). */
  nsHosts: Outcome<string[]>;
  hosts: HostFacts[];
  parent: Outcome<ParentFacts> | null;
  /** The DS question to each parent server; empty without a parent to ask. */
  parentDs: ParentDs[];
  /** The DS set is the one given for an undelegated test, not the parent's. */
  givenDs: boolean;
  servers: ServerFacts[];
  /** Name server addresses the address policy kept us from asking. */
  blocked: string[];
  /** DS records of the zone, from the resolver. */
  ds: Outcome<DnsResponse>;
  /** The zone's DNSKEY RRset from the resolver, for when no server gave one. */
  dnskey: Outcome<DnsResponse>;
  /** Validation from the trust anchor down to the zone. */
  chain: ChainFacts;
  /** The origin AS of each name server address (Team Cymru over DNS). */
  asns: AsnFacts[];
  /** Where the origins came from: the engine's network data (`ip-location-db`, `cymru`...). */
  asnSource: string;
  /** The PTR names of each name server address. */
  ptrs: PtrFacts[];
}

export interface PtrFacts {
  address: string;
  names: string[];
  /** Why the reverse lookup failed (NXDOMAIN is no failure: no names). */
  error: string | null;
}

export interface AsnFacts {
  address: string;
  asn: number | null;
  /** Why the origin is unknown. */
  error: string | null;
}

export interface ParentFacts {
  apex: string;
  hosts: HostFacts[];
  referral: Outcome<Referral>;
  /** What each parent server asked said about the name (BASIC01 compares them). */
  servers: ParentServerAnswer[];
}

/** One parent server's answer to the delegation question: read, or why it could not be. */
export interface ParentServerAnswer {
  server: string;
  read: ParentAnswer | null;
  /** Why the answer says nothing (no answer, REFUSED, no authority...); null when read. */
  reason: string | null;
}

/** The delegation as a parent server gives it: NS names and glue. */
export interface Referral {
  server: string;
  /** The name delegated: the zone, or (asking about a name below it) the cut above that name. */
  zone: string;
  nsHosts: string[];
  /** Glue addresses by host name. */
  glue: Record<string, string[]>;
  /** The parent server also serves the child and answered with authority instead of referring. */
  authoritative: boolean;
}

/** What a parent zone's server says about a name: delegated (a referral), or inside the parent. */
export type ParentAnswer =
  | { kind: "referral"; referral: Referral }
  | { kind: "inside"; server: string; rcode: string };

/** What one authoritative address answered to the probe's direct questions. */
export interface ServerFacts {
  address: string;
  server: string;
  hosts: string[];
  /** SOA over UDP with EDNS and DO, without recursion. */
  soa: Outcome<DnsResponse>;
  /** The same without EDNS, asked only when the EDNS query drew FORMERR or similar. */
  soaWithoutEdns: Outcome<DnsResponse> | null;
  soaTcp: Outcome<DnsResponse>;
  ns: Outcome<DnsResponse>;
  dnskey: Outcome<DnsResponse>;
  /** A recursive question about a name outside the zone (RFC 6761 `.invalid`). */
  recursion: Outcome<DnsResponse>;
  axfr: Outcome<ZoneTransferOutcome>;
  compliance: ComplianceFacts;
  denial: DenialFacts;
  /** Null for a server that serves no DNSKEY: there is nothing for CDS to match. */
  cds: CdsFacts | null;
  /** The domain's MX and TXT as this server serves them (ZONE09, ZONE11 compare servers). */
  mail: ServerMailFacts;
}

export interface ServerMailFacts {
  /** The name asked: the domain, which this server's zone holds. */
  name: string;
  mx: Outcome<DnsResponse>;
  txt: Outcome<DnsResponse>;
}

export interface CdsFacts {
  cds: Outcome<DnsResponse>;
  cdnskey: Outcome<DnsResponse>;
}

/** A negative question asked with DO, and the answer. */
export interface NegativeQuery {
  name: string;
  type: string;
  response: Outcome<DnsResponse>;
}

export interface DenialFacts {
  /** A name that does not exist under the zone. */
  nxdomain: NegativeQuery;
  /** A type the apex does not hold. */
  nodata: NegativeQuery;
  /** NSEC and NSEC3PARAM asked at the apex (Zonemaster's DNSSEC03 and DNSSEC10). */
  apex: { nsec: Outcome<DnsResponse>; nsec3param: Outcome<DnsResponse> };
}

/** The protocol-compliance questions one address was asked (SOA unless said otherwise). */
export interface ComplianceFacts {
  /** EDNS version 1: RFC 6891 6.1.3 wants BADVERS with the highest version spoken. */
  ednsVersion1: Outcome<DnsResponse>;
  /** An EDNS option from the experimental range, which must be ignored. */
  unknownOption: Outcome<DnsResponse>;
  /** An unassigned EDNS header flag, which must be ignored. */
  unknownFlag: Outcome<DnsResponse>;
  /** DNSKEY with DO over UDP, a 512-byte buffer and no TCP retry. */
  truncation: Outcome<DnsResponse>;
  /** The same over TCP, asked only when the UDP answer was truncated. */
  truncationTcp: Outcome<DnsResponse> | null;
  /** The SOA asked with the zone name in mixed case. */
  mixedCase: { asked: string; response: Outcome<DnsResponse> };
  /** The SOA asked with a client cookie (RFC 7873), hex, which a server cookie must echo. */
  cookie: { client: string; response: Outcome<DnsResponse> };
  /** The SOA asked with an empty NSID option (RFC 5001). */
  nsid: Outcome<DnsResponse>;
  /** CH TXT `version.bind`, `version.server` and `id.server` (RFC 4892; NAMESERVER15). */
  software: { name: string; response: Outcome<DnsResponse> }[];
}

export interface MailFacts {
  mxTargets: HostFacts[];
  spf: SpfFacts;
  dmarc: DmarcFacts;
}

export interface DmarcFacts {
  /** Where the policy applying to the domain was found: the domain, or its organizational domain. */
  location: string;
  records: string[];
  /** The other TXT values at that name (an SPF record put there by mistake...). */
  others: string[];
  /** Why the organizational domain's record could not be read. */
  error: string | null;
  /** With one record: its report destinations outside the organizational domain. */
  reports: ReportAuthorization[];
}

/** Whether a report destination accepts a domain's reports (RFC 7489 7.1). */
export interface ReportAuthorization {
  /** The host reports go to (a mailbox's domain). */
  host: string;
  /** `<policy domain>._report._dmarc.<host>`, where its owner authorizes the domain. */
  name: string;
  /** The `v=DMARC1` records there; none means not authorized. */
  records: string[];
  /** Why the name could not be read; null when it was. */
  error: string | null;
}

export interface CaaFacts {
  /** The relevant record set (RFC 8659 3): the domain's, else its closest ancestor's. */
  owner: string | null;
  records: DnsCaaRecord[];
}

/** One parent server's answer to the zone's DS question. */
export interface ParentDs {
  server: string;
  response: Outcome<DnsResponse>;
}
