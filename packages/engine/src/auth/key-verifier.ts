/** Who a verified key belongs to. Never contains the key itself. */
export interface KeyIdentity {
  /** A stable, non-secret identifier of the key (safe to log). */
  readonly id: string;
  /** The key's plan, used by rate limiting. */
  readonly plan?: string;
}

/**
 * Decides whether a presented API key is valid. Return `null` for an unknown, revoked or
 * expired key; throw only when the verifier itself cannot work.
 */
export interface KeyVerifier {
  verify(key: string): KeyIdentity | null | undefined | Promise<KeyIdentity | null | undefined>;
}
