/** The `data` of the dns section. Names are lower case without the trailing dot (root: `.`). */
export interface DnsData {
  /** The recursive resolver that answered every query, as `host:port` or `[v6]:port`. */
  resolver: string;
  /** False when the name does not exist (NXDOMAIN); then every record list is empty. */
  exists: boolean;
  records: DnsRecords;
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
