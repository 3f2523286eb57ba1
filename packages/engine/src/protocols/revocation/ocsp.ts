import { certificateFields } from "../x509/der/certificate-fields.js";
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
} from "../x509/der/der-reader.js";
import { bitStringOf, oidOf, timeOf } from "../x509/der/der-values.js";
import { sequence } from "../x509/der/der-writer.js";
import {
  algorithmOf,
  type ParsedCertificate,
  tryParseCertificate,
} from "../x509/parse-certificate.js";
import { issuedBy, verifySignature } from "../x509/verify-signature.js";
import { certIdMatches, encodeCertId } from "./cert-id.js";
import {
  enumeratedOf,
  freshnessProblem,
  type RevocationAnswer,
  reasonName,
} from "./revocation-answer.js";

/** A stapled or fetched OCSP response larger than this is not read. */
export const maxOcspResponseBytes = 64 * 1024;

const basicResponseOid = "1.3.6.1.5.5.7.48.1.1";
const ocspSigningOid = "1.3.6.1.5.5.7.3.9";
/** OCSPResponseStatus (RFC 6960 4.2.1); 4 is not used. */
const responseStatuses = [
  "successful",
  "malformedRequest",
  "internalError",
  "tryLater",
  "",
  "sigRequired",
  "unauthorized",
];

/** An OCSPRequest (RFC 6960 4.1.1) for one certificate, unsigned and without a nonce (RFC 5019). */
export function encodeOcspRequest(
  certificate: ParsedCertificate,
  issuer: ParsedCertificate,
): Buffer {
  const request = sequence(encodeCertId(certificate, issuer));
  return sequence(sequence(sequence(request)));
}

interface BasicResponse {
  tbs: Buffer;
  signatureAlgorithm: ReturnType<typeof algorithmOf>;
  signature: Buffer;
  responses: DerNode[];
  certs: ParsedCertificate[];
}

function readBasicResponse(der: Buffer): BasicResponse | string {
  const [statusNode, bytesNode] = expectChildren(readRoot(der), derTag.sequence, "OCSPResponse");
  const status = enumeratedOf(statusNode, "responseStatus");
  if (status !== 0)
    return `the responder answered ${responseStatuses[status] || `status ${status}`}`;
  const [responseBytes] = childrenOf(expect(bytesNode, contextTag(0, true), "responseBytes"));
  const [type, octets] = expectChildren(responseBytes, derTag.sequence, "ResponseBytes");
  if (oidOf(type, "responseType") !== basicResponseOid) return "it is not a basic OCSP response";
  const basic = readRoot(contentOf(expect(octets, derTag.octetString, "response")));
  const [tbsNode, algorithm, signature, certsNode] = expectChildren(
    basic,
    derTag.sequence,
    "BasicOCSPResponse",
  );
  const tbs = expectChildren(tbsNode, derTag.sequence, "ResponseData");
  // version [0] is optional; then responderID, producedAt, responses.
  const at = tbs[0]?.tag === contextTag(0, true) ? 1 : 0;
  const responses = expectChildren(tbs[at + 2], derTag.sequence, "responses");
  const certs =
    certsNode?.tag === contextTag(0, true)
      ? expectChildren(childrenOf(certsNode)[0], derTag.sequence, "certs").flatMap((node) => {
          const parsed = tryParseCertificate(encodedOf(node));
          return parsed ? [parsed] : [];
        })
      : [];
  return {
    tbs: encodedOf(tbsNode!),
    signatureAlgorithm: algorithmOf(algorithm, "signatureAlgorithm"),
    signature: bitStringOf(signature, "signature"),
    responses,
    certs,
  };
}

/**
 * The key that signed the response: the issuer's own, or a responder's certificate the issuer
 * signed for id-kp-OCSPSigning (RFC 6960 4.2.2.2), valid now. Null when none verifies.
 */
function signerOf(basic: BasicResponse, issuer: ParsedCertificate, now: number): string | null {
  const verifies = (signer: ParsedCertificate) =>
    verifySignature({
      data: basic.tbs,
      algorithm: basic.signatureAlgorithm,
      signature: basic.signature,
      spki: signer.spki,
    });
  if (verifies(issuer)) return "the issuer";
  for (const responder of basic.certs) {
    const usage = certificateFields(responder).extendedKeyUsage ?? [];
    const valid = responder.notBefore.getTime() <= now && now <= responder.notAfter.getTime();
    if (
      usage.includes(ocspSigningOid) &&
      valid &&
      issuedBy(responder, issuer) &&
      verifies(responder)
    ) {
      return "a responder the issuer delegated";
    }
  }
  return null;
}

/**
 * What an OCSP response says about `certificate`: read with the bounded DER reader, its
 * signature checked against the issuer or a delegated responder, the CertID matched, and
 * thisUpdate/nextUpdate checked against `now`. Anything wrong is `invalid` with the reason,
 * never a throw.
 */
export function readOcspResponse(options: {
  der: Uint8Array;
  certificate: ParsedCertificate;
  issuer: ParsedCertificate;
  now: number;
}): RevocationAnswer {
  const { certificate, issuer, now } = options;
  if (options.der.byteLength > maxOcspResponseBytes) {
    return { status: "invalid", problem: `it is larger than ${maxOcspResponseBytes} bytes` };
  }
  try {
    const basic = readBasicResponse(Buffer.from(options.der));
    if (typeof basic === "string") return { status: "invalid", problem: basic };
    if (!signerOf(basic, issuer, now)) {
      return {
        status: "invalid",
        problem:
          "its signature verifies neither with the issuer's key nor with a responder certificate the issuer signed for OCSP",
      };
    }
    const single = basic.responses
      .map((node) => expectChildren(node, derTag.sequence, "SingleResponse"))
      .find(([certId]) => certIdMatches(certId, certificate, issuer));
    if (!single) return { status: "invalid", problem: "it answers for another certificate" };
    return singleAnswer(single, now);
  } catch (error) {
    if (error instanceof DerError) {
      return { status: "invalid", problem: `it does not parse: ${error.message}` };
    }
    throw error;
  }
}

function singleAnswer(single: DerNode[], now: number): RevocationAnswer {
  const [, certStatus, thisUpdateNode, ...rest] = single;
  const thisUpdate = timeOf(thisUpdateNode, "thisUpdate");
  const nextNode = rest.find((node) => node.tag === contextTag(0, true));
  const nextUpdate = nextNode ? timeOf(childrenOf(nextNode)[0], "nextUpdate") : null;
  const stale = freshnessProblem({ thisUpdate, nextUpdate, now });
  if (stale) return { status: "invalid", problem: stale };
  const base = { thisUpdate, nextUpdate, revokedAt: null, reason: null };
  if (certStatus?.tag === contextTag(0, false)) return { ...base, status: "good" };
  if (certStatus?.tag === contextTag(2, false)) return { ...base, status: "unknown" };
  if (certStatus?.tag !== contextTag(1, true)) throw new DerError("certStatus is not a choice");
  const [time, reasonNode] = childrenOf(certStatus);
  const code = reasonNode ? enumeratedOf(childrenOf(reasonNode)[0], "revocationReason") : null;
  return {
    ...base,
    status: "revoked",
    revokedAt: timeOf(time, "revocationTime"),
    reason: code === null ? null : reasonName(code),
  };
}
