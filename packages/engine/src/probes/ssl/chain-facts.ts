import type { SslChainCertificate } from "../../protocols/x509/certificate-types.js";
import type { ChainPath } from "../../protocols/x509/chain-path.js";
import { weakHashes } from "../../protocols/x509/der/signature-algorithms.js";

/** The certificates the chain relies on, leaf first: the sent path, or the leaf alone. */
export function certificatesOnPath(options: {
  chain: readonly SslChainCertificate[];
  chainPath: ChainPath | null | undefined;
  leaf: SslChainCertificate;
}): SslChainCertificate[] {
  const { chain, chainPath, leaf } = options;
  if (!chainPath) return [leaf];
  return chainPath.path.map((index) => chain[index]).filter((entry) => entry !== undefined);
}

/**
 * The certificates on the path signed over a broken hash (MD2, MD4, MD5, SHA-1), which every
 * browser refuses; a self-signed root's own signature is never checked by clients.
 */
export function weakSignatures(onPath: readonly SslChainCertificate[]): SslChainCertificate[] {
  return onPath.filter(
    (entry) =>
      !entry.selfSigned && entry.signatureHash !== null && weakHashes.has(entry.signatureHash),
  );
}
