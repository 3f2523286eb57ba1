import { randomBytes } from "node:crypto";

/** Protocol versions as a hello carries them. */
export const sslVersion = {
  SSLv3: 0x0300,
  TLSv1: 0x0301,
  "TLSv1.1": 0x0302,
  "TLSv1.2": 0x0303,
  "TLSv1.3": 0x0304,
} as const;

/** Named groups (RFC 8446 4.2.7, RFC 7919) by the names OpenSSL gives them. */
export const groupCodes = {
  X25519: 0x001d,
  prime256v1: 0x0017,
  secp384r1: 0x0018,
  secp521r1: 0x0019,
  X448: 0x001e,
  ffdhe2048: 0x0100,
  ffdhe3072: 0x0101,
  ffdhe4096: 0x0102,
  ffdhe6144: 0x0103,
  ffdhe8192: 0x0104,
} as const;

export type GroupName = keyof typeof groupCodes;

/** OpenSSL 3.0's default list, in its order: what Node's own client offers. */
const defaultGroups: readonly GroupName[] = [
  "X25519",
  "prime256v1",
  "X448",
  "secp521r1",
  "secp384r1",
  "ffdhe2048",
  "ffdhe3072",
  "ffdhe4096",
  "ffdhe6144",
  "ffdhe8192",
];

// ECDSA, RSA-PSS, EdDSA and PKCS#1 with SHA-2, then SHA-1 and SHA-224: broad, so that no server
// refuses the hello for want of a signature algorithm it can use.
const signatureAlgorithms = [
  0x0403, 0x0503, 0x0603, 0x0807, 0x0808, 0x0804, 0x0805, 0x0806, 0x0809, 0x080a, 0x080b, 0x0401,
  0x0501, 0x0601, 0x0303, 0x0301, 0x0302, 0x0402, 0x0502, 0x0602, 0x0203, 0x0201, 0x0202,
];

const renegotiationInfo = 0xff01;

const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const u16s = (values: readonly number[]) => Buffer.concat(values.map(u16));
const withLength8 = (body: Buffer) => Buffer.concat([Buffer.from([body.length]), body]);
const withLength16 = (body: Buffer) => Buffer.concat([u16(body.length), body]);
const extension = (type: number, body: Buffer) => Buffer.concat([u16(type), withLength16(body)]);

export interface HelloSpec {
  /** The version asked for; TLS 1.3 is asked through supported_versions (RFC 8446 4.2.1). */
  version: (typeof sslVersion)[keyof typeof sslVersion];
  /** Suite codes, most preferred first. */
  suites: readonly number[];
  servername: string;
  /** supported_groups; default OpenSSL's list. */
  groups?: readonly GroupName[];
  /**
   * TLS 1.3: send an X25519 key share (random bytes, which any server takes as a public key)
   * instead of none, for a server that cannot answer with a HelloRetryRequest.
   */
  keyShare?: boolean;
}

/**
 * A ClientHello written by hand. SSL 3 carries no extensions (RFC 6101 has none). TLS carries
 * SNI, groups and signature algorithms and an empty renegotiation_info, which a server that
 * supports secure renegotiation answers with its own (RFC 5746 3.6). A TLS 1.3 hello sends no key share: a server that has a group in common
 * answers with a HelloRetryRequest naming the suite and group it picked (RFC 8446 4.1.4), so
 * neither side computes a key.
 */
export function clientHello(spec: HelloSpec): Buffer {
  const tls13 = spec.version === sslVersion["TLSv1.3"];
  const groups = (spec.groups ?? defaultGroups).map((name) => groupCodes[name]);
  const fixed = Buffer.concat([
    u16(tls13 ? sslVersion["TLSv1.2"] : spec.version),
    randomBytes(32),
    Buffer.from([0]), // no session id
    withLength16(u16s(spec.suites)),
    Buffer.from([1, 0]), // no compression
  ]);
  let body = fixed;
  if (spec.version !== sslVersion.SSLv3) {
    const list = [
      extension(
        0x0000,
        withLength16(
          Buffer.concat([Buffer.from([0]), withLength16(Buffer.from(spec.servername, "ascii"))]),
        ),
      ),
      extension(0x000a, withLength16(u16s(groups))),
      extension(0x000b, withLength8(Buffer.from([0]))),
      extension(0x000d, withLength16(u16s(signatureAlgorithms))),
      ...(tls13
        ? [
            extension(0x002b, withLength8(u16(sslVersion["TLSv1.3"]))),
            extension(
              0x0033,
              withLength16(
                spec.keyShare
                  ? Buffer.concat([u16(groupCodes.X25519), withLength16(randomBytes(32))])
                  : Buffer.alloc(0),
              ),
            ),
          ]
        : // extended_master_secret (RFC 7627), as every current client sends it.
          [extension(renegotiationInfo, Buffer.from([0])), extension(0x0017, Buffer.alloc(0))]),
    ];
    // Some load balancers (F5's) hang on a ClientHello of 256 to 511 bytes: pad it to 512 with
    // RFC 7685's extension, as OpenSSL and browsers do.
    const length = 4 + fixed.length + 2 + list.reduce((sum, item) => sum + item.length, 0);
    if (length > 0xff && length < 0x200) {
      list.push(extension(0x0015, Buffer.alloc(Math.max(0, 0x200 - length - 4))));
    }
    body = Buffer.concat([fixed, withLength16(Buffer.concat(list))]);
  }
  const handshake = Buffer.concat([
    Buffer.from([1, body.length >> 16, (body.length >> 8) & 0xff, body.length & 0xff]),
    body,
  ]);
  // Record version: TLS 1.0 for TLS hellos, as browsers send, for servers that check it.
  const recordVersion = spec.version === sslVersion.SSLv3 ? spec.version : sslVersion.TLSv1;
  return Buffer.concat([Buffer.from([22]), u16(recordVersion), withLength16(handshake)]);
}

// SSL 2's seven cipher kinds (RC4, RC2, IDEA, DES, 3DES, with and without export), 3 bytes each.
const sslv2Ciphers = [0x010080, 0x020080, 0x030080, 0x040080, 0x050080, 0x060040, 0x0700c0];

/**
 * An SSL 2 CLIENT-HELLO (its own record format: a 2-byte header with the high bit set), every
 * cipher kind offered, no session id, a 16-byte challenge. No TLS server takes it for a TLS hello.
 */
export function sslv2ClientHello(): Buffer {
  const ciphers = Buffer.concat(
    sslv2Ciphers.map((kind) => Buffer.from([kind >> 16, (kind >> 8) & 0xff, kind & 0xff])),
  );
  const message = Buffer.concat([
    Buffer.from([1, 0, 2]), // CLIENT-HELLO, version 2
    u16(ciphers.length),
    u16(0),
    u16(16),
    ciphers,
    randomBytes(16),
  ]);
  return Buffer.concat([
    Buffer.from([0x80 | (message.length >> 8), message.length & 0xff]),
    message,
  ]);
}
