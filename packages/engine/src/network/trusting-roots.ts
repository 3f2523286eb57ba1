import tls from "node:tls";

// A context listing Node's ~150 roots takes 60-100 ms of CPU to build: one per set of extra
// roots, built on first use and shared by every dispatcher and run that trusts the same set.
// Handing `ca` to each connection instead would rebuild it on every TLS connection.
const contexts = new Map<string, tls.SecureContext>();

/** A secure context trusting Node's bundled roots plus `roots`; undefined when there are none. */
export function secureContextTrusting(roots: readonly string[]): tls.SecureContext | undefined {
  if (roots.length === 0) return undefined;
  const key = roots.join("\n");
  let context = contexts.get(key);
  if (!context) {
    context = tls.createSecureContext({ ca: [...tls.rootCertificates, ...roots] });
    contexts.set(key, context);
  }
  return context;
}
