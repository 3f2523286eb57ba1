import type { webcrypto } from "node:crypto";
import { isIP } from "node:net";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import type * as X509 from "@peculiar/x509";
import {
  crlDistributionPointsOid,
  encodeCrlPoints,
  freshestCrlOid,
  type TestCrlPoint,
} from "./crl-points.js";

/**
 * Test certificates generated in-process with @peculiar/x509 and Node's WebCrypto: a root CA,
 * an intermediate and leaves (RSA of any size or ECDSA P-256) with any validity window, SANs,
 * signature hash (SHA-1 included), AIA/CRL URLs, policies, must-staple and embedded SCTs.
 */

export type TestKeyType = "rsa" | "ec";

export interface TestCertificate {
  /** The certificate, PEM. */
  certPem: string;
  /** Its private key, PKCS#8 PEM. */
  keyPem: string;
  /** The subject, as given ("CN=..."). */
  subject: string;
  /** The key pair, to sign further certificates with. */
  keys: webcrypto.CryptoKeyPair;
  keyType: TestKeyType;
}

/** An embedded SCT. Its structure is real (RFC 6962); its signature is random bytes. */
export interface TestSct {
  /** 32 bytes. */
  logId: Uint8Array;
  timestamp: Date;
}

export interface TestCertificateOptions {
  commonName: string;
  /** Default "ec" (fast); "rsa" is RSA 2048 unless `rsaBits` says otherwise. */
  keyType?: TestKeyType;
  /** RSA modulus size, e.g. 1024 for a weak key. Default 2048. */
  rsaBits?: number;
  /** Hash the issuer signs this certificate with. Default SHA-256. */
  signatureHash?: "SHA-1" | "SHA-256" | "SHA-384";
  /** Default: a day ago. */
  notBefore?: Date;
  /** Default: 90 days from now. */
  notAfter?: Date;
  /** DNS names or IP literals. Leaves only. */
  subjectAltNames?: readonly string[];
  /** Signer; omitted means self-signed. */
  issuer?: TestCertificate;
  /** A CA certificate (basicConstraints cA, keyCertSign) rather than a TLS server leaf. */
  ca?: boolean;
  /** Authority Information Access: OCSP responder URLs. */
  ocspUrls?: readonly string[];
  /** Authority Information Access: CA issuer URLs. */
  caIssuerUrls?: readonly string[];
  /** CRL distribution point URLs. */
  crlUrls?: readonly string[];
  /** Distribution points of other kinds (indirect, relative), in one extension after `crlUrls`. */
  crlPoints?: readonly TestCrlPoint[];
  /** FreshestCRL (RFC 5280 4.2.1.15): where delta CRLs are fetched. */
  freshestCrlUrls?: readonly string[];
  /** Certificate policy OIDs, e.g. "2.23.140.1.2.1" (domain validated). */
  policies?: readonly string[];
  /** An OCSP responder's certificate: extendedKeyUsage id-kp-OCSPSigning instead of serverAuth. */
  ocspSigning?: boolean;
  /** Adds the TLS feature extension with status_request (RFC 7633, "must staple"). */
  mustStaple?: boolean;
  /** Embedded SCT list (RFC 6962, 1.3.6.1.4.1.11129.2.4.2). */
  scts?: readonly TestSct[];
  /** Reuse this key pair (a CA re-issuing its intermediate keeps the key); default a new one. */
  keys?: webcrypto.CryptoKeyPair;
}

/** A date `days` (fractions allowed, negative in the past) from now. */
export function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * 86_400_000);
}

let loaded: Promise<typeof X509> | undefined;

/** @peculiar/x509 2.x resolves its services through tsyringe, which needs reflect-metadata. */
export function loadX509(): Promise<typeof X509> {
  loaded ??= (async () => {
    await import("reflect-metadata");
    const x509 = await import("@peculiar/x509");
    x509.cryptoProvider.set(globalThis.crypto);
    return x509;
  })();
  return loaded;
}

