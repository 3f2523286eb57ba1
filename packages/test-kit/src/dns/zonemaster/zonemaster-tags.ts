/**
 * Zonemaster's message tags, as emitted for its own test scenarios, read as verdicts of the dns
 * section: the one table both the scenario replay (`zonemaster-replay.test.ts`) and
 * `bench/dns-depth.ts` judge agreement by. A tag maps to one of our check ids and the statuses
 * that agree with it, or to the zone the section judges (`zone`: the domain itself, or
 * another), or to null with why it has no counterpart.
 */

export type Verdict = "pass" | "info" | "warn" | "fail" | "skipped" | "domain" | "other";

export interface TagMapping {
  /** A check id of the dns section, or `zone` for `data.health.zone`. */
  readonly id: string;
  /** Our statuses that agree with the tag. */
  readonly agrees: readonly Verdict[];
}

export type TagEntry = TagMapping | { readonly id: null; readonly why: string };

const ok = (id: string): TagMapping => ({ id, agrees: ["pass", "info"] });
const problem = (id: string): TagMapping => ({ id, agrees: ["warn", "fail"] });
const is = (id: string, ...agrees: Verdict[]): TagMapping => ({ id, agrees });
const none = (why: string) => ({ id: null, why }) as const;

const fact = none("a fact Zonemaster reports along the way, not a verdict");
const debug = none("a DEBUG message about one query, not a verdict");
const ipv6 = none(
  "about IPv6 name servers: the replay serves IPv4 only (binding the scenarios' IPv6 addresses would change the host's routes), so there is nothing to compare",
);

