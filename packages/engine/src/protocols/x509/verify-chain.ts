import type { ChainPath } from "./chain-path.js";
import { certificateFields } from "./der/certificate-fields.js";
import type { ParsedCertificate } from "./parse-certificate.js";
import type { TrustAnchors } from "./trust-store.js";

/**
 * The probe's own verdict on a chain, for servers whose handshake OpenSSL could not complete
 * (so no OpenSSL verdict exists): the path the server sent (followChain) must end at a trusted
 * root, every certificate on it must be within its validity, and every issuer must be a CA.
 * `trustError` uses OpenSSL's codes for the same faults. Revocation is judged apart.
 */
export function verifyChain(options: {
  sent: readonly ParsedCertificate[];
  chainPath: ChainPath;
  anchors: TrustAnchors;
  now: number;
}): { trusted: boolean; trustError: string | null } {
  const { sent, chainPath, anchors, now } = options;
  const onPath = chainPath.path.map((index) => sent[index]!);
  const top = onPath.at(-1)!;
  const refused = (trustError: string) => ({ trusted: false, trustError });
  if (chainPath.end === "missing-issuer") {
    return refused(
      onPath.length === 1 ? "UNABLE_TO_VERIFY_LEAF_SIGNATURE" : "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
    );
  }
  if (chainPath.end === "self-signed" && !anchors.trusts(top)) {
    return refused(
      onPath.length === 1 ? "DEPTH_ZERO_SELF_SIGNED_CERT" : "SELF_SIGNED_CERT_IN_CHAIN",
    );
  }
  const root = chainPath.end === "trusted-issuer" ? anchors.issuerOf(top) : undefined;
  for (const certificate of [...onPath, ...(root ? [root] : [])]) {
    if (now < certificate.notBefore.getTime()) return refused("CERT_NOT_YET_VALID");
    if (now > certificate.notAfter.getTime()) return refused("CERT_HAS_EXPIRED");
  }
  const issuers = onPath.slice(1);
  if (issuers.some((issuer) => !certificateFields(issuer).ca)) return refused("INVALID_CA");
  return { trusted: true, trustError: null };
}
