import { constants } from "node:crypto";
import { daysFromNow } from "../tls/certificates.js";
import { tlsProfiles } from "../tls/tls-profiles.js";
import type { SslProofCase } from "./ssl-fix-proof.js";
import {
  configureAlike,
  issueAsStated,
  listenWithTls,
  serveCurrentIntermediate,
  serveFullChain,
  setOpensslOptions,
  stapleOcsp,
  upgradeLibrary,
} from "./ssl-steps.js";

const modern = tlsProfiles.modern;
/** Mozilla's intermediate profile in node:tls options, client renegotiation refused. */
const wellConfigured = {
  minVersion: "TLSv1.2",
  ciphers: "ECDHE+AESGCM:ECDHE+CHACHA20",
  ecdhCurve: "X25519:prime256v1:secp384r1",
  secureOptions: constants.SSL_OP_NO_RENEGOTIATION,
} as const;
// An RSA 1024 key or a SHA-1 signature needs OpenSSL's lowest security level to be served.
const anyKey = { ...modern, ciphers: `${modern.ciphers}:@SECLEVEL=0` };

/** A broken certificate, replaced by the one the remediation's step describes. */
const certificateCase = (
  certificate: SslProofCase["certificate"],
  server: SslProofCase["server"] = modern,
): SslProofCase => ({
  server,
  certificate,
  steps: [issueAsStated],
});

/**
 * The broken TLS servers of the ssl section's findings: those whose fix is the server's
 * configuration (`tls-config`), then those whose remediation is steps in words, applied to the
 * server that stands for the site (a certificate from the test CA as the step describes it, the
 * chain, stapling, an OpenSSL option, the library upgraded past a simulated old one).
 */
export const sslProofCases: Record<string, SslProofCase> = {
  "ssl.tls.legacy-protocol": {
    server: { minVersion: "TLSv1", maxVersion: "TLSv1.1", ciphers: "DEFAULT:@SECLEVEL=0" },
  },
  "ssl.protocols.legacy": { server: tlsProfiles.legacyOnly },
  "ssl.protocols.tls13": { server: { minVersion: "TLSv1.2", maxVersion: "TLSv1.2" } },
  "ssl.ciphers.weak": { server: tlsProfiles.cbcSha1 },
  "ssl.ciphers.forward-secrecy": { server: tlsProfiles.staticRsaOnly },
  // CBC-SHA1 suites alone: Python's default context (a current client) cannot connect. The
  // fix's summary promises every current client: retired ones (IE 11 on Windows 7, IE 8) stay
  // out of Mozilla's intermediate profile, so the finding settles at info.
  "ssl.clients.locked-out": { server: tlsProfiles.cbcSha1, settles: "info" },
  "ssl.profile.mozilla": { server: tlsProfiles.legacyOnly },
  // TLS 1.2 answered by a library that knows no TLS_FALLBACK_SCSV: the config and the upgrade.
  "ssl.vuln.fallback-scsv": {
    // The real server behind refuses client renegotiation, as the intermediate one must too.
    server: { ...tlsProfiles.tls13Only, secureOptions: constants.SSL_OP_NO_RENEGOTIATION },
    oldLibrary: {},
    steps: [upgradeLibrary],
  },

  // The site's server, well configured, not listening.
  "ssl.unreachable": { server: wellConfigured, tls: false, steps: [listenWithTls] },
  "ssl.endpoints.inconsistent": {
    server: modern,
    second: { server: modern, certificate: { leaf: { keyType: "ec" } } },
    steps: [configureAlike],
  },

  "ssl.cert.expired": certificateCase({
    leaf: { notBefore: daysFromNow(-90), notAfter: daysFromNow(-1) },
  }),
  "ssl.cert.not-yet-valid": certificateCase({
    leaf: { notBefore: daysFromNow(2), notAfter: daysFromNow(92) },
  }),
  "ssl.cert.expiring-soon": certificateCase({ leaf: { notAfter: daysFromNow(3) } }),
  "ssl.cert.long-validity": certificateCase({ leaf: { notAfter: daysFromNow(500) } }),
  "ssl.cert.self-signed": certificateCase({ signer: "self" }),
  "ssl.cert.untrusted": certificateCase({ signer: "unknown-ca" }),
  "ssl.cert.hostname-mismatch": certificateCase({ leaf: { subjectAltNames: ["other.test"] } }),
  "ssl.cert.weak-key": certificateCase({ leaf: { rsaBits: 1024 } }, anyKey),
  "ssl.cert.weak-signature": certificateCase({ leaf: { signatureHash: "SHA-1" } }, anyKey),
  "ssl.cert.revoked": {
    server: modern,
    staple: "revoked",
    steps: [issueAsStated, stapleOcsp],
  },

  "ssl.chain.incomplete": {
    server: modern,
    certificate: { chain: "leaf-only" },
    steps: [serveFullChain],
  },
  "ssl.chain.order": {
    server: modern,
    certificate: { deep: true, chain: "reversed" },
    steps: [serveFullChain],
  },
  "ssl.chain.expired": {
    server: modern,
    certificate: { expiredIntermediate: true },
    steps: [serveCurrentIntermediate],
  },
  "ssl.ocsp.not-stapled": {
    server: modern,
    certificate: { leaf: { mustStaple: true } },
    steps: [stapleOcsp],
  },

  "ssl.vuln.heartbleed": {
    server: tlsProfiles.tls13Only,
    oldLibrary: { heartbleed: true },
    steps: [upgradeLibrary],
  },
  "ssl.vuln.ccs-injection": {
    server: tlsProfiles.tls13Only,
    oldLibrary: { earlyCcs: true },
    steps: [upgradeLibrary],
  },
  "ssl.vuln.compression": {
    server: tlsProfiles.tls13Only,
    oldLibrary: { compression: true },
    steps: [upgradeLibrary],
  },
  "ssl.vuln.renegotiation": { server: modern, steps: [setOpensslOptions] },
};
