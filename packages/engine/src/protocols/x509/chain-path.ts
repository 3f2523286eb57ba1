import { printName } from "./distinguished-name.js";
import type { ParsedCertificate } from "./parse-certificate.js";
import type { TrustAnchors } from "./trust-store.js";
import { isSelfSigned, issuedBy } from "./verify-signature.js";

/** How the certificates a server sent link up, by index into the list as sent (leaf at 0). */
export interface ChainPath {
  /** From the leaf, each next certificate the issuer of the previous one. */
  path: number[];
  /** Sent but not on the path: unrelated certificates and duplicates. */
  unused: number[];
  /** The path is the start of the list as sent, in issuing order. */
  ordered: boolean;
  /**
   * How the path ends: at a self-signed certificate the server sent, at a certificate issued
   * by a trusted root (which need not be sent), or at one whose issuer is neither.
   */
  end: "self-signed" | "trusted-issuer" | "missing-issuer";
  /** Subject of the trusted root for "trusted-issuer"; the issuer name sought for "missing-issuer". */
  endIssuer: string | null;
}

/**
 * Follows the chain the server sent from its leaf, each step to a sent certificate that names
 * and signed the previous one (the first such, so a duplicate is left unused), then asks the
 * trust store about the last one. This judges what the server sent; OpenSSL's verification and
 * getPeerCertificate(true) fill gaps from the trust store and so cannot tell a missing
 * intermediate from a present one.
 */
export function followChain(options: {
  sent: readonly ParsedCertificate[];
  anchors: TrustAnchors;
}): ChainPath {
  const { sent, anchors } = options;
  if (sent.length === 0) throw new TypeError("followChain: options.sent is empty");
  const path = [0];
  let end: ChainPath["end"] | undefined;
  let endIssuer: string | null = null;
  while (!end) {
    const current = sent[path.at(-1)!]!;
    if (isSelfSigned(current)) {
      end = "self-signed";
      break;
    }
    const next = sent.findIndex(
      (candidate, index) => !path.includes(index) && issuedBy(current, candidate),
    );
    if (next >= 0) {
      path.push(next);
      continue;
    }
    const anchor = anchors.issuerOf(current);
    end = anchor ? "trusted-issuer" : "missing-issuer";
    endIssuer = printName(anchor ? anchor.subject : current.issuer);
  }
  return {
    path,
    unused: sent.map((_, index) => index).filter((index) => !path.includes(index)),
    ordered: path.every((index, position) => index === position),
    end,
    endIssuer,
  };
}
