import {
  AsnArray,
  AsnConvert,
  AsnProp,
  AsnPropTypes,
  AsnType,
  AsnTypeTypes,
  OctetString,
} from "@peculiar/asn1-schema";
import {
  AlgorithmIdentifier,
  AuthorityInfoAccessSyntax,
  Certificate,
  CertificatePolicies,
  CRLDistributionPoints,
  type GeneralName,
  id_ad_caIssuers,
  id_ad_ocsp,
  id_ce_certificatePolicies,
  id_ce_cRLDistributionPoints,
  id_pe_authorityInfoAccess,
} from "@peculiar/asn1-x509";
import type { SslSct, SslValidationType } from "../certificate-types.js";
import { parseSctList } from "./sct-list.js";
import { hashByOid, rsassaPssOid, signatureAlgorithmOf } from "./signature-algorithms.js";

/** What Node 20's X509Certificate does not expose, read from the DER. */
export interface CertificateDerFields {
  signatureAlgorithm: string | null;
  signatureHash: string | null;
  ocspUrls: string[];
  caIssuerUrls: string[];
  crlUrls: string[];
  policies: string[];
  validationType: SslValidationType | null;
  mustStaple: boolean;
  scts: SslSct[];
}

const id_pe_tlsFeature = "1.3.6.1.5.5.7.1.24";
const id_sctList = "1.3.6.1.4.1.11129.2.4.2";
const statusRequest = 5;

// CA/Browser Forum policy OIDs (Baseline Requirements 7.1.6.1, EV Guidelines 9.3.4).
const validationTypes: Record<string, SslValidationType> = {
  "2.23.140.1.1": "EV",
  "2.23.140.1.2.1": "DV",
  "2.23.140.1.2.2": "OV",
  "2.23.140.1.2.3": "IV",
};

// Schemas asn1-x509 lacks. The decorators are applied as plain calls: the engine compiles
// without `experimentalDecorators`, and these are ordinary functions of (class | prototype, key).

/** TLSFeature ::= SEQUENCE OF INTEGER (RFC 7633). */
class TlsFeatures extends AsnArray<number> {}
AsnType({ type: AsnTypeTypes.Sequence, itemType: AsnPropTypes.Integer })(TlsFeatures);

/** RSASSA-PSS-params (RFC 4055): only the hash is read; it defaults to SHA-1 when absent. */
class PssParams {
  hashAlgorithm?: AlgorithmIdentifier;
  maskGenAlgorithm?: AlgorithmIdentifier;
  saltLength?: number;
  trailerField?: number;
}
AsnProp({ type: AlgorithmIdentifier, context: 0, optional: true })(
  PssParams.prototype,
  "hashAlgorithm",
);
AsnProp({ type: AlgorithmIdentifier, context: 1, optional: true })(
  PssParams.prototype,
  "maskGenAlgorithm",
);
AsnProp({ type: AsnPropTypes.Integer, context: 2, optional: true })(
  PssParams.prototype,
  "saltLength",
);
AsnProp({ type: AsnPropTypes.Integer, context: 3, optional: true })(
  PssParams.prototype,
  "trailerField",
);

const empty = (): CertificateDerFields => ({
  signatureAlgorithm: null,
  signatureHash: null,
  ocspUrls: [],
  caIssuerUrls: [],
  crlUrls: [],
  policies: [],
  validationType: null,
  mustStaple: false,
  scts: [],
});

/**
 * Reads the signature algorithm, AIA and CRL URLs, policies, must-staple and embedded SCTs.
 * OpenSSL has already accepted the certificate, but an extension it ignores may still be
 * malformed: each one is read on its own and a broken one is left out, never thrown.
 */
export function readCertificateDer(options: { der: Uint8Array }): CertificateDerFields {
  const fields = empty();
  let certificate: Certificate;
  try {
    certificate = AsnConvert.parse(options.der, Certificate);
  } catch {
    return fields;
  }

  const algorithm = certificate.signatureAlgorithm;
  const known = signatureAlgorithmOf(algorithm.algorithm);
  fields.signatureAlgorithm = known.name;
  fields.signatureHash =
    algorithm.algorithm === rsassaPssOid ? pssHash(algorithm.parameters) : known.hash;

  for (const extension of certificate.tbsCertificate.extensions ?? []) {
    const value = extension.extnValue.buffer;
    try {
      switch (extension.extnID) {
        case id_pe_authorityInfoAccess:
          for (const access of AsnConvert.parse(value, AuthorityInfoAccessSyntax)) {
            const url = uriOf(access.accessLocation);
            if (url && access.accessMethod === id_ad_ocsp) fields.ocspUrls.push(url);
            if (url && access.accessMethod === id_ad_caIssuers) fields.caIssuerUrls.push(url);
          }
          break;
        case id_ce_cRLDistributionPoints:
          for (const point of AsnConvert.parse(value, CRLDistributionPoints)) {
            for (const name of point.distributionPoint?.fullName ?? []) {
              const url = uriOf(name);
              if (url) fields.crlUrls.push(url);
            }
          }
          break;
        case id_ce_certificatePolicies:
          fields.policies = AsnConvert.parse(value, CertificatePolicies).map(
            (policy) => policy.policyIdentifier,
          );
          fields.validationType =
            fields.policies.map((oid) => validationTypes[oid]).find(Boolean) ?? null;
          break;
        case id_pe_tlsFeature:
          fields.mustStaple = AsnConvert.parse(value, TlsFeatures).includes(statusRequest);
          break;
        case id_sctList:
          fields.scts = parseSctList(new Uint8Array(AsnConvert.parse(value, OctetString).buffer));
          break;
      }
    } catch {
      // A malformed extension tells nothing; the others still count.
    }
  }
  return fields;
}

function uriOf(name: GeneralName): string | undefined {
  return name.uniformResourceIdentifier;
}

function pssHash(parameters: ArrayBuffer | null | undefined): string | null {
  // Absent parameters or an absent hashAlgorithm mean SHA-1 (RFC 4055 section 3.1).
  if (!parameters) return "SHA-1";
  try {
    const params = AsnConvert.parse(parameters, PssParams);
    if (!params.hashAlgorithm) return "SHA-1";
    return hashByOid[params.hashAlgorithm.algorithm] ?? null;
  } catch {
    return null;
  }
}