function keyAlgorithm(keyType: TestKeyType, rsaBits: number) {
  return keyType === "rsa"
    ? {
        name: "RSASSA-PKCS1-v1_5",
        modulusLength: rsaBits,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: "SHA-256",
      }
    : { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
}

/**
 * The issuer's private key and algorithm for `hash`. WebCrypto binds an RSA key to one hash (and
 * @peculiar/x509 lets the key's algorithm win), so another hash needs the key imported again.
 */
export async function signerFor(
  issuer: Pick<TestCertificate, "keys" | "keyType">,
  hash: string,
): Promise<{ key: webcrypto.CryptoKey; algorithm: { name: string; hash: string } }> {
  if (issuer.keyType === "ec") {
    return { key: issuer.keys.privateKey, algorithm: { name: "ECDSA", hash } };
  }
  const algorithm = { name: "RSASSA-PKCS1-v1_5", hash };
  if (hash === "SHA-256") return { key: issuer.keys.privateKey, algorithm };
  const pkcs8 = await crypto.subtle.exportKey("pkcs8", issuer.keys.privateKey);
  const key = await crypto.subtle.importKey("pkcs8", pkcs8, algorithm, false, ["sign"]);
  return { key: key as webcrypto.CryptoKey, algorithm };
}

/** RFC 6962 SignedCertificateTimestampList, TLS-encoded. */
export function encodeSctList(scts: readonly TestSct[]): Uint8Array {
  const entries = scts.map((sct) => {
    const body = Buffer.alloc(1 + 32 + 8 + 2 + 4 + 64);
    let offset = body.writeUInt8(0, 0); // v1
    offset += Buffer.from(sct.logId).copy(body, offset, 0, 32);
    offset = body.writeBigUInt64BE(BigInt(sct.timestamp.getTime()), offset);
    offset = body.writeUInt16BE(0, offset); // no extensions
    offset = body.writeUInt8(4, offset); // sha256
    offset = body.writeUInt8(3, offset); // ecdsa
    offset = body.writeUInt16BE(64, offset);
    crypto.getRandomValues(body.subarray(offset));
    const framed = Buffer.alloc(2 + body.length);
    framed.writeUInt16BE(body.length, 0);
    body.copy(framed, 2);
    return framed;
  });
  const list = Buffer.concat(entries);
  const framed = Buffer.alloc(2 + list.length);
  framed.writeUInt16BE(list.length, 0);
  list.copy(framed, 2);
  return new Uint8Array(framed);
}

export async function createCertificate(options: TestCertificateOptions): Promise<TestCertificate> {
  const x509 = await loadX509();
  const keyType = options.keyType ?? "ec";
  const keys =
    options.keys ??
    ((await crypto.subtle.generateKey(keyAlgorithm(keyType, options.rsaBits ?? 2048), true, [
      "sign",
      "verify",
    ])) as webcrypto.CryptoKeyPair);
  const subject = `CN=${options.commonName}`;
  const issuer = options.issuer ?? { subject, keys, keyType };
  const usages = options.ca
    ? x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign
    : keyType === "rsa"
      ? x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment
      : x509.KeyUsageFlags.digitalSignature;
  const extensions: X509.Extension[] = [
    new x509.BasicConstraintsExtension(options.ca === true, undefined, true),
    new x509.KeyUsagesExtension(usages, true),
    await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    await x509.AuthorityKeyIdentifierExtension.create(issuer.keys.publicKey),
  ];
  if (!options.ca) {
    const usage = options.ocspSigning
      ? x509.ExtendedKeyUsage.ocspSigning
      : x509.ExtendedKeyUsage.serverAuth;
    extensions.push(new x509.ExtendedKeyUsageExtension([usage]));
  }
  if (options.subjectAltNames?.length) {
    extensions.push(
      new x509.SubjectAlternativeNameExtension(
        options.subjectAltNames.map((value) => ({ type: isIP(value) ? "ip" : "dns", value })),
      ),
    );
  }
  if (options.ocspUrls?.length || options.caIssuerUrls?.length) {
    extensions.push(
      new x509.AuthorityInfoAccessExtension({
        ocsp: [...(options.ocspUrls ?? [])],
        caIssuers: [...(options.caIssuerUrls ?? [])],
      }),
    );
  }
  if (options.crlPoints?.length) {
    const points = [
      ...(options.crlUrls?.length ? [{ urls: options.crlUrls }] : []),
      ...options.crlPoints,
    ];
    extensions.push(new x509.Extension(crlDistributionPointsOid, false, encodeCrlPoints(points)));
  } else if (options.crlUrls?.length) {
    extensions.push(new x509.CRLDistributionPointsExtension([...options.crlUrls]));
  }
  if (options.freshestCrlUrls?.length) {
    const value = encodeCrlPoints([{ urls: options.freshestCrlUrls }]);
    extensions.push(new x509.Extension(freshestCrlOid, false, value));
  }
  if (options.policies?.length) {
    extensions.push(new x509.CertificatePolicyExtension([...options.policies]));
  }
  if (options.mustStaple) {
    // TLSFeature ::= SEQUENCE OF INTEGER; 5 is status_request.
    const features = new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x05]);
    extensions.push(new x509.Extension("1.3.6.1.5.5.7.1.24", false, features));
  }
  if (options.scts?.length) {
    // The extension's value is an OCTET STRING wrapping the TLS-encoded list (RFC 6962 3.3).
    const value = AsnConvert.serialize(new OctetString(encodeSctList(options.scts)));
    extensions.push(new x509.Extension("1.3.6.1.4.1.11129.2.4.2", false, value));
  }
  const signer = await signerFor(issuer, options.signatureHash ?? "SHA-256");
  const certificate = await x509.X509CertificateGenerator.create({
    subject,
    issuer: issuer.subject,
    notBefore: options.notBefore ?? daysFromNow(-1),
    notAfter: options.notAfter ?? daysFromNow(90),
    publicKey: keys.publicKey,
    signingKey: signer.key,
    signingAlgorithm: signer.algorithm,
    extensions,
  });
  const pkcs8 = await crypto.subtle.exportKey("pkcs8", keys.privateKey);
  return {
    // Newline-terminated, so PEMs can be concatenated into chains and bundles.
    certPem: `${certificate.toString("pem").trim()}\n`,
    keyPem: `${x509.PemConverter.encode(pkcs8, "PRIVATE KEY").trim()}\n`,
    subject,
    keys,
    keyType,
  };
}

