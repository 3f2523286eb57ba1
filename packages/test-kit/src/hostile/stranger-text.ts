import fc from "fast-check";

/** Names that break code keeping a stranger's names as keys of a plain object. */
export const objectKeyNames = [
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "prototype",
];

/**
 * Text a stranger may send in a text protocol: any characters, any bytes (as latin1), or the
 * protocol's own `tokens` (separators, field names) and `objectKeyNames` strung together.
 */
export function strangerText(tokens: readonly string[], maxLength = 300): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: "binary", maxLength }),
    fc
      .array(fc.constantFrom(...tokens, ...objectKeyNames), { maxLength: maxLength * 2 })
      .map((parts) => parts.join("")),
  );
}
