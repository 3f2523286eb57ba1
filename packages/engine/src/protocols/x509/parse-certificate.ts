import {
  childrenOf,
  contentOf,
  contextTag,
  DerError,
  type DerNode,
  derTag,
  encodedOf,
  expect,
  expectChildren,
  readRoot,
} from "./der/der-reader.js";
import {
  bitStringOf,
  booleanOf,
  integerBytesOf,
  oidOf,
  stringOf,
  timeOf,
} from "./der/der-values.js";

/** A certificate larger than this is refused unread: 10,000 names fit in a quarter of it. */
export const maxCertificateBytes = 1024 * 1024;

export class CertificateFormatError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = "CertificateFormatError";
  }
}

export interface AlgorithmIdentifier {
  oid: string;
  /** The parameters' whole TLV, or null when absent. */
  parameters: DerNode | null;
}

/** One attribute of a distinguished name, in certificate order. */
export interface NameAttribute {
  oid: string;
  /** The value as text; for a type that is not a string, `#` and the DER in hex, as RFC 4514 writes it. */
  value: string;
  /** A new RDN starts here (attributes of one multi-valued RDN share it). */
  rdn: number;
}

export interface ParsedName {
  /** The Name's DER: compared byte for byte to link a certificate to its issuer. */
  der: Buffer;
  attributes: NameAttribute[];
}

export interface CertificateExtension {
  oid: string;
  critical: boolean;
  /** The extnValue OCTET STRING's content: the extension's own DER. */
  value: Buffer;
}

/** The fields of an X.509 certificate (RFC 5280 4.1), as windows on its DER. */
export interface ParsedCertificate {
  der: Buffer;
  /** The TBSCertificate's DER: what the signature covers. */
  tbs: Buffer;
  version: number;
  /** The serial number's two's complement bytes. */
  serialNumber: Buffer;
  signatureAlgorithm: AlgorithmIdentifier;
  signature: Buffer;
  issuer: ParsedName;
  subject: ParsedName;
  notBefore: Date;
  notAfter: Date;
  /** The SubjectPublicKeyInfo's DER (DANE selector 1, key import). */
  spki: Buffer;
  keyAlgorithm: AlgorithmIdentifier;
  publicKey: Buffer;
  extensions: CertificateExtension[];
}

/** Reads a certificate's DER; CertificateFormatError says what is wrong with it. */
export function parseCertificate(der: Uint8Array): ParsedCertificate {
  if (der.byteLength > maxCertificateBytes) {
    throw new CertificateFormatError(`the certificate is larger than ${maxCertificateBytes} bytes`);
  }
  try {
    return readCertificate(readRoot(der));
  } catch (error) {
    if (error instanceof DerError) {
      throw new CertificateFormatError(`the certificate does not parse: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** `parseCertificate`, or undefined for bytes that are not a certificate. */
export function tryParseCertificate(der: Uint8Array): ParsedCertificate | undefined {
  try {
    return parseCertificate(der);
  } catch (error) {
    if (error instanceof CertificateFormatError) return undefined;
    throw error;
  }
}

function readCertificate(root: DerNode): ParsedCertificate {
  const [tbsNode, algorithm, signature] = expectChildren(root, derTag.sequence, "Certificate");
  const tbs = expectChildren(tbsNode, derTag.sequence, "TBSCertificate");
  let at = 0;
  let version = 1;
  if (tbs[0]?.tag === contextTag(0, true)) {
    const [inner] = childrenOf(tbs[0]);
    version = integerBytesOf(inner, "version")[0]! + 1;
    at = 1;
  }
  const serialNumber = integerBytesOf(tbs[at], "serialNumber");
  const [notBefore, notAfter] = expectChildren(tbs[at + 3], derTag.sequence, "validity");
  const spkiNode = expect(tbs[at + 5], derTag.sequence, "subjectPublicKeyInfo");
  const [keyAlgorithm, publicKey] = childrenOf(spkiNode);
  const extensions: CertificateExtension[] = [];
  for (const node of tbs.slice(at + 6)) {
    if (node.tag !== contextTag(3, true)) continue;
    const [list] = childrenOf(node);
    for (const extension of expectChildren(list, derTag.sequence, "extensions")) {
      const parts = expectChildren(extension, derTag.sequence, "extension");
      const critical = parts[1]?.tag === derTag.boolean ? booleanOf(parts[1]) : false;
      const value = parts[parts[1]?.tag === derTag.boolean ? 2 : 1];
      extensions.push({
        oid: oidOf(parts[0], "extnID"),
        critical,
        value: contentOf(expect(value, derTag.octetString, "extnValue")),
      });
    }
  }
  return {
    der: encodedOf(root),
    tbs: encodedOf(tbsNode!),
    version,
    serialNumber,
    signatureAlgorithm: algorithmOf(algorithm, "signatureAlgorithm"),
    signature: bitStringOf(signature, "signatureValue"),
    issuer: nameOf(tbs[at + 2], "issuer"),
    subject: nameOf(tbs[at + 4], "subject"),
    notBefore: timeOf(notBefore, "notBefore"),
    notAfter: timeOf(notAfter, "notAfter"),
    spki: encodedOf(spkiNode),
    keyAlgorithm: algorithmOf(keyAlgorithm, "subjectPublicKeyInfo algorithm"),
    publicKey: bitStringOf(publicKey, "subjectPublicKey"),
    extensions,
  };
}

export function algorithmOf(node: DerNode | undefined, what: string): AlgorithmIdentifier {
  const [oid, parameters] = expectChildren(node, derTag.sequence, what);
  return {
    oid: oidOf(oid, what),
    parameters: parameters && parameters.tag !== derTag.null ? parameters : null,
  };
}

export function nameOf(node: DerNode | undefined, what: string): ParsedName {
  const rdns = expectChildren(node, derTag.sequence, what);
  const attributes: NameAttribute[] = [];
  rdns.forEach((rdn, index) => {
    for (const pair of expectChildren(rdn, derTag.set, `${what} RDN`)) {
      const [type, value] = expectChildren(pair, derTag.sequence, `${what} attribute`);
      if (!value) throw new DerError(`${what} attribute has no value`);
      attributes.push({
        oid: oidOf(type, `${what} attribute type`),
        value: stringOf(value) ?? `#${encodedOf(value).toString("hex")}`,
        rdn: index,
      });
    }
  });
  return { der: encodedOf(node!), attributes };
}
