export type KeyStoreErrorCode =
  /** No key has this id. */
  | "unknown_key"
  /** The key is revoked and the operation would bring it back. */
  | "revoked"
  /** The key has expired and the operation would carry that expiry over. */
  | "expired"
  /** The id or hash is already stored. */
  | "conflict"
  /** The store's data cannot be read or is not what a key store writes. */
  | "corrupt"
  /** The store cannot be written: a legacy key list, or a lock that could not be taken. */
  | "unwritable";

/** An expected failure of a key store or of key management; `message` is safe to show. */
export class KeyStoreError extends Error {
  readonly code: KeyStoreErrorCode;

  constructor(code: KeyStoreErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "KeyStoreError";
    this.code = code;
  }
}

export function isKeyStoreError(value: unknown): value is KeyStoreError {
  return value instanceof KeyStoreError;
}
