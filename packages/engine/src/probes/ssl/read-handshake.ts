import {
  describeCertificate,
  describeChainCertificate,
  matchHostname,
} from "../../protocols/x509/certificate.js";
import type {
  SslCertificate,
  SslChainCertificate,
} from "../../protocols/x509/certificate-types.js";
import { type ChainPath, followChain } from "../../protocols/x509/chain-path.js";
import {
  CertificateFormatError,
  type ParsedCertificate,
  parseCertificate,
} from "../../protocols/x509/parse-certificate.js";
import type { TrustAnchors } from "../../protocols/x509/trust-store.js";
import { verifyChain } from "../../protocols/x509/verify-chain.js";
import type { HandshakeOutcome } from "./handshake.js";

export interface HandshakeReading {
  certificate: SslCertificate | null;
  chain: SslChainCertificate[];
  chainPath: ChainPath | null;
  hostname: { match: boolean; commonNameOnly: boolean } | null;
  /** The certificates sent that parse, in the order sent. */
  parsed: ParsedCertificate[];
  /** OpenSSL's verdict, or the probe's own when only a hello was answered; null: no certificate read. */
  trusted: boolean | null;
  trustError: string | null;
  /** What is wrong with a sent certificate that does not parse, or null. */
  certificateProblem: string | null;
}

/**
 * Describes what a handshake showed: the leaf, every certificate as sent, how they link up,
 * whether the leaf names the domain, and whether the chain is trusted. Certificates are read by
 * the probe's own DER reader, never by OpenSSL's printers, so a certificate from a stranger
 * that OpenSSL refuses (no subject, 10,000 names) is described, and one that does not parse at
 * all is reported as such: neither throws.
 */
export function readHandshake(options: {
  outcome: Extract<HandshakeOutcome, { ok: true }>;
  domain: string;
  anchors: TrustAnchors;
  now: number;
}): HandshakeReading {
  const { outcome, domain, anchors, now } = options;
  const parsed: ParsedCertificate[] = [];
  let certificateProblem: string | null = null;
  outcome.sent.forEach((der, index) => {
    try {
      parsed.push(parseCertificate(der));
    } catch (error) {
      if (!(error instanceof CertificateFormatError)) throw error;
      const which = index === 0 ? "the server's certificate" : `certificate ${index + 1} sent`;
      certificateProblem ??= `${which}: ${error.message}`;
    }
  });
  const leaf = parsed[0]?.der.equals(outcome.sent[0] ?? Buffer.alloc(0)) ? parsed[0] : undefined;
  if (!leaf) {
    const none = { certificate: null, chain: [], chainPath: null, hostname: null, parsed };
    if (outcome.authorized !== null) {
      const { authorized, authorizationError } = outcome;
      return {
        ...none,
        trusted: authorized,
        trustError: authorized ? null : authorizationError,
        certificateProblem,
      };
    }
    // Only a hello was answered: at TLS 1.3 the certificate travels encrypted, unread;
    // below it, none at all means an anonymous suite.
    if (outcome.sent.length === 0 && outcome.protocol === "TLSv1.3") {
      return { ...none, trusted: null, trustError: null, certificateProblem };
    }
    const trustError = outcome.sent.length === 0 ? "NO_CERTIFICATE" : "CERTIFICATE_UNREADABLE";
    return { ...none, trusted: false, trustError, certificateProblem };
  }
  const chainPath = followChain({ sent: parsed, anchors });
  const verdict =
    outcome.authorized === null
      ? verifyChain({ sent: parsed, chainPath, anchors, now })
      : {
          trusted: outcome.authorized,
          trustError: outcome.authorized ? null : outcome.authorizationError,
        };
  return {
    certificate: describeCertificate({ certificate: leaf, now }),
    chain: parsed.map((certificate) => describeChainCertificate({ certificate })),
    chainPath,
    hostname: matchHostname({ certificate: leaf, hostname: domain }),
    parsed,
    trusted: verdict.trusted,
    trustError: verdict.trustError,
    certificateProblem,
  };
}
