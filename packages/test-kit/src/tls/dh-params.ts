/**
 * PEM "DH PARAMETERS" (PKCS #3 DHParameter: SEQUENCE { prime INTEGER, base INTEGER }) for
 * `tls.createServer({ dhparam })`, so a test serves any prime it chooses (a published group, a
 * random one) without running openssl.
 */
export function dhParamsPem(prime: bigint, generator = 2n): string {
  const body = Buffer.concat([derInteger(prime), derInteger(generator)]);
  const der = Buffer.concat([Buffer.from([0x30]), derLength(body.length), body]);
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN DH PARAMETERS-----\n${lines.join("\n")}\n-----END DH PARAMETERS-----\n`;
}

function derInteger(value: bigint): Buffer {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  // A leading 1 bit would make the integer negative: DER adds a zero byte.
  if (Number.parseInt(hex.slice(0, 2), 16) >= 0x80) hex = `00${hex}`;
  const bytes = Buffer.from(hex, "hex");
  return Buffer.concat([Buffer.from([0x02]), derLength(bytes.length), bytes]);
}

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes = Buffer.from(length.toString(16).padStart(length > 0xff ? 4 : 2, "0"), "hex");
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
