import { X509Certificate } from "node:crypto";
import tls from "node:tls";

const pemBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Splits extra root certificates (PEM strings or bundles) into single PEM blocks, or returns
 * undefined when a value holds no certificate or one that does not parse.
 */
export function parseCaCertificates(ca: string | readonly string[]): string[] | undefined {
  const values = typeof ca === "string" ? [ca] : ca;
  const blocks: string[] = [];
  for (const value of values) {
    if (typeof value !== "string") return undefined;
    const found = value.match(pemBlock);
    if (!found) return undefined;
    for (const block of found) {
      try {
        new X509Certificate(block);
      } catch {
        return undefined;
      }
      blocks.push(block);
    }
  }
  return blocks.length > 0 ? blocks : undefined;
}

/**
 * A secure context trusting Node's bundled roots plus `extra`, built once: passing a `ca` list
 * to every tls.connect would parse the ~150 bundled roots on each probe. `ca` replaces the
 * default store, hence the bundled roots are listed explicitly. Roots added through
 * NODE_EXTRA_CA_CERTS are not in `tls.rootCertificates` and so are not trusted here.
 */
export function createTrustStore(extra: readonly string[]): tls.SecureContext {
  return tls.createSecureContext({ ca: [...tls.rootCertificates, ...extra] });
}
