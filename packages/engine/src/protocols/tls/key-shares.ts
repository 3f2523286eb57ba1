import { createECDH, randomBytes, randomInt } from "node:crypto";
import { groupCodes } from "./client-hello.js";

/**
 * Key shares a client profile's TLS 1.3 hello carries, in the format each group's RFC gives,
 * valid enough that a server choosing that group proceeds: the hello is read only to the
 * ServerHello, so no secret is ever derived from them.
 */

// Curve points are checked by servers; one real public key a curve, made once per process.
const points = new Map<string, Buffer>();
const curvePoint = (curve: "prime256v1" | "secp384r1" | "secp521r1") => {
  let point = points.get(curve);
  if (!point) {
    point = createECDH(curve).generateKeys();
    points.set(curve, point);
  }
  return point;
};

/**
 * An ML-KEM-768 encapsulation key (FIPS 203 7.2): 768 coefficients below q = 3329, 12 bits
 * each, then 32 bytes of seed; any such key passes the modulus check a server must make.
 */
function mlKem768EncapsulationKey(): Buffer {
  const coefficients = Array.from({ length: 768 }, () => randomInt(3329));
  const packed = Buffer.alloc(1152);
  for (let i = 0; i < 768; i += 2) {
    const a = coefficients[i]!;
    const b = coefficients[i + 1]!;
    const at = (i / 2) * 3;
    packed[at] = a & 0xff;
    packed[at + 1] = (a >> 8) | ((b & 0x0f) << 4);
    packed[at + 2] = b >> 4;
  }
  return Buffer.concat([packed, randomBytes(32)]);
}

const makers: Partial<Record<number, () => Buffer>> = {
  [groupCodes.X25519]: () => randomBytes(32),
  [groupCodes.X448]: () => randomBytes(56),
  [groupCodes.prime256v1]: () => curvePoint("prime256v1"),
  [groupCodes.secp384r1]: () => curvePoint("secp384r1"),
  [groupCodes.secp521r1]: () => curvePoint("secp521r1"),
  // draft-ietf-tls-ecdhe-mlkem: ML-KEM first, then X25519; P-256 first for SecP256r1MLKEM768.
  [groupCodes.X25519MLKEM768]: () => Buffer.concat([mlKem768EncapsulationKey(), randomBytes(32)]),
  [groupCodes.SecP256r1MLKEM768]: () =>
    Buffer.concat([curvePoint("prime256v1"), mlKem768EncapsulationKey()]),
  // draft-tls-westerbaan-xyber768d00: X25519 first, then Kyber768's public key.
  [groupCodes.X25519Kyber768Draft00]: () =>
    Buffer.concat([randomBytes(32), mlKem768EncapsulationKey()]),
};

/** A key share for `group`, or undefined for a group no share is made for here. */
export function keyShareFor(group: number): Buffer | undefined {
  return makers[group]?.();
}
