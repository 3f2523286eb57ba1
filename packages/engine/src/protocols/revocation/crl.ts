import {
  childrenOf,
  contextTag,
  DerError,
  type DerNode,
  derTag,
  encodedOf,
  expectChildren,
  readNode,
  readRoot,
} from "../x509/der/der-reader.js";
import {
  bigIntegerOf,
  bitStringOf,
  integerBytesOf,
  oidOf,
  timeOf,
} from "../x509/der/der-values.js";
import {
  type AlgorithmIdentifier,
  algorithmOf,
  nameOf,
  type ParsedCertificate,
  type ParsedName,
} from "../x509/parse-certificate.js";
import { nameKey, verifySignature } from "../x509/verify-signature.js";
import {
  enumeratedOf,
  freshnessProblem,
  type RevocationAnswer,
  reasonName,
} from "./revocation-answer.js";

/** A CRL larger than this is not read (real ones of big CAs run to a few MiB). */
export const maxCrlBytes = 8 * 1024 * 1024;

const reasonCodeOid = "2.5.29.21";
const crlNumberOid = "2.5.29.20";
const deltaCrlIndicatorOid = "2.5.29.27";

/** A CertificateList (RFC 5280 5.1) read and checked once; looked up for any serial. */
export interface ParsedCrl {
  issuer: ParsedName;
  thisUpdate: Date;
  nextUpdate: Date | null;
  tbs: Buffer;
  signatureAlgorithm: AlgorithmIdentifier;
  signature: Buffer;
  /** The revokedCertificates SEQUENCE, or null when the list is empty. */
  revoked: DerNode | null;
  /** cRLNumber (RFC 5280 5.2.3), when the CRL has one. */
  crlNumber: bigint | null;
  /** A delta CRL's deltaCRLIndicator (RFC 5280 5.2.4): the number of the base it updates. */
  baseCrlNumber: bigint | null;
}

/** Reads a CRL's DER; DerError says what is wrong with it. */
export function parseCrl(der: Uint8Array): ParsedCrl {
  if (der.byteLength > maxCrlBytes) throw new DerError(`it is larger than ${maxCrlBytes} bytes`);
  const [tbsNode, algorithm, signature] = expectChildren(
    readRoot(der),
    derTag.sequence,
    "CertificateList",
  );
  const tbs = expectChildren(tbsNode, derTag.sequence, "TBSCertList");
  // version is optional (v1 CRLs omit it); then signature, issuer, thisUpdate.
  const at = tbs[0]?.tag === derTag.integer ? 1 : 0;
  const issuer = nameOf(tbs[at + 1], "issuer");
  const thisUpdate = timeOf(tbs[at + 2], "thisUpdate");
  let rest = tbs.slice(at + 3);
  let nextUpdate: Date | null = null;
  if (rest[0]?.tag === derTag.utcTime || rest[0]?.tag === derTag.generalizedTime) {
    nextUpdate = timeOf(rest[0], "nextUpdate");
    rest = rest.slice(1);
  }
  const revoked = rest[0]?.tag === derTag.sequence ? rest[0] : null;
  const numbers = crlNumbersOf(rest.find((node) => node.tag === contextTag(0, true)));
  return {
    ...numbers,
    issuer,
    thisUpdate,
    nextUpdate,
    tbs: encodedOf(tbsNode!),
    signatureAlgorithm: algorithmOf(algorithm, "signatureAlgorithm"),
    signature: bitStringOf(signature, "signatureValue"),
    revoked,
  };
}

/** cRLNumber and deltaCRLIndicator from crlExtensions [0] (RFC 5280 5.1.2.7). */
function crlNumbersOf(extensions: DerNode | undefined) {
  const numbers = { crlNumber: null as bigint | null, baseCrlNumber: null as bigint | null };
  const list = extensions ? childrenOf(extensions)[0] : undefined;
  for (const extension of list ? childrenOf(list) : []) {
    const parts = expectChildren(extension, derTag.sequence, "CRL extension");
    const oid = oidOf(parts[0]);
    // extnValue, an OCTET STRING holding the value's DER, comes last (after `critical`).
    const value = () => bigIntegerOf(readRoot(contentOf(parts.at(-1)!)), oid);
    if (oid === crlNumberOid) numbers.crlNumber = value();
    if (oid === deltaCrlIndicatorOid) numbers.baseCrlNumber = value();
  }
  return numbers;
}

/** Why `crl` cannot speak for certificates of `issuer`, or null: name, signature. */
export function crlIssuerProblem(crl: ParsedCrl, issuer: ParsedCertificate): string | null {
  if (
    !crl.issuer.der.equals(issuer.subject.der) &&
    nameKey(crl.issuer) !== nameKey(issuer.subject)
  ) {
    return "it is issued by another name than the certificate's issuer";
  }
  const signed = verifySignature({
    data: crl.tbs,
    algorithm: crl.signatureAlgorithm,
    signature: crl.signature,
    spki: issuer.spki,
  });
  return signed ? null : "its signature does not verify with the issuer's key";
}

/**
 * What `crl` says about `certificate`: issued and signed by `issuer`, fresh at `now`, and
 * whether the serial is listed (with its date and reason). Never throws for bad bytes.
 */
export function crlAnswer(options: {
  crl: ParsedCrl;
  certificate: ParsedCertificate;
  issuer: ParsedCertificate;
  now: number;
}): RevocationAnswer {
  const { crl, certificate, issuer, now } = options;
  const problem =
    crlIssuerProblem(crl, issuer) ??
    freshnessProblem({ thisUpdate: crl.thisUpdate, nextUpdate: crl.nextUpdate, now });
  if (problem) return { status: "invalid", problem };
  const base = { thisUpdate: crl.thisUpdate, nextUpdate: crl.nextUpdate };
  try {
    const entry = crl.revoked ? findEntry(crl.revoked, certificate.serialNumber) : undefined;
    if (!entry) return { ...base, status: "good", revokedAt: null, reason: null };
    const [, date, extensions] = entry;
    return {
      ...base,
      status: "revoked",
      revokedAt: timeOf(date, "revocationDate"),
      reason: reasonOf(extensions),
    };
  } catch (error) {
    if (error instanceof DerError) {
      return { status: "invalid", problem: `it does not parse: ${error.message}` };
    }
    throw error;
  }
}

/** The entry for `serial`, read one at a time so a long list is walked, not copied. */
function findEntry(list: DerNode, serial: Buffer): DerNode[] | undefined {
  for (let at = list.contentStart; at < list.end; ) {
    const entry = readNode(list.input, at, list.end);
    at = entry.end;
    const fields = expectChildren(entry, derTag.sequence, "revoked entry");
    if (integerBytesOf(fields[0], "userCertificate").equals(serial)) return fields;
  }
  return undefined;
}

const contentOf = (node: DerNode) => node.input.subarray(node.contentStart, node.end);

function reasonOf(extensions: DerNode | undefined): string | null {
  if (extensions?.tag !== derTag.sequence) return null;
  for (const extension of childrenOf(extensions)) {
    const parts = expectChildren(extension, derTag.sequence, "entry extension");
    if (oidOf(parts[0], "extnID") !== reasonCodeOid) continue;
    return reasonName(enumeratedOf(readRoot(contentOf(parts.at(-1)!)), "reasonCode"));
  }
  return null;
}
