import type { FindingReference } from "../../../contract/finding-reference.js";
import type { SslFindingId } from "./finding.js";

/**
 * When each finding does not pass and where the rule comes from: the engine README's table of
 * TLS findings is generated from this one (`pnpm references`), in `sslFindingIds` order.
 */
export const sslFindingReference = {
  "ssl.unreachable": {
    when: "fail: no address completed a handshake (refused, timeout, reset, no TLS, handshake failure; `details.reason`, `errorCode`, and for a step that timed out `timeoutMs`; the message says whether the TCP connect or the TLS handshake timed out); warn: some addresses did not; info: no A/AAAA record; skipped: every address refused by the network policy",
    reference: "SSL Labs endpoint `statusMessage`",
  },
  "ssl.cert.expired": {
    when: "fail: now past `notAfter`",
    reference: "RFC 5280 4.1.2.5; SSL Labs cert issue 4; badssl.com `expired`",
  },
  "ssl.cert.not-yet-valid": {
    when: "fail: now before `notBefore`",
    reference: "RFC 5280 4.1.2.5; SSL Labs cert issue 2",
  },
  "ssl.cert.expiring-soon": {
    when: "fail: under 7 days left; warn: under 30; skipped when expired",
    reference: "SSL Labs cert `notAfter`",
  },
  "ssl.cert.long-validity": {
    when: "warn: valid more than 398 days (both ends included)",
    reference: "CA/B Forum BR 6.3.2",
  },
  "ssl.cert.self-signed": {
    when: "fail: self-signed and not trusted; info: self-signed but one of the configured roots",
    reference: "SSL Labs cert issue 64; badssl.com `self-signed`",
  },
  "ssl.cert.untrusted": {
    when: "fail: OpenSSL's verification failed; `trustError` is its code (`CERT_HAS_EXPIRED`, `UNABLE_TO_GET_ISSUER_CERT_LOCALLY`...)",
    reference: "SSL Labs cert issue 1, `trustPaths`; badssl.com `untrusted-root`",
  },
  "ssl.cert.hostname-mismatch": {
    when: "fail: no subjectAltName matches the domain (browser rules: no CN fallback, `*` a whole left-most label), checked apart from the chain so an untrusted chain never hides it",
    reference: "RFC 6125 6.4, CA/B BR 7.1.4.2; SSL Labs cert issue 8; badssl.com `wrong.host`",
  },
  "ssl.cert.weak-key": {
    when: "fail: a key on the chain's path is RSA/DSA under 2048 bits or EC under 224",
    reference: "NIST SP 800-57, CA/B BR 6.1.5; SSL Labs chain cert issue 4; badssl.com `rsa1024`",
  },
  "ssl.cert.weak-signature": {
    when: "fail: a certificate on the path (self-signed roots excepted) is signed over MD2, MD4, MD5 or SHA-1",
    reference:
      "CA/B BR 7.1.3.2; SSL Labs cert issue 256, chain cert issue 8; badssl.com `sha1-intermediate`",
  },
  "ssl.cert.transparency": {
    when: "info: embedded SCTs from fewer than 2 logs (SCTs sent in the handshake are not read); skipped for self-signed",
    reference: "RFC 6962, Chrome CT policy; badssl.com `no-sct`",
  },
  "ssl.chain.incomplete": {
    when: "fail: the server sent its leaf without the issuer, which no trusted root is; info: the sent chain ends at a CA whose issuer is neither sent nor trusted (an untrusted root or a missing intermediate: see `ssl.cert.untrusted`)",
    reference: "SSL Labs chain issue 2; badssl.com `incomplete-chain`",
  },
  "ssl.chain.order": {
    when: "warn: the sent certificates are not in issuing order",
    reference: "SSL Labs chain issue 8, RFC 5246 7.4.2; badssl.com `misorderly-chain`",
  },
  "ssl.chain.unrelated": {
    when: "info: certificates sent that are not on the path, duplicates included",
    reference: "SSL Labs chain issue 4",
  },
  "ssl.chain.contains-anchor": {
    when: "info: the server sends its root",
    reference: "SSL Labs chain issue 16",
  },
  "ssl.chain.expired": {
    when: "warn: an issuer certificate the server sends is expired or not yet valid",
    reference: "SSL Labs chain cert issues 1 and 2",
  },
  "ssl.tls.legacy-protocol": {
    when: "fail: the negotiated (best) protocol is TLS 1.1 or older; newer servers that also accept old versions are not detected (one handshake)",
    reference: "RFC 8996",
  },
  "ssl.ocsp.not-stapled": {
    when: "fail: must-staple certificate without a staple; info: no staple though the certificate names an OCSP responder; pass: stapled, or no responder to staple for",
    reference: "RFC 6066 8, RFC 7633",
  },
  "ssl.cert.revoked": {
    when: "fail: a verified OCSP response (stapled, else from the AIA responder) or CRL lists the certificate, or an intermediate on its path (checked against its issuer's responder or CRL, `revocation.intermediates`), as revoked (the grade is capped at F), or a must-staple certificate's staple is not a valid answer; warn: the responder answers unknown, or the staple is invalid; info: no source gave a verified answer (`details.checks` says why each failed); skipped: `ssl.revocation: false`",
    reference:
      "RFC 6960, RFC 5280 5.3.1 and 6.3, RFC 7633; SSL Labs cert issue 16 (revoked) and Rating Guide (revoked: F); badssl.com `revoked`",
  },
  "ssl.endpoints.inconsistent": {
    when: "warn: addresses differ in certificate, trust, host name match, protocol or stapling; skipped with fewer than two reachable addresses",
    reference: "SSL Labs per-endpoint results",
  },
  "ssl.protocols.legacy": {
    when: "fail: the scan saw SSL 2, SSL 3, TLS 1.0 or 1.1 accepted (`details.accepted`); skipped when TLS 1.0 or 1.1 could not be told",
    reference: "RFC 6176, RFC 7568, RFC 8996; internet.nl `WebTlsVersion`",
  },
  "ssl.protocols.tls13": {
    when: "warn: TLS 1.3 refused",
    reference: "internet.nl `WebTlsVersion`, SSL Labs",
  },
  "ssl.ciphers.weak": {
    when: "fail: a NULL, anonymous, export, RC4, DES or 3DES suite accepted (`details.weak`); warn: a suite without AEAD, i.e. CBC (`details.notAead`)",
    reference: "internet.nl `WebTlsCiphers`, SSL Labs `suites`",
  },
  "ssl.ciphers.forward-secrecy": {
    when: "fail: no accepted suite has an ephemeral key exchange; warn: some lack one (`details.without`)",
    reference: "internet.nl `WebTlsCiphers`, SSL Labs FS",
  },
  "ssl.groups.post-quantum": {
    when: "info: an address scanned picks no post-quantum hybrid group at TLS 1.3, or has no TLS 1.3 (`details.address`, `details.accepted`); skipped without a scan or when TLS 1.3 could not be told",
    reference: "draft-ietf-tls-ecdhe-mlkem; internet.nl #1709, testssl.sh #2280",
  },
  "ssl.clients.locked-out": {
    when: "warn: a current client of the profile table (`clients[].current`) cannot connect to an address scanned; info: only retired clients cannot (`details.lockedOut`: address, client, reason); skipped without a scan",
    reference: "SSL Labs Handshake Simulation; testssl.sh `--client-simulation`",
  },
  "ssl.profile.mozilla": {
    when: "warn: an address scanned meets only Mozilla's old profile, or none; the message and `details` name the closest profile and what stops it (versions, suites, groups, DH size, the certificate's type, key, curve, signature, lifetime); skipped without a scan",
    reference: "Mozilla Server Side TLS guidelines 6.0 (5.8 for old); sslyze `--mozilla_config`",
  },
  "ssl.vuln.fallback-scsv": {
    when: "fail: a hello of the best legacy version below the best accepted, carrying TLS_FALLBACK_SCSV, is answered with a ServerHello; skipped: no clear answer",
    reference: "RFC 7507; testssl.sh `--fallback`",
  },
  "ssl.vuln.compression": {
    when: "fail: the server picks DEFLATE when a hello offers it (CRIME)",
    reference: "CRIME (2012); testssl.sh `--crime`",
  },
  "ssl.vuln.heartbleed": {
    when: "fail: after a first flight that agrees to heartbeats, a HeartbeatRequest claiming 16 KiB of payload and carrying none is answered with more bytes than were sent (CVE-2014-0160); pass without heartbeats, or when the request is discarded; grade F",
    reference: "RFC 6520 4; CVE-2014-0160; testssl.sh `--heartbleed`",
  },
  "ssl.vuln.ccs-injection": {
    when: "fail: two ChangeCipherSpec records sent before any key exchange are not refused, and the second fails to decrypt (bad_record_mac or decryption_failed: CVE-2014-0224); pass when the first is refused (unexpected_message) or the server closes or stays silent; grade F",
    reference: "CVE-2014-0224; testssl.sh `--ccs-injection`",
  },
  "ssl.vuln.renegotiation": {
    when: "warn: the TLS 1.2-or-earlier ServerHello carries no renegotiation_info (no secure renegotiation, CVE-2009-3555), or a renegotiation the client starts on a finished handshake goes through (CVE-2011-1473); pass: secure renegotiation and client renegotiation refused, or TLS 1.3 alone",
    reference: "RFC 5746; CVE-2009-3555, CVE-2011-1473; testssl.sh `--renegotiation`",
  },
  "ssl.vuln.zero-rtt": {
    when: "info: the server's TLS 1.3 ticket allows early data (max_early_data_size over 0), which can be replayed; pass: it does not",
    reference: "RFC 8446 4.6.1 and 8; RFC 8470",
  },
  "ssl.session.resumption": {
    when: "info: no session is resumed, neither by id, by a TLS 1.2 ticket nor by a TLS 1.3 ticket; pass: one of them is (`details` in `vulnerabilities.resumption`)",
    reference: "RFC 5077, RFC 8446 2.2; testssl.sh `--server-defaults`",
  },
  "ssl.dane.tlsa": {
    when: "fail: TLSA records at `_443._tcp.<domain>` in a DNSSEC-secure answer match no certificate the site presents; skipped without records, when the answer is not secure (`data.dane.reason` names the first break in the chain) or without a certificate",
    reference: "RFC 6698, RFC 7671; internet.nl `WebDaneExists`, `WebDaneValid`",
  },
} satisfies Record<SslFindingId, FindingReference>;
