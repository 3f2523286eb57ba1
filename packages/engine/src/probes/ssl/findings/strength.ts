import type { Finding } from "../../../contract/finding.js";
import type { SslChainCertificate } from "../../../protocols/x509/certificate-types.js";
import { weakSignatures } from "../chain-facts.js";
import { type CertificateFindingsInput, certificatesOnPath, finding } from "./finding.js";

/** Below these sizes a key is breakable or soon will be (NIST SP 800-57: 112-bit security). */
const minimumBits: Record<string, number> = { rsa: 2048, "rsa-pss": 2048, dsa: 2048, ec: 224 };

function isWeakKey(entry: SslChainCertificate): boolean {
  const minimum = entry.keyType ? minimumBits[entry.keyType] : undefined;
  return minimum !== undefined && entry.keySize !== null && entry.keySize < minimum;
}

/** How a message names a chain entry: the leaf is "the certificate". */
function nameOf(entry: SslChainCertificate, leaf: SslChainCertificate): string {
  return entry.fingerprint256 === leaf.fingerprint256 ? "the certificate" : entry.subject.dn;
}

function keyText(entry: SslChainCertificate): string {
  const type = (entry.keyType ?? "unknown").toUpperCase();
  if (entry.keyCurve) return `${type} ${entry.keyCurve}`;
  return entry.keySize ? `${type} ${entry.keySize} bits` : type;
}

export function weakKeyFinding(input: CertificateFindingsInput): Finding {
  const checked = certificatesOnPath(input);
  const weak = checked.filter(isWeakKey);
  const listed = weak.map((entry) => ({
    subject: entry.subject.dn,
    keyType: entry.keyType,
    keySize: entry.keySize,
  }));
  if (weak.length > 0) {
    const which = weak
      .map((entry) => `${nameOf(entry, input.certificate)}: ${keyText(entry)}`)
      .join("; ");
    return finding(
      "ssl.cert.weak-key",
      "fail",
      `A key the chain relies on is too small (${which}); RSA needs at least 2048 bits, EC at least 224.`,
      { weak: listed },
    );
  }
  return finding(
    "ssl.cert.weak-key",
    "pass",
    `Every key the chain relies on is strong enough; the certificate's is ${keyText(input.certificate)}.`,
  );
}

export function weakSignatureFinding(input: CertificateFindingsInput): Finding {
  const weak = weakSignatures(certificatesOnPath(input));
  if (weak.length > 0) {
    const which = weak
      .map((entry) => `${nameOf(entry, input.certificate)}: ${entry.signatureAlgorithm}`)
      .join("; ");
    return finding(
      "ssl.cert.weak-signature",
      "fail",
      `A signature the chain relies on uses a broken hash (${which}); every browser refuses SHA-1 and MD5 signatures, so the chain is untrusted for them (grade T).`,
      {
        weak: weak.map((entry) => ({
          subject: entry.subject.dn,
          signatureAlgorithm: entry.signatureAlgorithm,
          signatureHash: entry.signatureHash,
        })),
      },
    );
  }
  const algorithm = input.certificate.signatureAlgorithm ?? "an algorithm that could not be read";
  return finding(
    "ssl.cert.weak-signature",
    "pass",
    `No signature the chain relies on uses a broken hash; the certificate is signed with ${algorithm}.`,
    { signatureAlgorithm: input.certificate.signatureAlgorithm },
  );
}

/** Chrome's and Apple's CT policies ask for SCTs from at least two distinct logs. */
const minimumLogs = 2;

export function transparencyFinding({ certificate }: CertificateFindingsInput): Finding {
  const logs = new Set(certificate.scts.map((sct) => sct.logId)).size;
  const details = { scts: certificate.scts.length, logs };
  if (certificate.selfSigned) {
    return finding(
      "ssl.cert.transparency",
      "skipped",
      "Not checked: a self-signed certificate is not logged.",
      details,
    );
  }
  if (logs >= minimumLogs) {
    return finding(
      "ssl.cert.transparency",
      "pass",
      `The certificate embeds SCTs from ${logs} Certificate Transparency logs.`,
      details,
    );
  }
  return finding(
    "ssl.cert.transparency",
    "info",
    `The certificate embeds SCTs from ${logs} Certificate Transparency logs; browsers want ${minimumLogs} or more for a publicly trusted certificate, unless the server sends them in the handshake or a stapled OCSP response (not read by this probe).`,
    details,
  );
}
