/** The `data` of the dns section. Names are lower case without the trailing dot (root: `.`). */
import type { Finding } from "../../contract/finding.js";
import type { ChainLevel } from "../../protocols/dnssec/chain.js";

export interface DnsData {
  /** The recursive resolver that answered every query, as `host:port` or `[v6]:port`. */
  resolver: string;
  /** False when the name does not exist (NXDOMAIN); then every record list is empty. */
  exists: boolean;
  records: DnsRecords;
  health: DnsHealth;
  dnssec: DnsDnssec;
}

/** The chain of trust as validated from the trust anchor (`dns.dnssec.chain` judges it). */
export interface DnsDnssec {
  /** The trust anchor's zone (`.` by default); null when no anchor covers the zone or no zone. */
  anchor: string | null;
  /** Each zone from the anchor down, ending at the domain's zone or the first level not secure. */
  chain: ChainLevel[];
}

/** The assessment of the domain's DNS: its zone's delegation, servers, DNSSEC and mail records. */
export interface DnsHealth {
  /**
   * 0..100: 100 minus 45 per failed check and 5 per warning, never below 0, over the checks
   * that ran (skipped ones cost nothing); null when every check was skipped.
   */
  score: number | null;
  /** A (>= 90), B (>= 80), C (>= 70), D (>= 60), F; null with the score. */
  grade: "A" | "B" | "C" | "D" | "F" | null;
  /** The zone assessed: the domain when it is a zone apex, else the zone that contains it. */
  zone: string | null;
  /** Every check, in a fixed order; `skipped` (with `details.reason`) when it could not run. */
  checks: Finding[];
}

export interface DnsRecords {
  A: DnsAddressRecord[];
  AAAA: DnsAddressRecord[];
  /** The alias chain starting at the domain, in order: a → b → c gives [b, c]. */
  CNAME: DnsCnameRecord[];
  MX: DnsMxRecord[];
  NS: DnsNsRecord[];
  /** Only when the name is a zone apex (or aliases one); null otherwise. */
  SOA: DnsSoaRecord | null;
  TXT: DnsTxtRecord[];
  CAA: DnsCaaRecord[];
  /** The delegation signer records at the parent (RFC 4034 5). */
  DS: DnsDsRecord[];
  /** The zone's public keys (RFC 4034 2), when the domain is a signed zone apex. */
  DNSKEY: DnsDnskeyRecord[];
  /** Service binding for HTTPS (RFC 9460), decoded from the RDATA. */
  HTTPS: DnsSvcbRecord[];
  SVCB: DnsSvcbRecord[];
  /** SRV records of the mail services `_submission._tcp` and `_imaps._tcp` (RFC 6186). */
  SRV: DnsSrvRecord[];
  /** TXT records at `_dmarc.` (RFC 7489), `_mta-sts.` (RFC 8461) and `_smtp._tls.` (RFC 8460). */
  mailPolicies: DnsMailPolicyRecords;
}

export interface DnsMailPolicyRecords {
  dmarc: DnsTxtRecord[];
  mtaSts: DnsTxtRecord[];
  tlsRpt: DnsTxtRecord[];
}

/** TTLs in seconds, 0..2147483647 (RFC 2181 8: larger values count as 0). */
export interface DnsAddressRecord {
  address: string;
  ttl: number;
}

export interface DnsCnameRecord {
  target: string;
  ttl: number;
}

export interface DnsMxRecord {
  preference: number;
  /** `.` for a null MX (RFC 7505). */
  exchange: string;
  ttl: number;
}

export interface DnsNsRecord {
  host: string;
  ttl: number;
}

export interface DnsSoaRecord {
  mname: string;
  rname: string;
  serial: number;
  refresh: number;
  retry: number;
  expire: number;
  minimum: number;
  ttl: number;
}

export interface DnsTxtRecord {
  /** The character-strings joined without separator, decoded as UTF-8. */
  value: string;
  /** The character-strings one by one, present only when there are several. */
  chunks?: string[];
  ttl: number;
}

export interface DnsCaaRecord {
  flags: number;
  /** The issuer-critical bit (flags & 128). */
  critical: boolean;
  tag: string;
  value: string;
  ttl: number;
}

export interface DnsDsRecord {
  keyTag: number;
  algorithm: number;
  digestType: number;
  /** Upper-case hex, as in zone files. */
  digest: string;
  ttl: number;
}

export interface DnsDnskeyRecord {
  flags: number;
  protocol: number;
  algorithm: number;
  /** RFC 4034 appendix B: the number DS and RRSIG records name this key by. */
  keyTag: number;
  /** Base64, as in zone files. */
  publicKey: string;
  ttl: number;
}

export interface DnsSrvRecord {
  /** `_submission._tcp` or `_imaps._tcp`. */
  service: string;
  priority: number;
  weight: number;
  port: number;
  /** `.` means the service is decidedly not available (RFC 2782). */
  target: string;
  ttl: number;
}

export interface DnsSvcbRecord {
  /** 0 is AliasMode (RFC 9460 2.4.2), otherwise ServiceMode. */
  priority: number;
  /** `.` means the owner name itself (ServiceMode) or no service (AliasMode). */
  target: string;
  /**
   * SvcParams by name: `alpn` and `mandatory` lists, `port`, `ipv4hint` and `ipv6hint` lists,
   * `ech` in base64, `no-default-alpn` and `ohttp` as true, `dohpath`; an unknown key as
   * `key<N>` with its value in hex.
   */
  params: Record<string, unknown>;
  ttl: number;
}
