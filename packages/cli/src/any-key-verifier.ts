import type { KeyIdentity, KeyVerifier } from "@domain-intel/engine";

/**
 * Asks each verifier in turn; the first identity wins. When none knows the key and one of
 * them failed (Redis down), the failure is rethrown: "unknown" is not a safe answer then.
 */
export function anyKeyVerifier(options: { verifiers: readonly KeyVerifier[] }): KeyVerifier {
  const { verifiers } = options;
  if (verifiers.length === 1) return verifiers[0]!;
  return {
    async verify(key): Promise<KeyIdentity | null> {
      let failure: unknown;
      let failed = false;
      for (const verifier of verifiers) {
        try {
          const identity = await verifier.verify(key);
          if (identity) return identity;
        } catch (error) {
          failed = true;
          failure = error;
        }
      }
      if (failed) throw failure;
      return null;
    },
  };
}
