import { unusedPort } from "../http/web-peers.js";
import { type SmtpServerMode, startSmtpServer } from "../smtp/smtp-server.js";
import type { TestCertificateOptions, TestPki } from "../tls/certificates.js";
import type { ProofStep } from "./fix-proof.js";
import { certificateOfStep } from "./ssl-steps.js";

/** The MX of a broken mail world: what answers on its SMTP port, with which certificate. */
export interface MxWorld {
  /** false: nothing listens (connections refused). Default true. */
  readonly listening?: boolean;
  /** Default `starttls`. */
  readonly mode?: SmtpServerMode;
  /** Leaf options over the default: a certificate for the MX host from the test CA. */
  readonly certificate?: Partial<Omit<TestCertificateOptions, "issuer" | "ca" | "commonName">>;
}

/**
 * A step of the mail section's remediations in words, applied to the MX as its operator
 * would: what the step must say, and the MX after it.
 */
export type MailStep = ProofStep<MxWorld>;

/** The mail server started and its port open. */
export const startMailServer: MailStep = {
  says: /the mail server runs and that port 25 is open/,
  apply: (mx) => ({ ...mx, listening: true }),
};

/** STARTTLS offered with the certificate the server has (Postfix's `may` level). */
export const offerStarttls: MailStep = {
  says: /smtpd_tls_security_level = may/,
  apply: (mx) => ({ ...mx, mode: "starttls" }),
};

/** The certificate the step describes (names, key, hash, lifetime), from the test CA. */
export const issueMxCertificate: MailStep = {
  says: /^Issue a new certificate for /,
  apply: (mx, step) => ({ ...mx, certificate: certificateOfStep(step).leaf ?? {} }),
};

/** Serves the MX `mail.<domain>` on loopback as `mx` says. */
export async function serveMx(mx: MxWorld, domain: string, pki: TestPki) {
  const host = `mail.${domain}`;
  if (mx.listening === false) return { port: await unusedPort(), close: async () => undefined };
  const leaf = await pki.issueLeaf({
    commonName: host,
    subjectAltNames: [host],
    ...mx.certificate,
  });
  return startSmtpServer({
    mode: mx.mode ?? "starttls",
    certificate: { keyPem: leaf.keyPem, certPem: leaf.chainPem },
    name: host,
  });
}
