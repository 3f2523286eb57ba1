import type { Finding, FindingStatus } from "../../../contract/finding.js";
import { type CertificateFindingsInput, dayMs, days, finding } from "./finding.js";

/** Below these, `ssl.cert.expiring-soon` warns, then fails. */
export const expiryWarnMs = 30 * dayMs;
export const expiryFailMs = 7 * dayMs;
/** CA/Browser Forum Baseline Requirements 6.3.2, for certificates issued since 2020-09-01. */
export const maxValidityDays = 398;

export function expiredFinding({ certificate, now }: CertificateFindingsInput): Finding {
  const validity = { notBefore: certificate.notBefore, notAfter: certificate.notAfter };
  const remainingMs = Date.parse(certificate.notAfter) - now;
  return remainingMs <= 0
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
      );
}

export function notYetValidFinding({ certificate, now }: CertificateFindingsInput): Finding {
  const validity = { notBefore: certificate.notBefore, notAfter: certificate.notAfter };
  const notBefore = Date.parse(certificate.notBefore);
  return now < notBefore
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
      );
}

export function expiringSoonFinding({ certificate, now }: CertificateFindingsInput): Finding {
  const expiry = { daysRemaining: certificate.daysRemaining, notAfter: certificate.notAfter };
  const remainingMs = Date.parse(certificate.notAfter) - now;
  if (remainingMs <= 0) {
    return finding(
      "ssl.cert.expiring-soon",
      "skipped",
      "Not checked: the certificate has already expired.",
      expiry,
    );
  }
  const status: FindingStatus =
    remainingMs < expiryFailMs ? "fail" : remainingMs < expiryWarnMs ? "warn" : "pass";
  const left = `${certificate.daysRemaining} days`;
  const message =
    status === "pass"
      ? `The certificate expires in ${left}.`
      : `The certificate expires in ${left}, on ${certificate.notAfter}; renew it.`;
  return finding("ssl.cert.expiring-soon", status, message, expiry);
}

export function longValidityFinding({ certificate }: CertificateFindingsInput): Finding {
  const details = {
    validityDays: certificate.validityDays,
    maxValidityDays,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
  };
  // Compared in milliseconds: validityDays is rounded up.
  const spanMs = Date.parse(certificate.notAfter) - Date.parse(certificate.notBefore) + 1000;
  if (spanMs > maxValidityDays * dayMs) {
    return finding(
      "ssl.cert.long-validity",
      "warn",
      `The certificate is valid for ${certificate.validityDays} days, more than the ${maxValidityDays} days publicly trusted certificates may have; browsers refuse such a certificate from a public CA.`,
      details,
    );
  }
  return finding(
    "ssl.cert.long-validity",
    "pass",
    `The certificate is valid for ${certificate.validityDays} days, within the ${maxValidityDays}-day limit.`,
    details,
  );
}
