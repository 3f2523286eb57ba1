import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { sslVersion } from "./client-hello.js";
import {
  alpnBody,
  extension,
  extensionsBlock,
  extensionType,
  greaseValue,
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
import { keyShareFor } from "./key-shares.js";

/** What one client's ClientHello carries, by code, as that client sends it. */
export interface ProfileHelloSpec {
  /** Protocol versions it speaks (codes), any order. */
  versions: readonly number[];
  /** Cipher suites, in its order (SCSVs included, as it sends them). */
  suites: readonly number[];
  /** supported_groups, in its order. */
  groups: readonly number[];
  /** TLS 1.3: the groups it sends a key share of. */
  keyShares: readonly number[];
  signatureAlgorithms: readonly number[];
  /** ALPN protocols; empty: no ALPN extension. */
  alpn: readonly string[];
  /** Sends server_name (clients before SNI do not). */
  sni: boolean;
  /** GREASE values (RFC 8701) in suites, groups, versions and extensions, as Chrome does. */
  grease: boolean;
  statusRequest: boolean;
  sessionTicket: boolean;
  extendedMasterSecret: boolean;
  encryptThenMac: boolean;
  renegotiationInfo: boolean;
  signedCertificateTimestamps: boolean;
}

/**
 * One client's ClientHello: its highest version up to TLS 1.2 as legacy_version, TLS 1.3
 * through supported_versions with a key share for each group it shares (real curve points, so
 * that a server picking one proceeds), signature_algorithms only from TLS 1.2 on (RFC 5246
 * 7.4.1.4.1). Read only to the ServerHello: no key is ever derived.
 */
export function profileHello(spec: ProfileHelloSpec, servername: string): Buffer {
  const highest = Math.max(...spec.versions);
  const tls13 = spec.versions.includes(sslVersion["TLSv1.3"]);
  const grease = (list: readonly number[]) => (spec.grease ? [greaseValue(), ...list] : list);
  // Two GREASE extensions, first and last, of different types: a type may appear once.
  const firstGrease = greaseValue();
  const lastGrease = firstGrease ^ 0x1010;
  // One GREASE group in supported_groups and key_share: a share of a group not listed is an error.
  const greaseGroup = greaseValue();
  const fixed = Buffer.concat([
    u16(Math.min(highest, sslVersion["TLSv1.2"])),
    randomBytes(32),
    // A 32-byte legacy session id, as TLS 1.3 clients send for middlebox compatibility.
    tls13 ? withLength8(randomBytes(32)) : Buffer.from([0]),
    withLength16(u16s(grease(spec.suites))),
    withLength8(Buffer.from([0])),
  ]);
  if (highest === sslVersion.SSLv3) return helloRecord(fixed, sslVersion.SSLv3);
  const withEcc = spec.groups.length > 0;
  const shares = spec.keyShares.flatMap((group) => {
    const key = keyShareFor(group);
    return key ? [{ group, key }] : [];
  });
  const versions = [...spec.versions].sort((a, b) => b - a);
  const list = [
    ...(spec.grease ? [extension(firstGrease, Buffer.alloc(0))] : []),
    ...(spec.sni && isIP(servername) === 0
      ? [extension(extensionType.serverName, serverNameBody(servername))]
      : []),
    ...(spec.extendedMasterSecret
      ? [extension(extensionType.extendedMasterSecret, Buffer.alloc(0))]
      : []),
    ...(spec.encryptThenMac ? [extension(extensionType.encryptThenMac, Buffer.alloc(0))] : []),
    ...(spec.renegotiationInfo
      ? [extension(extensionType.renegotiationInfo, Buffer.from([0]))]
      : []),
    ...(withEcc
      ? [
          extension(
            extensionType.supportedGroups,
            u16ListBody(spec.grease ? [greaseGroup, ...spec.groups] : spec.groups),
          ),
          extension(extensionType.ecPointFormats, withLength8(Buffer.from([0]))),
        ]
      : []),
    ...(spec.sessionTicket ? [extension(extensionType.sessionTicket, Buffer.alloc(0))] : []),
    ...(spec.alpn.length > 0 ? [extension(extensionType.alpn, alpnBody(spec.alpn))] : []),
    ...(spec.statusRequest ? [extension(extensionType.statusRequest, statusRequestBody())] : []),
    ...(highest >= sslVersion["TLSv1.2"] && spec.signatureAlgorithms.length > 0
      ? [extension(extensionType.signatureAlgorithms, u16ListBody(spec.signatureAlgorithms))]
      : []),
    ...(spec.signedCertificateTimestamps
      ? [extension(extensionType.signedCertificateTimestamp, Buffer.alloc(0))]
      : []),
    ...(tls13
      ? [
          extension(
            extensionType.keyShare,
            keyShareBody([
              ...(spec.grease ? [{ group: greaseGroup, key: Buffer.from([0]) }] : []),
              ...shares,
            ]),
          ),
          // psk_dhe_ke alone (RFC 8446 4.2.9), as every TLS 1.3 client offers it.
          extension(extensionType.pskKeyExchangeModes, Buffer.from([1, 1])),
          extension(extensionType.supportedVersions, supportedVersionsBody(grease(versions))),
        ]
      : []),
    ...(spec.grease ? [extension(lastGrease, Buffer.from([0]))] : []),
  ];
  return helloRecord(Buffer.concat([fixed, extensionsBlock(fixed.length, list)]), sslVersion.TLSv1);
}
