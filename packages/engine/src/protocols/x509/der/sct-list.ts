import type { SslSct } from "../certificate-types.js";

/**
 * Reads an RFC 6962 SignedCertificateTimestampList (TLS encoding: a u16-framed list of
 * u16-framed SCTs). Only v1 SCTs are described; a truncated or malformed list yields the SCTs
 * read before the damage, since the bytes come from whoever made the certificate.
 */
export function parseSctList(bytes: Uint8Array): SslSct[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < 2) return [];
  const end = Math.min(view.length, 2 + view.readUInt16BE(0));
  const scts: SslSct[] = [];
  let offset = 2;
  while (offset + 2 <= end) {
    const length = view.readUInt16BE(offset);
    const start = offset + 2;
    offset = start + length;
    if (offset > end) break;
    // version (1) + log id (32) + timestamp (8)
    if (length < 41 || view[start] !== 0) continue;
    const millis = Number(view.readBigUInt64BE(start + 33));
    const timestamp = new Date(millis);
    if (Number.isNaN(timestamp.getTime())) continue;
    scts.push({
      version: 1,
      logId: view.subarray(start + 1, start + 33).toString("base64"),
      timestamp: timestamp.toISOString(),
    });
  }
  return scts;
}
