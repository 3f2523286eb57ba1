import type { ScannedSuite, SuiteWeakness } from "../data/configuration-schema.js";

// Read from IANA's name, which spells the key exchange and the cipher the same way everywhere.
const weaknessPatterns: readonly [SuiteWeakness, RegExp][] = [
  ["null", /_WITH_NULL_|_NULL_WITH_/],
  ["anonymous", /_anon_/i],
  ["export", /EXPORT/],
  ["rc4", /_RC4_/],
  ["3des", /_3DES_/],
  ["des", /_DES(40)?_/],
];

export function describeSuite(cipher: { name: string; standardName: string }): ScannedSuite {
  const standard = cipher.standardName;
  const tls13 = /^TLS_(AES|CHACHA20)_/.test(standard);
  const weakness = weaknessPatterns.find(([, pattern]) => pattern.test(standard))?.[0] ?? null;
  return {
    name: cipher.name,
    standardName: standard,
    forwardSecrecy: tls13 || (/_(EC)?DHE_/.test(standard) && weakness !== "anonymous"),
    aead: tls13 || /_GCM_|_CCM|_CHACHA20_POLY1305_/.test(standard),
    weakness,
  };
}
