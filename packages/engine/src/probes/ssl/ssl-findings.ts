import type { Finding, FindingSeverity, FindingStatus } from "../findings.js";
import type { SslData, SslUnreachableReason } from "./ssl-data.js";

const dayMs = 86_400_000;
/** Below these, `ssl.cert.expiring-soon` warns, then fails. */
export const expiryWarnMs = 30 * dayMs;
export const expiryFailMs = 7 * dayMs;

/** The ids this probe always reports, in this order, so a client sees what was checked. */
export const sslFindingIds = [
  "ssl.unreachable",
  "ssl.cert.expired",
  "ssl.cert.not-yet-valid",
  "ssl.cert.expiring-soon",
  "ssl.cert.self-signed",
  "ssl.cert.untrusted",
  "ssl.cert.hostname-mismatch",
] as const;

// Severity follows the outcome: what failed is an error, what warns a warning, the rest info.
const severityOf: Record<FindingStatus, FindingSeverity> = {
  pass: "info",
  info: "info",
  skipped: "info",
  warn: "warning",
  fail: "error",
};

function finding(
  id: (typeof sslFindingIds)[number],
  status: FindingStatus,
  message: string,
  details?: Record<string, unknown>,
): Finding {
  return { id, status, severity: severityOf[status], message, ...(details ? { details } : {}) };
}

const unreachableText: Record<SslUnreachableReason, string> = {
  no_address: "has no A or AAAA record, so there is no TLS service to check",
  blocked_address:
    "resolves only to private, loopback or other non-public addresses, which this service does not connect to",
  refused: "refused the connection: nothing is listening",
  unreachable: "could not be reached: no route to the address",
  timeout: "did not complete a TLS handshake in time",
  reset: "closed the connection before the TLS handshake completed",
  no_tls: "answered, but not with TLS",
  handshake_failed: "speaks TLS, but the handshake failed",
  error: "could not be probed",
};

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

export interface SslFindingsInput {
  domain: string;
  data: Omit<SslData, "findings">;
  now: number;
  /** The name would match only through the subject CN. */
  commonNameOnly?: boolean;
  /** Addresses the policy refused, for `blocked_address`. */
  refusedAddresses?: readonly string[];
}

export function sslFindings(input: SslFindingsInput): Finding[] {
  const { domain, data, now } = input;
  const target = data.address ? `${data.address}:${data.port}` : `port ${data.port}`;
  const findings: Finding[] = [];

  if (data.reachable) {
    findings.push(
      finding("ssl.unreachable", "pass", `A TLS handshake with ${target} succeeded.`, {
        address: data.address,
        port: data.port,
      }),
    );
  } else {
    const reason = data.reason ?? "error";
    const status: FindingStatus =
      reason === "no_address" ? "info" : reason === "blocked_address" ? "skipped" : "fail";
    const who = data.address ? `${domain} (${target})` : domain;
    findings.push(
      finding("ssl.unreachable", status, `${who} ${unreachableText[reason]}.`, {
        reason,
        errorCode: data.errorCode,
        address: data.address,
        port: data.port,
        ...(input.refusedAddresses ? { refusedAddresses: [...input.refusedAddresses] } : {}),
      }),
    );
  }

  const certificate = data.certificate;
  if (!certificate) {
    const why = data.reachable ? "the server sent no certificate" : "no TLS handshake was made";
    for (const id of sslFindingIds.slice(1)) {
      findings.push(finding(id, "skipped", `Not checked: ${why}.`));
    }
    return findings;
  }

  const notBefore = Date.parse(certificate.notBefore);
  const notAfter = Date.parse(certificate.notAfter);
  const remainingMs = notAfter - now;
  const validity = { notBefore: certificate.notBefore, notAfter: certificate.notAfter };
  const days = (ms: number) => Math.floor(Math.abs(ms) / dayMs);

  findings.push(
    remainingMs <= 0
      ? finding(
          "ssl.cert.expired",
          "fail",
          `The certificate expired on ${certificate.notAfter}, ${days(remainingMs)} days ago.`,
          validity,
        )
      : finding(
          "ssl.cert.expired",
          "pass",
          `The certificate is valid until ${certificate.notAfter}.`,
          validity,
        ),
  );

  findings.push(
    now < notBefore
      ? finding(
          "ssl.cert.not-yet-valid",
          "fail",
          `The certificate is not valid before ${certificate.notBefore}, in ${days(notBefore - now)} days.`,
          validity,
        )
      : finding(
          "ssl.cert.not-yet-valid",
          "pass",
          `The certificate has been valid since ${certificate.notBefore}.`,
          validity,
        ),
  );

  const expiry = { daysRemaining: certificate.daysRemaining, notAfter: certificate.notAfter };
  if (remainingMs <= 0) {
    findings.push(
      finding(
        "ssl.cert.expiring-soon",
        "skipped",
        "Not checked: the certificate has already expired.",
        expiry,
      ),
    );
  } else {
    const status: FindingStatus =
      remainingMs < expiryFailMs ? "fail" : remainingMs < expiryWarnMs ? "warn" : "pass";
    const left = `${certificate.daysRemaining} days`;
    const message =
      status === "pass"
        ? `The certificate expires in ${left}.`
        : `The certificate expires in ${left}, on ${certificate.notAfter}; renew it.`;
    findings.push(finding("ssl.cert.expiring-soon", status, message, expiry));
  }

  if (!certificate.selfSigned) {
    findings.push(
      finding(
        "ssl.cert.self-signed",
        "pass",
        "The certificate is issued by a certificate authority.",
      ),
    );
  } else if (data.trusted) {
    findings.push(
      finding(
        "ssl.cert.self-signed",
        "info",
        "The certificate is self-signed, and trusted only because it is one of the configured roots.",
      ),
    );
  } else {
    findings.push(
      finding(
        "ssl.cert.self-signed",
        "fail",
        "The certificate is self-signed: no client trusts it by default.",
      ),
    );
  }

  if (data.trusted) {
    findings.push(finding("ssl.cert.untrusted", "pass", "The chain verifies to a trusted root."));
  } else {
    const code = data.trustError ?? "UNKNOWN";
    findings.push(
      finding(
        "ssl.cert.untrusted",
        "fail",
        `The chain is not trusted: ${trustText[code] ?? code} (${code}).`,
        { trustError: data.trustError },
      ),
    );
  }

  const names = {
    hostname: domain,
    subjectAltNames: certificate.subjectAltNames,
    commonName: certificate.subject.commonName,
  };
  if (data.hostnameMatch) {
    findings.push(
      finding(
        "ssl.cert.hostname-mismatch",
        "pass",
        `The certificate is valid for ${domain}.`,
        names,
      ),
    );
  } else {
    const listed = certificate.subjectAltNames.length
      ? `it names ${certificate.subjectAltNames.join(", ")}`
      : "it has no subjectAltName DNS names";
    const cn = input.commonNameOnly ? "; only its subject CN matches, which browsers ignore" : "";
    findings.push(
      finding(
        "ssl.cert.hostname-mismatch",
        "fail",
        `The certificate is not valid for ${domain}: ${listed}${cn}.`,
        names,
      ),
    );
  }

  return findings;
}
