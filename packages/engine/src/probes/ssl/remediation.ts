import {
  type Fix,
  type RemediationTable,
  type SectionFixes,
  topLevelFixes,
} from "../../contract/with-remediations.js";
import { remediation, stepsOnly } from "../../protocols/remediation/build.js";
import { rfc } from "../../protocols/remediation/references.js";
import { tlsConfigChange, tlsGuidelines } from "../../protocols/remediation/tls-profiles.js";
import { tlsaChange, tlsaReferences, tlsaSteps } from "../../protocols/remediation/tlsa-change.js";
import { fullChainStep as fullChain, siteCertificateStep } from "./certificate-steps.js";
import type { SslData } from "./declaration.js";

type SslFix = Fix<SslData>;

const mozilla = "https://wiki.mozilla.org/Security/Server_Side_TLS";

/**
 * The server's protocols and suites set to Mozilla's intermediate profile: it drops TLS 1.0
 * and 1.1 (RFC 8996), every suite without forward secrecy or AEAD, and adds TLS 1.3, while
 * every client of the last ten years still connects. `modern` (TLS 1.3 alone) leaves out
 * Android before 10 and Java before 11: the fix never chooses it for the user.
 */
const intermediate =
  (summary: string, references: string[], after: string[] = []): SslFix =>
  (_finding, data) =>
    remediation({
      summary,
      changes: [tlsConfigChange("intermediate")],
      steps: [
        "Put the lines of your server in its TLS settings (for nginx and Apache, the server or virtual host block that serves the site), reload it, and run the scan again.",
        ...(data.endpoints.length > 1
          ? [
              `The domain has ${data.endpoints.length} addresses: configure every server (or load balancer) behind them alike.`,
            ]
          : []),
        ...after,
      ],
      references: [...references, mozilla, tlsGuidelines],
    });

const steps = stepsOnly<SslData>;

/** Steps that replace the certificate: why, then the certificate to issue (names, key, chain). */
const reissue =
  (summary: string, why: readonly string[], references: string[], after: string[] = []): SslFix =>
  (_finding, data, { domain }) =>
    remediation({
      summary,
      steps: [...why, siteCertificateStep(domain, data), ...after],
      references,
    });

/** `ssl.dane.tlsa`: the records at the TLSA owner made the certificate the site presents. */
const daneTlsa: SslFix = (_finding, data) => {
  if (!data.certificate) return undefined;
  return remediation({
    summary: `Publish a TLSA record at ${data.dane.owner} matching the certificate the site presents (DANE-EE, SHA-256 of the certificate), in place of the records that match nothing.`,
    changes: [tlsaChange(data.dane.owner, data.certificate.fingerprint256, data.dane.tlsa)],
    steps: tlsaSteps("site"),
    references: tlsaReferences,
  });
};

