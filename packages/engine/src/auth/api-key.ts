import { hash, randomInt, timingSafeEqual } from "node:crypto";

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `sha256:` and 64 lower-case hex digits: how a key is stored. */
export const keyHashPattern = /^sha256:[0-9a-f]{64}$/;

function randomBase62(length: number): string {
  let text = "";
  // randomInt draws without modulo bias, so every character carries log2(62) bits.
  for (let index = 0; index < length; index++) text += base62[randomInt(base62.length)];
  return text;
}

/** A new API key: `di_` and 32 random base62 characters (about 190 bits). */
export function generateApiKey(): string {
  return `di_${randomBase62(32)}`;
}

/** A new key id: `key_` and 12 base62 characters. Not secret: it names the key in lists and logs. */
export function generateKeyId(): string {
  return `key_${randomBase62(12)}`;
}

/**
 * The stored form of a key. A plain SHA-256 is enough here (no slow KDF): a generated key has
 * about 190 random bits, so its digest cannot be searched the way a password's can.
 */
export function hashApiKey(key: string): string {
  return `sha256:${hash("sha256", key, "hex")}`;
}

/** Two stored forms compared without an early exit. */
export function sameKeyHash(left: string, right: string): boolean {
  const a = Buffer.from(left, "utf8");
  const b = Buffer.from(right, "utf8");
  return a.byteLength === b.byteLength && timingSafeEqual(a, b);
}
