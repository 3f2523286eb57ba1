// V8 keeps a string a byte a character unless one is beyond Latin-1, then two for every one.
const beyondLatin1 = /[\u0100-\uffff]/;

/** The bytes V8 holds for a string's characters: what a store bounded in bytes counts. */
export const textBytes = (text: string): number =>
  beyondLatin1.test(text) ? 2 * text.length : text.length;
