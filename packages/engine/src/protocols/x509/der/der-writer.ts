/** A few DER encoders, enough to write an OCSP request (RFC 6960 4.1.1). */

/** One TLV: `tag`, its definite length, `content`. */
export function tlv(tag: number, content: Uint8Array): Buffer {
  const length = content.length;
  let header: number[];
  if (length < 0x80) header = [tag, length];
  else {
    const bytes: number[] = [];
    for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
    header = [tag, 0x80 | bytes.length, ...bytes];
  }
  return Buffer.concat([Buffer.from(header), content]);
}

export function sequence(...items: Uint8Array[]): Buffer {
  return tlv(0x30, Buffer.concat(items));
}

export function octetString(content: Uint8Array): Buffer {
  return tlv(0x04, content);
}

/** An INTEGER from its two's complement bytes, as read from a certificate. */
export function integerFromBytes(bytes: Uint8Array): Buffer {
  return tlv(0x02, bytes);
}

export const derNull = Buffer.from([0x05, 0x00]);

/** An OBJECT IDENTIFIER from its dotted form. */
export function oid(dotted: string): Buffer {
  const arcs = dotted.split(".").map(Number);
  const [top, second, ...rest] = arcs;
  const bytes: number[] = [];
  for (const arc of [top! * 40 + second!, ...rest]) {
    const chunk: number[] = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) {
      chunk.unshift(0x80 | (value & 0x7f));
    }
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}