export const zonemasterTags: Readonly<Record<string, TagEntry>> = {
  // ADDRESS01: name server addresses that are not globally reachable.
  A01_GLOBALLY_REACHABLE_ADDR: none(
    "the lab's own name servers are on loopback, which is rightly not a public address; the problem tags are compared",
  ),
  A01_ADDR_NOT_GLOBALLY_REACHABLE: problem("dns.ns.public-address"),
  A01_DOCUMENTATION_ADDR: problem("dns.ns.public-address"),
  A01_LOCAL_USE_ADDR: problem("dns.ns.public-address"),
  A01_NO_GLOBALLY_REACHABLE_ADDR: problem("dns.ns.public-address"),
  A01_NO_NAME_SERVERS_FOUND: problem("dns.ns.lame"),
  // ADDRESS03: reverse names of the name server addresses.
  NAMESERVER_IP_PTR_MATCH: is("dns.ns.ptr", "pass"),
  NAMESERVER_IP_PTR_MISMATCH: is("dns.ns.ptr", "info"),
  NAMESERVER_IP_WITHOUT_REVERSE: is("dns.ns.ptr", "info"),
  NO_RESPONSE_PTR_QUERY: is("dns.ns.ptr", "info", "skipped"),
  // BASIC01: the zone and its parent, found by walking the delegation.
  B01_CHILD_FOUND: is("zone", "domain"),
  B01_NO_CHILD: is("zone", "other"),
  B01_CHILD_IS_ALIAS: none("an alias (CNAME or DNAME) at the name: we judge the zone holding it"),
  B01_INCONSISTENT_ALIAS: none("the alias differs between servers: not judged"),
  B01_INCONSISTENT_DELEGATION: problem("dns.ns.parent-child"),
  B01_PARENT_DISREGARDED: fact,
  B01_PARENT_FOUND: fact,
  B01_PARENT_NOT_FOUND: fact,
  B01_PARENT_UNDETERMINED: fact,
  B01_ROOT_HAS_NO_PARENT: fact,
  B01_SERVER_ZONE_ERROR: debug,
  // BASIC02: at least one name server answers for the zone.
  B02_AUTH_RESPONSE_SOA: is("zone", "domain"),
  B02_NO_DELEGATION: is("dns.zone.exists", "fail"),
  B02_NO_WORKING_NS: is("dns.ns.lame", "fail"),
  B02_NS_BROKEN: is("dns.ns.lame", "fail"),
  B02_NS_NOT_AUTH: is("dns.ns.lame", "fail"),
  B02_NS_NO_IP_ADDR: is("dns.ns.lame", "fail"),
  B02_NS_NO_RESPONSE: is("dns.ns.reachable-udp", "fail"),
  B02_UNEXPECTED_RCODE: is("dns.ns.lame", "fail"),
  // CONNECTIVITY04: the prefixes of the name server addresses.
  CN04_IPV4_DIFFERENT_PREFIX: ok("dns.ns.diversity"),
  CN04_IPV4_SAME_PREFIX: none(
    "some servers share a prefix, others do not: Zonemaster's NOTICE, our pass",
  ),
  CN04_IPV4_SINGLE_PREFIX: problem("dns.ns.diversity"),
  CN04_IPV6_DIFFERENT_PREFIX: ipv6,
  CN04_IPV6_SAME_PREFIX: ipv6,
  CN04_IPV6_SINGLE_PREFIX: ipv6,
  CN04_EMPTY_PREFIX_SET: none("Zonemaster's prefix database had no answer: ours needs none"),
  CN04_ERROR_PREFIX_DATABASE: none("Zonemaster's prefix database failed: ours needs none"),
  // CONSISTENCY05: glue and the child's own addresses for its name servers.
  ADDRESSES_MATCH: ok("dns.ns.glue"),
  IN_BAILIWICK_ADDR_MISMATCH: is("dns.ns.glue", "fail"),
  OUT_OF_BAILIWICK_ADDR_MISMATCH: is("dns.ns.glue", "fail"),
  EXTRA_ADDRESS_CHILD: none("the child lists more addresses than the glue: Zonemaster's NOTICE"),
  CHILD_ZONE_LAME: is("dns.ns.lame", "fail"),
  CHILD_NS_FAILED: debug,
  NO_RESPONSE: debug,
  // CONSISTENCY06: one SOA MNAME.
  ONE_SOA_MNAME: ok("dns.soa.consistency"),
  MULTIPLE_SOA_MNAMES: problem("dns.soa.consistency"),
  NO_RESPONSE_SOA_QUERY: debug,
  // DELEGATION01: enough name servers, at the parent and in the zone.
  ENOUGH_NS_CHILD: ok("dns.ns.count"),
  ENOUGH_NS_DEL: ok("dns.ns.count"),
  NOT_ENOUGH_NS_CHILD: is("dns.ns.count", "fail"),
  NOT_ENOUGH_NS_DEL: is("dns.ns.count", "fail"),
  ENOUGH_IPV4_NS_CHILD: none("the count per address family: not a check of ours"),
  ENOUGH_IPV4_NS_DEL: none("the count per address family: not a check of ours"),
  NOT_ENOUGH_IPV4_NS_CHILD: none("the count per address family: not a check of ours"),
  NOT_ENOUGH_IPV4_NS_DEL: none("the count per address family: not a check of ours"),
  NO_IPV4_NS_CHILD: none("the count per address family: not a check of ours"),
  NO_IPV4_NS_DEL: none("the count per address family: not a check of ours"),
  ENOUGH_IPV6_NS_CHILD: ipv6,
  ENOUGH_IPV6_NS_DEL: ipv6,
  NOT_ENOUGH_IPV6_NS_CHILD: ipv6,
  NOT_ENOUGH_IPV6_NS_DEL: ipv6,
  NO_IPV6_NS_CHILD: ipv6,
  NO_IPV6_NS_DEL: ipv6,
  // DELEGATION02: distinct addresses.
  CHILD_DISTINCT_NS_IP: ok("dns.ns.distinct-ip"),
  DEL_DISTINCT_NS_IP: ok("dns.ns.distinct-ip"),
  CHILD_NS_SAME_IP: is("dns.ns.distinct-ip", "fail"),
  DEL_NS_SAME_IP: is("dns.ns.distinct-ip", "fail"),
  // DELEGATION03: referral size.
  REFERRAL_SIZE_OK: ok("dns.ns.referral-size"),
  REFERRAL_SIZE_TOO_LARGE: problem("dns.ns.referral-size"),
  // DNSSEC01: DS digest types at the parent.
  DS01_DS_ALGO_OK: ok("dns.dnssec.algorithm"),
  DS01_DS_ALGO_DEPRECATED: is("dns.dnssec.algorithm", "fail"),
  DS01_DS_ALGO_NOT_DS: is("dns.dnssec.algorithm", "fail"),
  DS01_DS_ALGO_PRIVATE: is("dns.dnssec.algorithm", "fail"),
  DS01_DS_ALGO_RESERVED: is("dns.dnssec.algorithm", "fail"),
  DS01_DS_ALGO_UNASSIGNED: is("dns.dnssec.algorithm", "fail"),
  DS01_DS_ALGO_2_MISSING: none(
    "no SHA-256 DS beside another digest: RFC 8624 3.3 makes SHA-384 a MAY, and we pass it alone",
  ),
  DS01_PARENT_SERVER_NO_DS: problem("dns.dnssec.ds-consistency"),
  DS01_PARENT_ZONE_NO_DS: fact,
  DS01_NO_RESPONSE: none("a parent server did not answer: reported under the parent's own checks"),
  DS01_ROOT_N_NO_UNDEL_DS: fact,
  DS01_UNDEL_N_NO_UNDEL_DS: fact,
  // DNSSEC03: NSEC3 parameters.
  DS03_LEGAL_ITERATION_VALUE: ok("dns.dnssec.nsec3-params"),
  DS03_LEGAL_EMPTY_SALT: ok("dns.dnssec.nsec3-params"),
  DS03_LEGAL_HASH_ALGO: ok("dns.dnssec.nsec3-params"),
  DS03_ILLEGAL_ITERATION_VALUE: problem("dns.dnssec.nsec3-params"),
  DS03_ILLEGAL_SALT_LENGTH: problem("dns.dnssec.nsec3-params"),
  DS03_ILLEGAL_HASH_ALGO: problem("dns.dnssec.nsec3-params"),
  DS03_UNASSIGNED_FLAG_USED: problem("dns.dnssec.nsec3-params"),
  DS03_INCONSISTENT_HASH_ALGO: problem("dns.dnssec.nsec3-params"),
  DS03_INCONSISTENT_ITERATION: problem("dns.dnssec.nsec3-params"),
  DS03_INCONSISTENT_NSEC3_FLAGS: problem("dns.dnssec.nsec3-params"),
  DS03_INCONSISTENT_SALT_LENGTH: problem("dns.dnssec.nsec3-params"),
  DS03_ERR_MULT_NSEC3: problem("dns.dnssec.nsec3-params"),
  DS03_NO_NSEC3: fact,
  DS03_NO_DNSSEC_SUPPORT: fact,
  DS03_SERVER_NO_DNSSEC_SUPPORT: none(
    "a server without DNSSEC in a signed zone: judged by dns.dnssec.consistency",
  ),
  DS03_SERVER_NO_NSEC3: none("a server giving NSEC where the others give NSEC3: not judged apart"),
  DS03_NSEC3_OPT_OUT_DISABLED: fact,
  DS03_NSEC3_OPT_OUT_ENABLED_NON_TLD: none("opt-out in a zone that is not a TLD: not judged"),
  DS03_NSEC3_OPT_OUT_ENABLED_TLD: fact,
  DS03_ERROR_RESPONSE_NSEC_QUERY: none("an answer to Zonemaster's own NSEC3PARAM question"),
  DS03_NO_RESPONSE_NSEC_QUERY: none("an answer to Zonemaster's own NSEC3PARAM question"),
  // DNSSEC05: DNSKEY algorithms.
  DS05_ALGO_OK: ok("dns.dnssec.algorithm"),
  DS05_ALGO_NOT_RECOMMENDED: is("dns.dnssec.algorithm", "warn"),
  DS05_ALGO_DEPRECATED: is("dns.dnssec.algorithm", "fail"),
  DS05_ALGO_NOT_ZONE_SIGN: is("dns.dnssec.algorithm", "fail"),
  DS05_ALGO_PRIVATE: is("dns.dnssec.algorithm", "fail"),
  DS05_ALGO_RESERVED: is("dns.dnssec.algorithm", "fail"),
  DS05_ALGO_UNASSIGNED: is("dns.dnssec.algorithm", "fail"),
  DS05_NO_RESPONSE: none("a server did not answer the DNSKEY question: reachability's finding"),
  DS05_SERVER_NO_DNSSEC: none(
    "a server without DNSSEC in a signed zone: judged by dns.dnssec.consistency",
  ),
  DS05_ZONE_NO_DNSSEC: fact,
  // DNSSEC07: signed, with DS at the parent.
  DS07_DS_FOR_SIGNED_ZONE: ok("dns.dnssec.signed"),
  DS07_SIGNED: fact,
  DS07_SIGNED_ON_SERVER: fact,
  DS07_DS_ON_PARENT_SERVER: fact,
  DS07_NOT_SIGNED: problem("dns.dnssec.signed"),
  DS07_NO_DS_FOR_SIGNED_ZONE: problem("dns.dnssec.signed"),
  DS07_INCONSISTENT_DS: problem("dns.dnssec.ds-consistency"),
  DS07_INCONSISTENT_SIGNED: problem("dns.dnssec.consistency"),
  DS07_NOT_SIGNED_ON_SERVER: problem("dns.dnssec.consistency"),
  DS07_NO_DS_ON_PARENT_SERVER: problem("dns.dnssec.ds-consistency"),
  DS07_NON_AUTH_RESPONSE_DNSKEY: problem("dns.ns.lame"),
  DS07_NO_RESPONSE_DNSKEY: none(
    "a server did not answer the DNSKEY question: reachability's finding",
  ),
  DS07_UNEXP_RCODE_RESP_DNSKEY: none(
    "a server answered the DNSKEY question with an error: not judged apart",
  ),
  // DNSSEC10: the zone's denial of existence.
  DS10_HAS_NSEC: ok("dns.dnssec.denial"),
  DS10_HAS_NSEC3: ok("dns.dnssec.denial"),
  DS10_ZONE_NO_DNSSEC: fact,
  DS10_ALGO_NOT_SUPPORTED_BY_ZM: fact,
  DS10_ERR_MULT_NSEC: problem("dns.dnssec.denial"),
  DS10_ERR_MULT_NSEC3: problem("dns.dnssec.denial"),
  DS10_ERR_MULT_NSEC3PARAM: problem("dns.dnssec.denial"),
  DS10_EXPECTED_NSEC_NSEC3_MISSING: problem("dns.dnssec.denial"),
  DS10_INCONSISTENT_NSEC: problem("dns.dnssec.denial"),
  DS10_INCONSISTENT_NSEC3: problem("dns.dnssec.denial"),
  DS10_INCONSISTENT_NSEC_NSEC3: problem("dns.dnssec.denial"),
  DS10_MIXED_NSEC_NSEC3: problem("dns.dnssec.denial"),
  DS10_NSEC3PARAM_GIVES_ERR_ANSWER: problem("dns.dnssec.denial"),
  DS10_NSEC3PARAM_MISMATCHES_APEX: problem("dns.dnssec.denial"),
  DS10_NSEC3PARAM_QUERY_RESPONSE_ERR: problem("dns.dnssec.denial"),
  DS10_NSEC3_ERR_TYPE_LIST: problem("dns.dnssec.denial"),
  DS10_NSEC3_MISMATCHES_APEX: problem("dns.dnssec.denial"),
  DS10_NSEC3_MISSING_SIGNATURE: problem("dns.dnssec.denial"),
  DS10_NSEC3_NODATA_MISSING_SOA: problem("dns.dnssec.denial"),
  DS10_NSEC3_NODATA_WRONG_SOA: problem("dns.dnssec.denial"),
  DS10_NSEC3_NO_VERIFIED_SIGNATURE: problem("dns.dnssec.denial"),
  DS10_NSEC3_RRSIG_EXPIRED: problem("dns.dnssec.denial"),
  DS10_NSEC3_RRSIG_NOT_YET_VALID: problem("dns.dnssec.denial"),
  DS10_NSEC3_RRSIG_NO_DNSKEY: problem("dns.dnssec.denial"),
  DS10_NSEC3_RRSIG_VERIFY_ERROR: problem("dns.dnssec.denial"),
  DS10_NSEC_ERR_TYPE_LIST: problem("dns.dnssec.denial"),
  DS10_NSEC_GIVES_ERR_ANSWER: problem("dns.dnssec.denial"),
  DS10_NSEC_MISMATCHES_APEX: problem("dns.dnssec.denial"),
  DS10_NSEC_MISSING_SIGNATURE: problem("dns.dnssec.denial"),
  DS10_NSEC_NODATA_MISSING_SOA: problem("dns.dnssec.denial"),
  DS10_NSEC_NODATA_WRONG_SOA: problem("dns.dnssec.denial"),
  DS10_NSEC_NO_VERIFIED_SIGNATURE: problem("dns.dnssec.denial"),
  DS10_NSEC_QUERY_RESPONSE_ERR: problem("dns.dnssec.denial"),
  DS10_NSEC_RRSIG_EXPIRED: problem("dns.dnssec.denial"),
  DS10_NSEC_RRSIG_NOT_YET_VALID: problem("dns.dnssec.denial"),
  DS10_NSEC_RRSIG_NO_DNSKEY: problem("dns.dnssec.denial"),
  DS10_NSEC_RRSIG_VERIFY_ERROR: problem("dns.dnssec.denial"),
  DS10_SERVER_NO_DNSSEC: none(
    "a server without DNSSEC in a signed zone: judged by dns.dnssec.consistency",
  ),
  // DNSSEC16: CDS.
  DS16_DELETE_CDS: is("dns.dnssec.cds", "info"),
  DS16_CDS_INVALID_RRSIG: is("dns.dnssec.cds", "fail"),
  DS16_CDS_MATCHES_NON_SEP_DNSKEY: none(
    "a CDS for a key without the SEP flag: Zonemaster's NOTICE, valid by RFC 7344",
  ),
  DS16_CDS_MATCHES_NON_ZONE_DNSKEY: is("dns.dnssec.cds", "fail"),
  DS16_CDS_MATCHES_NO_DNSKEY: is("dns.dnssec.cds", "fail"),
  DS16_CDS_NOT_SIGNED_BY_CDS: none(
    "the CDS set not signed by the key it names: Zonemaster's NOTICE, valid by RFC 7344",
  ),
  DS16_CDS_SIGNED_BY_UNKNOWN_DNSKEY: is("dns.dnssec.cds", "fail"),
  DS16_CDS_UNSIGNED: is("dns.dnssec.cds", "fail"),
  DS16_CDS_WITHOUT_DNSKEY: is("dns.dnssec.cds", "fail"),
  DS16_DNSKEY_NOT_SIGNED_BY_CDS: problem("dns.dnssec.cds"),
  DS16_MIXED_DELETE_CDS: is("dns.dnssec.cds", "fail"),
  // NAMESERVER15: software version disclosed over CHAOS.
  N15_NO_VERSION_REVEALED: ok("dns.ns.software-version"),
  N15_ERROR_ON_VERSION_QUERY: ok("dns.ns.software-version"),
  N15_SOFTWARE_VERSION: is("dns.ns.software-version", "warn"),
  N15_WRONG_CLASS: is("dns.ns.software-version", "warn"),
  // ZONE09: MX records.
  Z09_MX_FOUND: ok("dns.mx.present"),
  Z09_MX_DATA: fact,
  Z09_NO_MX_FOUND: is("dns.mx.present", "warn"),
  Z09_NULL_MX_NON_ZERO_PREF: problem("dns.mx.valid"),
  Z09_NULL_MX_WITH_OTHER_MX: problem("dns.mx.valid"),
  Z09_MISSING_MAIL_TARGET: none("no MX and no address for mail: Zonemaster's NOTICE"),
  Z09_INCONSISTENT_MX: is("dns.mx.present", "warn"),
  Z09_INCONSISTENT_MX_DATA: is("dns.mx.present", "warn"),
  Z09_NON_AUTH_MX_RESPONSE: none(
    "a server answered the MX question without AA: lameness is judged on SOA",
  ),
  Z09_NO_RESPONSE_MX_QUERY: none("a server did not answer the MX question: judged on SOA"),
  Z09_UNEXPECTED_RCODE_MX: none("a server answered the MX question with an error: judged on SOA"),
  Z09_ROOT_EMAIL_DOMAIN: none("mail for the root zone"),
  Z09_TLD_EMAIL_DOMAIN: none("mail for a TLD"),
  // ZONE11: SPF.
  Z11_SPF_SYNTAX_OK: ok("dns.spf.syntax"),
  Z11_SPF_SYNTAX_ERROR: is("dns.spf.syntax", "fail"),
  Z11_SPF_MULTIPLE_RECORDS: is("dns.spf.single", "fail"),
  Z11_NO_SPF_FOUND: is("dns.spf.present", "warn"),
  Z11_DIFFERENT_SPF_POLICIES_FOUND: is("dns.spf.present", "warn"),
  Z11_INCONSISTENT_SPF_POLICIES: is("dns.spf.present", "warn"),
  Z11_NON_NULL_SPF_NON_MAIL_DOMAIN: none("a permissive SPF policy for a domain without mail"),
  Z11_NO_SPF_NON_MAIL_DOMAIN: none("no SPF for a domain without mail"),
  Z11_NULL_SPF_NON_MAIL_DOMAIN: fact,
  Z11_UNABLE_TO_CHECK_FOR_SPF: none("Zonemaster could not read the SPF record from every server"),
};
