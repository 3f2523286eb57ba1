/**
 * The cipher suites a scan offers, by IANA code, with OpenSSL's and IANA's names. The first
 * list is every suite Node 20's OpenSSL 3.0 has at SECLEVEL=0 (less PSK and SRP, which need
 * credentials a scanner has not got), in OpenSSL's own order, as printed by
 * `openssl ciphers -V -stdname 'ALL:COMPLEMENTOFALL:@SECLEVEL=0'`. The second holds suites that
 * OpenSSL 3.0 no longer builds (RC4, DES, 3DES, export, IDEA, SEED) but servers still accept: a
 * hand-written ClientHello can offer them, and a server that picks one is found out.
 * `tls12` marks suites defined from TLS 1.2 on, never offered at TLS 1.0 or 1.1.
 */
type Row = readonly [code: number, name: string, standardName: string, tls12: boolean];

const openssl: readonly Row[] = [
  [0xc02c, "ECDHE-ECDSA-AES256-GCM-SHA384", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", true],
  [0xc030, "ECDHE-RSA-AES256-GCM-SHA384", "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", true],
  [0x00a3, "DHE-DSS-AES256-GCM-SHA384", "TLS_DHE_DSS_WITH_AES_256_GCM_SHA384", true],
  [0x009f, "DHE-RSA-AES256-GCM-SHA384", "TLS_DHE_RSA_WITH_AES_256_GCM_SHA384", true],
  [0xcca9, "ECDHE-ECDSA-CHACHA20-POLY1305", "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256", true],
  [0xcca8, "ECDHE-RSA-CHACHA20-POLY1305", "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256", true],
  [0xccaa, "DHE-RSA-CHACHA20-POLY1305", "TLS_DHE_RSA_WITH_CHACHA20_POLY1305_SHA256", true],
  [0xc0af, "ECDHE-ECDSA-AES256-CCM8", "TLS_ECDHE_ECDSA_WITH_AES_256_CCM_8", true],
  [0xc0ad, "ECDHE-ECDSA-AES256-CCM", "TLS_ECDHE_ECDSA_WITH_AES_256_CCM", true],
  [0xc0a3, "DHE-RSA-AES256-CCM8", "TLS_DHE_RSA_WITH_AES_256_CCM_8", true],
  [0xc09f, "DHE-RSA-AES256-CCM", "TLS_DHE_RSA_WITH_AES_256_CCM", true],
  [0xc05d, "ECDHE-ECDSA-ARIA256-GCM-SHA384", "TLS_ECDHE_ECDSA_WITH_ARIA_256_GCM_SHA384", true],
  [0xc061, "ECDHE-ARIA256-GCM-SHA384", "TLS_ECDHE_RSA_WITH_ARIA_256_GCM_SHA384", true],
  [0xc057, "DHE-DSS-ARIA256-GCM-SHA384", "TLS_DHE_DSS_WITH_ARIA_256_GCM_SHA384", true],
  [0xc053, "DHE-RSA-ARIA256-GCM-SHA384", "TLS_DHE_RSA_WITH_ARIA_256_GCM_SHA384", true],
  [0x00a7, "ADH-AES256-GCM-SHA384", "TLS_DH_anon_WITH_AES_256_GCM_SHA384", true],
  [0xc02b, "ECDHE-ECDSA-AES128-GCM-SHA256", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", true],
  [0xc02f, "ECDHE-RSA-AES128-GCM-SHA256", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", true],
  [0x00a2, "DHE-DSS-AES128-GCM-SHA256", "TLS_DHE_DSS_WITH_AES_128_GCM_SHA256", true],
  [0x009e, "DHE-RSA-AES128-GCM-SHA256", "TLS_DHE_RSA_WITH_AES_128_GCM_SHA256", true],
  [0xc0ae, "ECDHE-ECDSA-AES128-CCM8", "TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8", true],
  [0xc0ac, "ECDHE-ECDSA-AES128-CCM", "TLS_ECDHE_ECDSA_WITH_AES_128_CCM", true],
  [0xc0a2, "DHE-RSA-AES128-CCM8", "TLS_DHE_RSA_WITH_AES_128_CCM_8", true],
  [0xc09e, "DHE-RSA-AES128-CCM", "TLS_DHE_RSA_WITH_AES_128_CCM", true],
  [0xc05c, "ECDHE-ECDSA-ARIA128-GCM-SHA256", "TLS_ECDHE_ECDSA_WITH_ARIA_128_GCM_SHA256", true],
  [0xc060, "ECDHE-ARIA128-GCM-SHA256", "TLS_ECDHE_RSA_WITH_ARIA_128_GCM_SHA256", true],
  [0xc056, "DHE-DSS-ARIA128-GCM-SHA256", "TLS_DHE_DSS_WITH_ARIA_128_GCM_SHA256", true],
  [0xc052, "DHE-RSA-ARIA128-GCM-SHA256", "TLS_DHE_RSA_WITH_ARIA_128_GCM_SHA256", true],
  [0x00a6, "ADH-AES128-GCM-SHA256", "TLS_DH_anon_WITH_AES_128_GCM_SHA256", true],
  [0xc024, "ECDHE-ECDSA-AES256-SHA384", "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384", true],
  [0xc028, "ECDHE-RSA-AES256-SHA384", "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384", true],
  [0x006b, "DHE-RSA-AES256-SHA256", "TLS_DHE_RSA_WITH_AES_256_CBC_SHA256", true],
  [0x006a, "DHE-DSS-AES256-SHA256", "TLS_DHE_DSS_WITH_AES_256_CBC_SHA256", true],
  [0xc073, "ECDHE-ECDSA-CAMELLIA256-SHA384", "TLS_ECDHE_ECDSA_WITH_CAMELLIA_256_CBC_SHA384", true],
  [0xc077, "ECDHE-RSA-CAMELLIA256-SHA384", "TLS_ECDHE_RSA_WITH_CAMELLIA_256_CBC_SHA384", true],
  [0x00c4, "DHE-RSA-CAMELLIA256-SHA256", "TLS_DHE_RSA_WITH_CAMELLIA_256_CBC_SHA256", true],
  [0x00c3, "DHE-DSS-CAMELLIA256-SHA256", "TLS_DHE_DSS_WITH_CAMELLIA_256_CBC_SHA256", true],
  [0x006d, "ADH-AES256-SHA256", "TLS_DH_anon_WITH_AES_256_CBC_SHA256", true],
  [0x00c5, "ADH-CAMELLIA256-SHA256", "TLS_DH_anon_WITH_CAMELLIA_256_CBC_SHA256", true],
  [0xc023, "ECDHE-ECDSA-AES128-SHA256", "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256", true],
  [0xc027, "ECDHE-RSA-AES128-SHA256", "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256", true],
  [0x0067, "DHE-RSA-AES128-SHA256", "TLS_DHE_RSA_WITH_AES_128_CBC_SHA256", true],
  [0x0040, "DHE-DSS-AES128-SHA256", "TLS_DHE_DSS_WITH_AES_128_CBC_SHA256", true],
  [0xc072, "ECDHE-ECDSA-CAMELLIA128-SHA256", "TLS_ECDHE_ECDSA_WITH_CAMELLIA_128_CBC_SHA256", true],
  [0xc076, "ECDHE-RSA-CAMELLIA128-SHA256", "TLS_ECDHE_RSA_WITH_CAMELLIA_128_CBC_SHA256", true],
  [0x00be, "DHE-RSA-CAMELLIA128-SHA256", "TLS_DHE_RSA_WITH_CAMELLIA_128_CBC_SHA256", true],
  [0x00bd, "DHE-DSS-CAMELLIA128-SHA256", "TLS_DHE_DSS_WITH_CAMELLIA_128_CBC_SHA256", true],
  [0x006c, "ADH-AES128-SHA256", "TLS_DH_anon_WITH_AES_128_CBC_SHA256", true],
  [0x00bf, "ADH-CAMELLIA128-SHA256", "TLS_DH_anon_WITH_CAMELLIA_128_CBC_SHA256", true],
  [0xc00a, "ECDHE-ECDSA-AES256-SHA", "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA", false],
  [0xc014, "ECDHE-RSA-AES256-SHA", "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA", false],
  [0x0039, "DHE-RSA-AES256-SHA", "TLS_DHE_RSA_WITH_AES_256_CBC_SHA", false],
  [0x0038, "DHE-DSS-AES256-SHA", "TLS_DHE_DSS_WITH_AES_256_CBC_SHA", false],
  [0x0088, "DHE-RSA-CAMELLIA256-SHA", "TLS_DHE_RSA_WITH_CAMELLIA_256_CBC_SHA", false],
  [0x0087, "DHE-DSS-CAMELLIA256-SHA", "TLS_DHE_DSS_WITH_CAMELLIA_256_CBC_SHA", false],
  [0xc019, "AECDH-AES256-SHA", "TLS_ECDH_anon_WITH_AES_256_CBC_SHA", false],
  [0x003a, "ADH-AES256-SHA", "TLS_DH_anon_WITH_AES_256_CBC_SHA", false],
  [0x0089, "ADH-CAMELLIA256-SHA", "TLS_DH_anon_WITH_CAMELLIA_256_CBC_SHA", false],
  [0xc009, "ECDHE-ECDSA-AES128-SHA", "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA", false],
  [0xc013, "ECDHE-RSA-AES128-SHA", "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA", false],
  [0x0033, "DHE-RSA-AES128-SHA", "TLS_DHE_RSA_WITH_AES_128_CBC_SHA", false],
  [0x0032, "DHE-DSS-AES128-SHA", "TLS_DHE_DSS_WITH_AES_128_CBC_SHA", false],
  [0x0045, "DHE-RSA-CAMELLIA128-SHA", "TLS_DHE_RSA_WITH_CAMELLIA_128_CBC_SHA", false],
  [0x0044, "DHE-DSS-CAMELLIA128-SHA", "TLS_DHE_DSS_WITH_CAMELLIA_128_CBC_SHA", false],
  [0xc018, "AECDH-AES128-SHA", "TLS_ECDH_anon_WITH_AES_128_CBC_SHA", false],
  [0x0034, "ADH-AES128-SHA", "TLS_DH_anon_WITH_AES_128_CBC_SHA", false],
  [0x0046, "ADH-CAMELLIA128-SHA", "TLS_DH_anon_WITH_CAMELLIA_128_CBC_SHA", false],
  [0x009d, "AES256-GCM-SHA384", "TLS_RSA_WITH_AES_256_GCM_SHA384", true],
  [0xc0a1, "AES256-CCM8", "TLS_RSA_WITH_AES_256_CCM_8", true],
  [0xc09d, "AES256-CCM", "TLS_RSA_WITH_AES_256_CCM", true],
  [0xc051, "ARIA256-GCM-SHA384", "TLS_RSA_WITH_ARIA_256_GCM_SHA384", true],
  [0x009c, "AES128-GCM-SHA256", "TLS_RSA_WITH_AES_128_GCM_SHA256", true],
  [0xc0a0, "AES128-CCM8", "TLS_RSA_WITH_AES_128_CCM_8", true],
  [0xc09c, "AES128-CCM", "TLS_RSA_WITH_AES_128_CCM", true],
  [0xc050, "ARIA128-GCM-SHA256", "TLS_RSA_WITH_ARIA_128_GCM_SHA256", true],
  [0x003d, "AES256-SHA256", "TLS_RSA_WITH_AES_256_CBC_SHA256", true],
  [0x00c0, "CAMELLIA256-SHA256", "TLS_RSA_WITH_CAMELLIA_256_CBC_SHA256", true],
  [0x003c, "AES128-SHA256", "TLS_RSA_WITH_AES_128_CBC_SHA256", true],
  [0x00ba, "CAMELLIA128-SHA256", "TLS_RSA_WITH_CAMELLIA_128_CBC_SHA256", true],
  [0x0035, "AES256-SHA", "TLS_RSA_WITH_AES_256_CBC_SHA", false],
  [0x0084, "CAMELLIA256-SHA", "TLS_RSA_WITH_CAMELLIA_256_CBC_SHA", false],
  [0x002f, "AES128-SHA", "TLS_RSA_WITH_AES_128_CBC_SHA", false],
  [0x0041, "CAMELLIA128-SHA", "TLS_RSA_WITH_CAMELLIA_128_CBC_SHA", false],
  [0xc006, "ECDHE-ECDSA-NULL-SHA", "TLS_ECDHE_ECDSA_WITH_NULL_SHA", false],
  [0xc010, "ECDHE-RSA-NULL-SHA", "TLS_ECDHE_RSA_WITH_NULL_SHA", false],
  [0xc015, "AECDH-NULL-SHA", "TLS_ECDH_anon_WITH_NULL_SHA", false],
  [0x003b, "NULL-SHA256", "TLS_RSA_WITH_NULL_SHA256", true],
  [0x0002, "NULL-SHA", "TLS_RSA_WITH_NULL_SHA", false],
  [0x0001, "NULL-MD5", "TLS_RSA_WITH_NULL_MD5", false],
];

// Names as OpenSSL 1.0 printed them (openssl ciphers -V) and as IANA registers them.
const legacy: readonly Row[] = [
  [0xc011, "ECDHE-RSA-RC4-SHA", "TLS_ECDHE_RSA_WITH_RC4_128_SHA", false],
  [0xc007, "ECDHE-ECDSA-RC4-SHA", "TLS_ECDHE_ECDSA_WITH_RC4_128_SHA", false],
  [0xc016, "AECDH-RC4-SHA", "TLS_ECDH_anon_WITH_RC4_128_SHA", false],
  [0xc012, "ECDHE-RSA-DES-CBC3-SHA", "TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA", false],
  [0xc008, "ECDHE-ECDSA-DES-CBC3-SHA", "TLS_ECDHE_ECDSA_WITH_3DES_EDE_CBC_SHA", false],
  [0xc017, "AECDH-DES-CBC3-SHA", "TLS_ECDH_anon_WITH_3DES_EDE_CBC_SHA", false],
  [0x0016, "EDH-RSA-DES-CBC3-SHA", "TLS_DHE_RSA_WITH_3DES_EDE_CBC_SHA", false],
  [0x0013, "EDH-DSS-DES-CBC3-SHA", "TLS_DHE_DSS_WITH_3DES_EDE_CBC_SHA", false],
  [0x001b, "ADH-DES-CBC3-SHA", "TLS_DH_anon_WITH_3DES_EDE_CBC_SHA", false],
  [0x0015, "EDH-RSA-DES-CBC-SHA", "TLS_DHE_RSA_WITH_DES_CBC_SHA", false],
  [0x0012, "EDH-DSS-DES-CBC-SHA", "TLS_DHE_DSS_WITH_DES_CBC_SHA", false],
  [0x001a, "ADH-DES-CBC-SHA", "TLS_DH_anon_WITH_DES_CBC_SHA", false],
  [0x0018, "ADH-RC4-MD5", "TLS_DH_anon_WITH_RC4_128_MD5", false],
  [0x009a, "DHE-RSA-SEED-SHA", "TLS_DHE_RSA_WITH_SEED_CBC_SHA", false],
  [0x0099, "DHE-DSS-SEED-SHA", "TLS_DHE_DSS_WITH_SEED_CBC_SHA", false],
  [0x009b, "ADH-SEED-SHA", "TLS_DH_anon_WITH_SEED_CBC_SHA", false],
  [0x0014, "EXP-EDH-RSA-DES-CBC-SHA", "TLS_DHE_RSA_EXPORT_WITH_DES40_CBC_SHA", false],
  [0x0011, "EXP-EDH-DSS-DES-CBC-SHA", "TLS_DHE_DSS_EXPORT_WITH_DES40_CBC_SHA", false],
  [0x0019, "EXP-ADH-DES-CBC-SHA", "TLS_DH_anon_EXPORT_WITH_DES40_CBC_SHA", false],
  [0x0017, "EXP-ADH-RC4-MD5", "TLS_DH_anon_EXPORT_WITH_RC4_40_MD5", false],
  [0x000a, "DES-CBC3-SHA", "TLS_RSA_WITH_3DES_EDE_CBC_SHA", false],
  [0x0005, "RC4-SHA", "TLS_RSA_WITH_RC4_128_SHA", false],
  [0x0004, "RC4-MD5", "TLS_RSA_WITH_RC4_128_MD5", false],
  [0x0009, "DES-CBC-SHA", "TLS_RSA_WITH_DES_CBC_SHA", false],
  [0x0007, "IDEA-CBC-SHA", "TLS_RSA_WITH_IDEA_CBC_SHA", false],
  [0x0096, "SEED-SHA", "TLS_RSA_WITH_SEED_CBC_SHA", false],
  [0x0008, "EXP-DES-CBC-SHA", "TLS_RSA_EXPORT_WITH_DES40_CBC_SHA", false],
  [0x0006, "EXP-RC2-CBC-MD5", "TLS_RSA_EXPORT_WITH_RC2_CBC_40_MD5", false],
  [0x0003, "EXP-RC4-MD5", "TLS_RSA_EXPORT_WITH_RC4_40_MD5", false],
];

export type KeyExchange = "ECDHE" | "DHE" | "RSA";

/** One suite of TLS 1.2 and below. */
export interface SuiteEntry {
  code: number;
  name: string;
  standardName: string;
  /** Defined from TLS 1.2 on. */
  tls12: boolean;
  keyExchange: KeyExchange;
}

const keyExchangeOf = (standardName: string): KeyExchange =>
  /^TLS_ECDHE?_/.test(standardName) ? "ECDHE" : /^TLS_DHE?_/.test(standardName) ? "DHE" : "RSA";

/** Every suite of TLS 1.2 and below the scan offers, most preferred first. */
export const legacySuites: readonly SuiteEntry[] = [...openssl, ...legacy].map(
  ([code, name, standardName, tls12]) => ({
    code,
    name,
    standardName,
    tls12,
    keyExchange: keyExchangeOf(standardName),
  }),
);

/** TLS 1.3's suites, named alike by OpenSSL and IANA, in OpenSSL's order. */
export const tls13Suites: readonly { code: number; name: string }[] = [
  { code: 0x1302, name: "TLS_AES_256_GCM_SHA384" },
  { code: 0x1303, name: "TLS_CHACHA20_POLY1305_SHA256" },
  { code: 0x1301, name: "TLS_AES_128_GCM_SHA256" },
  { code: 0x1304, name: "TLS_AES_128_CCM_SHA256" },
  { code: 0x1305, name: "TLS_AES_128_CCM_8_SHA256" },
];

const byCode = new Map<number, { name: string; standardName: string }>([
  ...legacySuites.map((suite) => [suite.code, suite] as const),
  ...tls13Suites.map((suite) => [suite.code, { ...suite, standardName: suite.name }] as const),
]);

/** The names of the suite with this code; undefined for one the scan never offers. */
export function suiteNamed(code: number): { name: string; standardName: string } | undefined {
  return byCode.get(code);
}
