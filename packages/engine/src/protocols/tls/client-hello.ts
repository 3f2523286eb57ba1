import { randomBytes } from "node:crypto";
import {
  alpnBody,
  extension,
  extensionsBlock,
  extensionType,
  helloRecord,
  keyShareBody,
  serverNameBody,
  statusRequestBody,
  supportedVersionsBody,
  u16,
  u16ListBody,
  u16s,
  withLength8,
  withLength16,
} from "./hello-extensions.js";

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
  // Post-quantum hybrids: draft-ietf-tls-ecdhe-mlkem, and the Kyber draft before ML-KEM.
  X25519MLKEM768: 0x11ec,
  SecP256r1MLKEM768: 0x11eb,
  SecP384r1MLKEM1024: 0x11ed,
  X25519Kyber768Draft00: 0x6399,
} as const;

/** The post-quantum hybrid groups, most current first. */
export const postQuantumGroups = [
  "X25519MLKEM768",
  "SecP256r1MLKEM768",
  "SecP384r1MLKEM1024",
  "X25519Kyber768Draft00",
] as const satisfies readonly GroupName[];

/** A group's name from its code, or its code in hex. */
export function groupName(code: number): string {
  const found = Object.entries(groupCodes).find(([, value]) => value === code);
  return found ? found[0] : `0x${code.toString(16).padStart(4, "0")}`;
}

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
  /** Compression methods offered, in order; default null (0) alone. */
  compression?: readonly number[];
  /** Ask for a stapled OCSP response (status_request, RFC 6066 8). */
  statusRequest?: boolean;
  /** Ask for SCTs in the handshake (signed_certificate_timestamp, RFC 6962 3.3.1). */
  signedCertificateTimestamps?: boolean;
  /** ALPN protocols offered. */
  alpn?: readonly string[];
  /** Offer heartbeats, the peer allowed to send them (RFC 6520). */
  heartbeat?: boolean;
  /** Offer a session ticket (an empty session_ticket, RFC 5077). */
  sessionTicket?: boolean;
}

/**
 * A ClientHello written by hand. SSL 3 carries no extensions (RFC 6101 has none). TLS carries
 * SNI, groups and signature algorithms and an empty renegotiation_info, which a server that
 * supports secure renegotiation answers with its own (RFC 5746 3.6), and what `spec` asks for.
 * A TLS 1.3 hello sends no key share: a server that has a group in common answers with a
 * HelloRetryRequest naming the suite and group it picked (RFC 8446 4.1.4), so neither side
 * computes a key.
 */
export function clientHello(spec: HelloSpec): Buffer {
  const tls13 = spec.version === sslVersion["TLSv1.3"];
  const groups = (spec.groups ?? defaultGroups).map((name) => groupCodes[name]);
  const fixed = Buffer.concat([
    u16(tls13 ? sslVersion["TLSv1.2"] : spec.version),
    randomBytes(32),
    Buffer.from([0]), // no session id
    withLength16(u16s(spec.suites)),
    withLength8(Buffer.from(spec.compression ?? [0])),
  ]);
  if (spec.version === sslVersion.SSLv3) return helloRecord(fixed, sslVersion.SSLv3);
  const list = [
    extension(extensionType.serverName, serverNameBody(spec.servername)),
    extension(extensionType.supportedGroups, u16ListBody(groups)),
    extension(extensionType.ecPointFormats, withLength8(Buffer.from([0]))),
    extension(extensionType.signatureAlgorithms, u16ListBody(signatureAlgorithms)),
    ...(spec.statusRequest ? [extension(extensionType.statusRequest, statusRequestBody())] : []),
    ...(spec.signedCertificateTimestamps
      ? [extension(extensionType.signedCertificateTimestamp, Buffer.alloc(0))]
      : []),
    ...(spec.alpn ? [extension(extensionType.alpn, alpnBody(spec.alpn))] : []),
    ...(spec.heartbeat ? [extension(extensionType.heartbeat, Buffer.from([1]))] : []),
    ...(spec.sessionTicket ? [extension(extensionType.sessionTicket, Buffer.alloc(0))] : []),
    ...(tls13
      ? [
          extension(
            extensionType.supportedVersions,
            supportedVersionsBody([sslVersion["TLSv1.3"]]),
          ),
          extension(
            extensionType.keyShare,
            keyShareBody(spec.keyShare ? [{ group: groupCodes.X25519, key: randomBytes(32) }] : []),
          ),
        ]
      : // extended_master_secret (RFC 7627), as every current client sends it.
        [
          extension(extensionType.renegotiationInfo, Buffer.from([0])),
          extension(extensionType.extendedMasterSecret, Buffer.alloc(0)),
        ]),
  ];
  return helloRecord(Buffer.concat([fixed, extensionsBlock(fixed.length, list)]), sslVersion.TLSv1);
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
