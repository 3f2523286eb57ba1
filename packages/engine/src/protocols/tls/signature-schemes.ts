/**
 * Signature algorithms a ClientHello offers (RFC 8446 4.2.3 SignatureScheme, and RFC 5246
 * 7.4.1.4.1's hash and signature pairs, which share the code space), by IANA's names.
 */
export const signatureSchemes = {
  rsa_pkcs1_md5: 0x0101,
  rsa_pkcs1_sha1: 0x0201,
  dsa_sha1: 0x0202,
  ecdsa_sha1: 0x0203,
  rsa_pkcs1_sha224: 0x0301,
  dsa_sha224: 0x0302,
  ecdsa_sha224: 0x0303,
  rsa_pkcs1_sha256: 0x0401,
  dsa_sha256: 0x0402,
  ecdsa_secp256r1_sha256: 0x0403,
  rsa_pkcs1_sha384: 0x0501,
  dsa_sha384: 0x0502,
  ecdsa_secp384r1_sha384: 0x0503,
  rsa_pkcs1_sha512: 0x0601,
  dsa_sha512: 0x0602,
  ecdsa_secp521r1_sha512: 0x0603,
  rsa_pss_rsae_sha256: 0x0804,
  rsa_pss_rsae_sha384: 0x0805,
  rsa_pss_rsae_sha512: 0x0806,
  ed25519: 0x0807,
  ed448: 0x0808,
  rsa_pss_pss_sha256: 0x0809,
  rsa_pss_pss_sha384: 0x080a,
  rsa_pss_pss_sha512: 0x080b,
} as const;

export type SignatureSchemeName = keyof typeof signatureSchemes;
