import type tls from "node:tls";

/**
 * node:tls server options of the configurations the ssl scan tests and `bench/ssl-scan.ts`
 * serve: each accepts only some protocol versions or suites. SECLEVEL=0 lets Node's OpenSSL
 * serve TLS 1.0/1.1 and legacy suites at all. The RSA suites need an RSA certificate.
 */
export const tlsProfiles = {
  /** TLS 1.0 to 1.2, OpenSSL's default suites (no anonymous or NULL ones). */
  legacyOnly: { minVersion: "TLSv1", maxVersion: "TLSv1.2", ciphers: "DEFAULT:@SECLEVEL=0" },
  /** TLS 1.3 alone, OpenSSL's three default suites. */
  tls13Only: { minVersion: "TLSv1.3", maxVersion: "TLSv1.3" },
  /** TLS 1.2, static RSA key exchange only: no forward secrecy. */
  staticRsaOnly: {
    minVersion: "TLSv1.2",
    maxVersion: "TLSv1.2",
    ciphers: "AES128-GCM-SHA256:AES256-GCM-SHA384",
  },
  /** TLS 1.2, forward secret but CBC with SHA-1 MACs. */
  cbcSha1: {
    minVersion: "TLSv1.2",
    maxVersion: "TLSv1.2",
    ciphers: "ECDHE-RSA-AES128-SHA:ECDHE-RSA-AES256-SHA",
  },
  /** TLS 1.2 and 1.3, forward-secret AEAD suites plus one without forward secrecy. */
  someWithoutForwardSecrecy: {
    minVersion: "TLSv1.2",
    ciphers: "ECDHE-RSA-AES128-GCM-SHA256:AES256-GCM-SHA384",
  },
  /** TLS 1.2 with a NULL (unencrypted) suite beside a good one. */
  nullCipher: {
    minVersion: "TLSv1.2",
    maxVersion: "TLSv1.2",
    ciphers: "ECDHE-RSA-AES128-GCM-SHA256:NULL-SHA256:@SECLEVEL=0",
  },
  /** TLS 1.2, two suites, the server's own order. */
  serverOrder: {
    maxVersion: "TLSv1.2",
    ciphers: "ECDHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384",
    honorCipherOrder: true,
  },
  /** The same two suites, the client's order. */
  clientOrder: {
    maxVersion: "TLSv1.2",
    ciphers: "ECDHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384",
    honorCipherOrder: false,
  },
  /** TLS 1.0 to 1.3, OpenSSL's default suites: much to enumerate (the scan benchmark's). */
  broad: { minVersion: "TLSv1", ciphers: "DEFAULT:@SECLEVEL=0" },
  /** TLS 1.2 and 1.3 with forward-secret AEAD suites only: what a scan should find clean. */
  modern: { minVersion: "TLSv1.2", ciphers: "ECDHE+AESGCM:ECDHE+CHACHA20" },
} as const satisfies Record<string, tls.TlsOptions>;
