import type { Finding } from "../../../contract/finding.js";
import { type CertificateFindingsInput, finding } from "./finding.js";

const sourceNames = {
  "ocsp-stapled": "the stapled OCSP response",
  ocsp: "the OCSP responder",
  crl: "the CRL",
} as const;

/**
 * `ssl.cert.revoked`: what the verified OCSP responses or CRLs say about the leaf and its
 * intermediates.
 */
export function revokedFinding({ data, certificate }: CertificateFindingsInput): Finding {
  const revocation = data.reachable ? data.revocation : null;
  if (!revocation) {
    return finding(
      "ssl.cert.revoked",
      "skipped",
      "Not checked: the revocation check is turned off (ssl.revocation: false).",
    );
  }
  const elsewhere = data.endpoints.find(
    (endpoint) => endpoint.address !== data.address && endpoint.revocation?.status === "revoked",
  );
  if (revocation.status !== "revoked" && elsewhere?.revocation) {
    return finding(
      "ssl.cert.revoked",
      "fail",
      `${elsewhere.address} serves a certificate revoked on ${elsewhere.revocation.revokedAt}: clients that reach that address and check refuse it.`,
      { status: "revoked", address: elsewhere.address, checks: elsewhere.revocation.checks },
    );
  }
  const { status, source, checks } = revocation;
  const details = {
    status,
    source,
    revokedAt: revocation.revokedAt,
    reason: revocation.reason,
    checks,
  };
  const from = source ? sourceNames[source] : "";
  const intermediate = revocation.intermediates.find((entry) => entry.status === "revoked");
  if (status !== "revoked" && intermediate?.source) {
    const why = intermediate.reason ? ` (${intermediate.reason})` : "";
    return finding(
      "ssl.cert.revoked",
      "fail",
      `The intermediate certificate ${intermediate.subject} was revoked on ${intermediate.revokedAt}${why}, says ${sourceNames[intermediate.source]}: clients that check refuse the chain.`,
      { ...details, intermediate },
    );
  }
  if (status === "revoked") {
    const why = revocation.reason ? ` (${revocation.reason})` : "";
    return finding(
      "ssl.cert.revoked",
      "fail",
      `The certificate was revoked on ${revocation.revokedAt}${why}, says ${from}: clients that check refuse it.`,
      details,
    );
  }
  const badStaple = checks.find(
    (check) => check.source === "ocsp-stapled" && check.outcome !== "good",
  );
  if (badStaple && certificate.mustStaple) {
    return finding(
      "ssl.cert.revoked",
      "fail",
      `The certificate demands a valid stapled OCSP response (must-staple, RFC 7633), and the one stapled is ${badStaple.outcome}${badStaple.problem ? `: ${badStaple.problem}` : ""}.`,
      details,
    );
  }
  if (status === "good") {
    const staple = badStaple
      ? ` The stapled response is ${badStaple.outcome}${badStaple.problem ? ` (${badStaple.problem})` : ""}.`
      : "";
    return finding(
      "ssl.cert.revoked",
      badStaple ? "warn" : "pass",
      `The certificate is not revoked, says ${from}.${staple}`,
      details,
    );
  }
  if (status === "unknown") {
    return finding(
      "ssl.cert.revoked",
      "warn",
      `${capitalized(from)} does not know the certificate (status unknown), so clients cannot tell whether it is revoked.`,
      details,
    );
  }
  const tried = checks
    .map((check) => `${check.url ?? sourceNames[check.source]}: ${check.problem ?? check.outcome}`)
    .join("; ");
  return finding(
    "ssl.cert.revoked",
    badStaple ? "warn" : "info",
    `Whether the certificate is revoked could not be established: ${revocation.problem}${tried ? ` (${tried})` : ""}.`,
    details,
  );
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
