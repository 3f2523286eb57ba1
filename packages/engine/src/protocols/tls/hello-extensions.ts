import { randomBytes } from "node:crypto";

/**
 * ClientHello extensions as TLS encodes them (RFC 8446 4.2 and the RFCs each names): the
 * pieces every hand-written hello is made of, the scan's and the client profiles'.
 */

export const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
export const u16s = (values: readonly number[]) => Buffer.concat(values.map(u16));
export const withLength8 = (body: Buffer) => Buffer.concat([Buffer.from([body.length]), body]);
export const withLength16 = (body: Buffer) => Buffer.concat([u16(body.length), body]);
export const withLength24 = (body: Buffer) =>
  Buffer.concat([
    Buffer.from([body.length >> 16, (body.length >> 8) & 0xff, body.length & 0xff]),
    body,
  ]);

/** Extension type codes (IANA "TLS ExtensionType Values"). */
export const extensionType = {
  serverName: 0x0000,
  statusRequest: 0x0005,
  supportedGroups: 0x000a,
  ecPointFormats: 0x000b,
  signatureAlgorithms: 0x000d,
  heartbeat: 0x000f,
  alpn: 0x0010,
  signedCertificateTimestamp: 0x0012,
  padding: 0x0015,
  encryptThenMac: 0x0016,
  extendedMasterSecret: 0x0017,
  compressCertificate: 0x001b,
  recordSizeLimit: 0x001c,
  delegatedCredentials: 0x0022,
  sessionTicket: 0x0023,
  preSharedKey: 0x0029,
  earlyData: 0x002a,
  supportedVersions: 0x002b,
  pskKeyExchangeModes: 0x002d,
  postHandshakeAuth: 0x0031,
  signatureAlgorithmsCert: 0x0032,
  keyShare: 0x0033,
  nextProtocolNegotiation: 0x3374,
  applicationSettings: 0x4469,
  applicationSettingsNew: 0x44cd,
  encryptedClientHello: 0xfe0d,
  renegotiationInfo: 0xff01,
} as const;

export type ExtensionName = keyof typeof extensionType;

/** One extension: its type and its body. */
export const extension = (type: number, body: Buffer) =>
  Buffer.concat([u16(type), withLength16(body)]);

export const serverNameBody = (name: string) =>
  withLength16(Buffer.concat([Buffer.from([0]), withLength16(Buffer.from(name, "ascii"))]));

export const u16ListBody = (values: readonly number[]) => withLength16(u16s(values));

/** status_request: OCSP, no responder ids, no request extensions (RFC 6066 8). */
export const statusRequestBody = () => Buffer.from([1, 0, 0, 0, 0]);

export const alpnBody = (protocols: readonly string[]) =>
  withLength16(Buffer.concat(protocols.map((name) => withLength8(Buffer.from(name, "ascii")))));

/** supported_versions in a ClientHello: a one-byte-length list. */
export const supportedVersionsBody = (versions: readonly number[]) => withLength8(u16s(versions));

/** key_share's client_shares: each a group and its key exchange bytes. */
export const keyShareBody = (shares: readonly { group: number; key: Buffer }[]) =>
  withLength16(
    Buffer.concat(
      shares.map((share) => Buffer.concat([u16(share.group), withLength16(share.key)])),
    ),
  );

/** A GREASE value (RFC 8701): 0x?A?A with both bytes equal. */
export const greaseValue = () => {
  const nibble = randomBytes(1)[0]! >> 4;
  return (nibble << 12) | 0x0a00 | (nibble << 4) | 0x0a;
};

/**
 * A TLS record holding one ClientHello with `body` (from legacy_version on). Record version
 * TLS 1.0 for TLS hellos, as browsers send, for servers that check it.
 */
export function helloRecord(body: Buffer, recordVersion: number): Buffer {
  const handshake = Buffer.concat([Buffer.from([1]), withLength24(body)]);
  return Buffer.concat([Buffer.from([22]), u16(recordVersion), withLength16(handshake)]);
}

/**
 * The extensions block, padded as OpenSSL and browsers pad (RFC 7685) when the hello would be
 * 256 to 511 bytes long: some load balancers (F5's) hang on such hellos.
 */
export function extensionsBlock(fixedLength: number, list: Buffer[], pad = true): Buffer {
  const length = 4 + fixedLength + 2 + list.reduce((sum, item) => sum + item.length, 0);
  const padded =
    pad && length > 0xff && length < 0x200
      ? [...list, extension(extensionType.padding, Buffer.alloc(Math.max(0, 0x200 - length - 4)))]
      : list;
  return withLength16(Buffer.concat(padded));
}
