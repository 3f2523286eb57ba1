import { randomInt } from "node:crypto";

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A new API key: `di_` and 32 random base62 characters (about 190 bits). */
export function generateApiKey(): string {
  let key = "di_";
  for (let index = 0; index < 32; index++) key += alphabet[randomInt(alphabet.length)];
  return key;
}
