import type { Finding } from "../../../contract/finding.js";
import { type CertificateFindingsInput, finding } from "./finding.js";

// OpenSSL verification codes worth a sentence; others are shown as the code itself.
const trustText: Record<string, string> = {
  CERT_HAS_EXPIRED: "a certificate in the chain has expired",
  CERT_NOT_YET_VALID: "a certificate in the chain is not valid yet",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "the chain ends in a self-signed root that is not trusted",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "the chain's root is not trusted",
  UNABLE_TO_GET_ISSUER_CERT: "an issuer certificate is missing or not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    "the issuer of the certificate is unknown: the chain is incomplete or its root is not trusted",
  CERT_SIGNATURE_FAILURE: "a signature in the chain does not verify",
  CERT_REVOKED: "a certificate in the chain is revoked",
  INVALID_CA: "an issuer in the chain is not a valid certificate authority",
  PATH_LENGTH_EXCEEDED: "the chain is longer than an issuer allows",
  INVALID_PURPOSE: "a certificate in the chain is not valid for TLS servers",
};

export function selfSignedFinding({ certificate, data }: CertificateFindingsInput): Finding {
  if (!certificate.selfSigned) {
    return finding(
      "ssl.cert.self-signed",
      "pass",
      "The certificate is issued by a certificate authority.",
    );
  }
  if (data.trusted) {
    return finding(
      "ssl.cert.self-signed",
      "info",
      "The certificate is self-signed, and trusted only because it is one of the configured roots.",
    );
  }
  return finding(
    "ssl.cert.self-signed",
    "fail",
    "The certificate is self-signed: no client trusts it by default.",
  );
}

export function untrustedFinding({ data }: CertificateFindingsInput): Finding {
  if (data.trusted) {
    return finding("ssl.cert.untrusted", "pass", "The chain verifies to a trusted root.");
  }
  const code = data.trustError ?? "UNKNOWN";
  return finding(
    "ssl.cert.untrusted",
    "fail",
    `The chain is not trusted: ${trustText[code] ?? code} (${code}).`,
    { trustError: data.trustError },
  );
}

export function hostnameFinding(input: CertificateFindingsInput): Finding {
  const { domain, certificate, data } = input;
  const names = {
    hostname: domain,
    subjectAltNames: certificate.subjectAltNames,
    commonName: certificate.subject.commonName,
  };
  if (data.hostnameMatch) {
    return finding(
      "ssl.cert.hostname-mismatch",
      "pass",
      `The certificate is valid for ${domain}.`,
      names,
    );
  }
  const listed = certificate.subjectAltNames.length
    ? `it names ${certificate.subjectAltNames.join(", ")}`
    : "it has no subjectAltName DNS names";
  const cn = input.commonNameOnly ? "; only its subject CN matches, which browsers ignore" : "";
  return finding(
    "ssl.cert.hostname-mismatch",
    "fail",
    `The certificate is not valid for ${domain}: ${listed}${cn}.`,
    names,
  );
}