/** The ssl section's fixes, by finding id. */
export const sslRemediations: RemediationTable<SslData> = {
  "ssl.unreachable": steps(
    "Make the site answer TLS on its port at every address.",
    [
      "Check that the web server listens with TLS on port 443 at each of the domain's addresses, that a firewall lets port 443 in, and that each address the DNS publishes belongs to this site.",
    ],
    [rfc(8446)],
  ),
  "ssl.cert.expired": reissue(
    "Replace the expired certificate.",
    ["Browsers refuse an expired certificate outright."],
    [rfc(5280, "4.1.2.5")],
  ),
  "ssl.cert.not-yet-valid": reissue(
    "Serve a certificate already valid, and check the server's clock.",
    [
      "A certificate whose notBefore is in the future means a clock set wrong where it was issued or a certificate installed too early: serve the previous one until then, or issue one now.",
    ],
    [rfc(5280, "4.1.2.5")],
  ),
  "ssl.cert.expiring-soon": reissue(
    "Renew the certificate before it expires.",
    [],
    [rfc(8555)],
    ["Automate renewal (an ACME client renews 30 days ahead) so the next one is not missed."],
  ),
  "ssl.cert.long-validity": reissue(
    "Issue certificates valid for 398 days at most.",
    ["Browsers refuse leaf certificates valid for more than 398 days."],
    ["https://cabforum.org/working-groups/server/baseline-requirements/requirements/"],
  ),
  "ssl.cert.self-signed": reissue(
    "Replace the self-signed certificate with one from a public CA.",
    ["No browser trusts a certificate signed by itself."],
    [rfc(5280, "6.1")],
  ),
  "ssl.cert.untrusted": reissue(
    "Serve a certificate that chains to a public root, with its intermediates.",
    [
      "When the chain is only incomplete, serving the intermediates fixes it:",
      fullChain,
      "Otherwise the certificate is from a CA browsers do not trust:",
    ],
    [rfc(5280, "6.1")],
  ),
  "ssl.cert.hostname-mismatch": reissue(
    "Serve a certificate whose names include the domain.",
    ["The certificate's subjectAltName must list the domain (and www. if it answers too)."],
    [rfc(6125, "6")],
  ),
  "ssl.cert.weak-key": reissue(
    "Replace the certificate with one on a stronger key.",
    [
      "Generate a new key (ECDSA P-256, or RSA of at least 2048 bits) and a certificate request for it.",
    ],
    ["https://cabforum.org/working-groups/server/baseline-requirements/requirements/"],
  ),
  "ssl.cert.weak-signature": reissue(
    "Replace the certificate with one signed with SHA-256 or better.",
    ["SHA-1 and MD5 signatures are refused by every current browser."],
    [rfc(6194)],
  ),
  "ssl.cert.transparency": reissue(
    "Serve a certificate logged in Certificate Transparency.",
    ["Every public CA embeds the logs' timestamps (SCTs) in its certificates."],
    [rfc(6962, "3.3")],
  ),
  "ssl.chain.incomplete": steps(
    "Serve the intermediates with the certificate.",
    [fullChain],
    [rfc(8446, "4.4.2")],
  ),
  "ssl.chain.order": steps(
    "Send the chain in order: the leaf, then each certificate's issuer.",
    [fullChain],
    [rfc(8446, "4.4.2")],
  ),
  "ssl.chain.unrelated": steps(
    "Drop the certificates that do not belong to the leaf's chain.",
    [fullChain],
    [rfc(8446, "4.4.2")],
  ),
  "ssl.chain.contains-anchor": steps(
    "Leave the root out of the chain the server sends.",
    [fullChain],
    [rfc(8446, "4.4.2")],
  ),
  "ssl.chain.expired": steps(
    "Replace the expired intermediate with the CA's current one.",
    [
      "Download the CA's current intermediate bundle and serve it in place of the old one.",
      fullChain,
    ],
    [rfc(5280, "6.1")],
  ),
  "ssl.tls.legacy-protocol": intermediate(
    "Enable TLS 1.2 and 1.3 (Mozilla's intermediate profile): the server's best protocol is deprecated.",
    [rfc(8996)],
  ),
  "ssl.ocsp.not-stapled": steps(
    "Staple OCSP responses to the handshake.",
    [
      "nginx: ssl_stapling on; ssl_stapling_verify on; with ssl_trusted_certificate and a resolver. Apache: SSLUseStapling On with SSLStaplingCache. HAProxy: ocsp-update on. Caddy and IIS staple by default. A CA that has stopped OCSP (Let's Encrypt since 2025) needs nothing.",
    ],
    [rfc(6066, "8"), rfc(6961)],
  ),
  "ssl.cert.revoked": reissue(
    "Replace the revoked certificate, and serve a valid OCSP response with it.",
    [
      "A revoked certificate is refused by every client that checks: issue a new one with a new key (the old key may be what was compromised).",
    ],
    [rfc(6960), rfc(5280, "6.3"), rfc(7633)],
    [
      "Make the server staple a fresh OCSP response for the new certificate (nginx: ssl_stapling on; ssl_stapling_verify on with ssl_trusted_certificate; Apache: SSLUseStapling On with SSLStaplingCache), or stop stapling the old one; a must-staple certificate needs a valid one on every handshake.",
    ],
  ),
  "ssl.endpoints.inconsistent": steps(
    "Configure every address of the domain alike.",
    [
      "Compare the addresses in the endpoints data: give each the same certificate and TLS settings (usually one load balancer or server left behind).",
    ],
    [mozilla],
  ),
  "ssl.protocols.legacy": intermediate(
    "Turn off TLS 1.0 and 1.1 (Mozilla's intermediate profile): RFC 8996 deprecates them.",
    [rfc(8996)],
  ),
  "ssl.protocols.tls13": intermediate(
    "Turn on TLS 1.3 alongside 1.2 (Mozilla's intermediate profile).",
    [rfc(8446)],
  ),
  "ssl.ciphers.weak": intermediate(
    "Accept only forward-secret AEAD suites (Mozilla's intermediate profile).",
    [rfc(7525, "4.2"), rfc(9325, "4.2")],
  ),
  "ssl.ciphers.forward-secrecy": intermediate(
    "Accept only suites with forward secrecy, ECDHE and TLS 1.3 (Mozilla's intermediate profile).",
    [rfc(9325, "4.1")],
  ),
  "ssl.vuln.fallback-scsv": intermediate(
    "Refuse a downgraded handshake (TLS_FALLBACK_SCSV, RFC 7507): keep only TLS 1.2 and 1.3 (Mozilla's intermediate profile), and run a TLS library that honours the signal.",
    [rfc(7507), rfc(8996)],
    [
      "Upgrade the server's TLS library to one that honours TLS_FALLBACK_SCSV (OpenSSL 1.0.1j, 1.0.0o or 0.9.8zc and later; every maintained library does), and restart every process that serves TLS.",
    ],
  ),
  "ssl.vuln.compression": steps(
    "Turn off TLS compression (CRIME).",
    [
      "Upgrade the server's TLS library or turn compression off in it: OpenSSL SSL_OP_NO_COMPRESSION (nginx and Apache 2.4.4+ set it by default; Apache SSLCompression off), or a build without zlib. TLS 1.3 has no compression at all.",
    ],
    [rfc(7457, "2.6"), rfc(8446, "4.1.2")],
  ),
  "ssl.vuln.heartbleed": steps(
    "Upgrade OpenSSL past 1.0.1f (Heartbleed), then replace the certificate's key.",
    [
      "Install the TLS library your distribution ships today (OpenSSL 1.0.1g or later fixed CVE-2014-0160), or rebuild it with -DOPENSSL_NO_HEARTBEATS, and restart every process that serves TLS.",
      "The server may have leaked its private key and session secrets: issue a new key and certificate, revoke the old certificate, and have users change passwords and sessions that crossed the server.",
    ],
    [rfc(6520), "https://nvd.nist.gov/vuln/detail/CVE-2014-0160"],
  ),
  "ssl.vuln.ccs-injection": steps(
    "Upgrade OpenSSL past 1.0.1g / 1.0.0l / 0.9.8za (the CCS injection).",
    [
      "Install the TLS library your distribution ships today (OpenSSL 1.0.1h, 1.0.0m or 0.9.8za fixed CVE-2014-0224) and restart every process that serves TLS.",
    ],
    ["https://nvd.nist.gov/vuln/detail/CVE-2014-0224"],
  ),
  "ssl.vuln.renegotiation": steps(
    "Offer secure renegotiation (RFC 5746) and refuse renegotiation a client starts.",
    [
      "Any maintained TLS library offers RFC 5746 (renegotiation_info): upgrade one that does not.",
      "Refuse client-initiated renegotiation: OpenSSL 1.1.0h+ SSL_OP_NO_RENEGOTIATION (nginx refuses it since 1.x; Apache 2.4 refuses it unless SSLVerifyClient is set per directory; Node.js servers call socket.disableRenegotiation() or set the option); it lets one client make the server repeat costly handshakes.",
    ],
    [rfc(5746), rfc(7457, "2.2")],
  ),
  "ssl.clients.locked-out": intermediate(
    "Serve Mozilla's intermediate configuration: every current client connects (TLS 1.2 and 1.3, forward-secret AEAD suites, X25519 and P-256).",
    [rfc(8996), rfc(9325)],
  ),
  "ssl.profile.mozilla": intermediate(
    "Serve Mozilla's intermediate configuration, the profile the scan judges against.",
    [rfc(9325)],
  ),
  "ssl.dane.tlsa": daneTlsa,
};

/** The table and where the ssl section keeps its findings. */
export const sslFixes: SectionFixes<SslData> = topLevelFixes(sslRemediations);
