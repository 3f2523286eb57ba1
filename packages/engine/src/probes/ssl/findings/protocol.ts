import type { Finding } from "../../../contract/finding.js";
import type { SslFacts } from "../declaration.js";
import { type CertificateFindingsInput, finding } from "./finding.js";

/** Deprecated by RFC 8996 (TLS 1.0, 1.1) and RFC 7568 (SSL 3). */
const legacyProtocols = new Set(["SSLv2", "SSLv3", "TLSv1", "TLSv1.1"]);

export function legacyProtocolFinding(data: SslFacts): Finding {
  const protocol = data.protocol;
  if (!data.reachable || !protocol) {
    return finding("ssl.tls.legacy-protocol", "skipped", "Not checked: no TLS handshake was made.");
  }
  const details = { protocol };
  if (legacyProtocols.has(protocol)) {
    return finding(
      "ssl.tls.legacy-protocol",
      "fail",
      `The server's best protocol is ${protocol}, deprecated since 2021 (RFC 8996); current browsers refuse it.`,
      details,
    );
  }
  // One handshake offers TLS 1.0 to 1.3 and sees the highest the server takes; whether it would
  // also accept older ones takes more handshakes, which this probe does not make.
  return finding(
    "ssl.tls.legacy-protocol",
    "pass",
    `The server negotiated ${protocol}, its best protocol.`,
    details,
  );
}

export function ocspStaplingFinding({ data, certificate }: CertificateFindingsInput): Finding {
  const details = { mustStaple: certificate.mustStaple, ocspUrls: certificate.ocspUrls };
  if (data.ocspStapled) {
    return finding(
      "ssl.ocsp.not-stapled",
      "pass",
      "The server staples an OCSP response to the handshake.",
      details,
    );
  }
  if (certificate.mustStaple) {
    return finding(
      "ssl.ocsp.not-stapled",
      "fail",
      "The certificate demands OCSP stapling (must-staple), but the server staples no OCSP response: Firefox refuses the connection.",
      details,
    );
  }
  if (certificate.ocspUrls.length > 0) {
    return finding(
      "ssl.ocsp.not-stapled",
      "info",
      `The server staples no OCSP response, so each client must ask ${certificate.ocspUrls[0]} itself or skip the revocation check.`,
      details,
    );
  }
  return finding(
    "ssl.ocsp.not-stapled",
    "pass",
    "The certificate names no OCSP responder, so there is nothing to staple.",
    details,
  );
}
