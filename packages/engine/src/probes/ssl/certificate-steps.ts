import { newCertificateStep } from "../../protocols/remediation/certificate-step.js";
import type { SslData } from "./declaration.js";

/** The domain and the names of the present certificate that belong to it (www., wildcards). */
function certificateNames(domain: string, data: SslData): string[] {
  const own = (name: string) => name === domain || name.endsWith(`.${domain}`);
  const present = (data.certificate?.subjectAltNames ?? []).filter(own);
  return [...new Set([domain, ...present])];
}

/** The step that replaces the site's certificate: its names, must-staple kept. */
export const siteCertificateStep = (domain: string, data: SslData): string =>
  newCertificateStep(certificateNames(domain, data), data.certificate?.mustStaple ?? false);

/** The step that serves the CA's current chain with the certificate. */
export const fullChainStep =
  "Configure the server with the full chain the CA delivered, leaf first then each intermediate (nginx ssl_certificate fullchain.pem; Apache SSLCertificateFile with the chain appended; HAProxy one PEM with the key, leaf, intermediates), never the root.";
