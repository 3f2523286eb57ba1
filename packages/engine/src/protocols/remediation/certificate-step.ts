/** How long a certificate we suggest lasts: what ACME CAs issue, well under the 398-day cap. */
const suggestedDays = 90;

/**
 * The one step that replaces a certificate, for `names` (the first is the host it serves):
 * the names, the key, the signature hash, the lifetime and the chain, written so a person (or
 * a test) can issue exactly that certificate. `mustStaple` keeps the extension the present
 * certificate has.
 */
export function newCertificateStep(names: readonly string[], mustStaple = false): string {
  const staple = mustStaple
    ? ", with the must-staple extension as now (and the server stapling OCSP)"
    : "";
  return `Issue a new certificate for ${names.join(", ")} (subjectAltName ${names.map((name) => `DNS:${name}`).join(", ")}) on a new ECDSA P-256 key (or RSA of at least 2048 bits), signed with SHA-256, valid ${suggestedDays} days (398 at most)${staple}, from a CA browsers trust (an ACME client such as certbot, or your CA's portal); install it with its intermediates, leaf first, and reload the server.`;
}