export interface TestPki {
  root: TestCertificate;
  intermediate: TestCertificate;
  /** A server leaf signed by the intermediate; `chainPem` is leaf + intermediate, as servers send it. */
  issueLeaf(
    options: Omit<TestCertificateOptions, "issuer" | "ca">,
  ): Promise<TestCertificate & { chainPem: string }>;
}

/** A root (RSA 2048 by default, like most public roots) and an ECDSA intermediate under it. */
export async function createTestPki(
  options: { name?: string; rootKeyType?: TestKeyType } = {},
): Promise<TestPki> {
  const name = options.name ?? "Domain Intel Test";
  const root = await createCertificate({
    commonName: `${name} Root`,
    keyType: options.rootKeyType ?? "rsa",
    ca: true,
    notBefore: daysFromNow(-365),
    notAfter: daysFromNow(3650),
  });
  const intermediate = await createCertificate({
    commonName: `${name} Intermediate`,
    issuer: root,
    ca: true,
    notBefore: daysFromNow(-365),
    notAfter: daysFromNow(1825),
  });
  return {
    root,
    intermediate,
    issueLeaf: async (leaf) => {
      const certificate = await createCertificate({ ...leaf, issuer: intermediate });
      return { ...certificate, chainPem: certificate.certPem + intermediate.certPem };
    },
  };
}
