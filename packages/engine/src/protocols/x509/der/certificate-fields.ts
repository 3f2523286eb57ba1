import type { SslSct, SslValidationType } from "../certificate-types.js";
import type { ParsedCertificate } from "../parse-certificate.js";
import {
  childrenOf,
  contentOf,
  contextTag,
  DerError,
  type DerNode,
  derTag,
  readRoot,
} from "./der-reader.js";
import { booleanOf, oidOf, smallIntegerOf } from "./der-values.js";
import { parseSctList } from "./sct-list.js";
import { pssParameters, rsassaPssOid, signatureAlgorithmOf } from "./signature-algorithms.js";

/** What a certificate's extensions and signature algorithm say, read from its DER. */
export interface CertificateFields {
  signatureAlgorithm: string | null;
  signatureHash: string | null;
  /** DNS names and IP addresses of the subjectAltName extension, in certificate order. */
  subjectAltNames: string[];
  /** basicConstraints cA. */
  ca: boolean;
  /** keyUsage bits (RFC 5280 4.2.1.3, bit 0 first); null without the extension. */
  keyUsage: boolean[] | null;
  /** extendedKeyUsage OIDs; null without the extension. */
  extendedKeyUsage: string[] | null;
  ocspUrls: string[];
  caIssuerUrls: string[];
  crlUrls: string[];
  /**
   * CRL distribution points not fetched, each in words: LDAP URLs, indirect CRLs (a cRLIssuer
   * other than the certificate's issuer), names relative to the issuer, delta CRLs (freshestCRL).
   */
  crlNotFetched: string[];
  /** freshestCRL's HTTP URLs: delta CRLs, read after a base CRL that says good (RFC 5280 6.3.3). */
  deltaCrlUrls: string[];
  policies: string[];
  validationType: SslValidationType | null;
  mustStaple: boolean;
  scts: SslSct[];
}

export const extensionOids = {
  subjectAltName: "2.5.29.17",
  basicConstraints: "2.5.29.19",
  keyUsage: "2.5.29.15",
  extendedKeyUsage: "2.5.29.37",
  authorityInfoAccess: "1.3.6.1.5.5.7.1.1",
  crlDistributionPoints: "2.5.29.31",
  freshestCrl: "2.5.29.46",
  certificatePolicies: "2.5.29.32",
  tlsFeature: "1.3.6.1.5.5.7.1.24",
  sctList: "1.3.6.1.4.1.11129.2.4.2",
} as const;

const id_ad_ocsp = "1.3.6.1.5.5.7.48.1";
const id_ad_caIssuers = "1.3.6.1.5.5.7.48.2";
const statusRequest = 5;
// GeneralName choices (RFC 5280 4.2.1.6), IMPLICIT tags.
const dnsNameTag = contextTag(2, false);
const uriTag = contextTag(6, false);
const ipAddressTag = contextTag(7, false);

// CA/Browser Forum policy OIDs (Baseline Requirements 7.1.6.1, EV Guidelines 9.3.4).
const validationTypes: Record<string, SslValidationType> = {
  "2.23.140.1.1": "EV",
  "2.23.140.1.2.1": "DV",
  "2.23.140.1.2.2": "OV",
  "2.23.140.1.2.3": "IV",
};

/** An IPv4 or IPv6 address from its bytes, IPv6 compressed as RFC 5952 writes it. */
function ipText(bytes: Buffer): string | undefined {
  if (bytes.length === 4) return [...bytes].join(".");
  if (bytes.length !== 16) return undefined;
  const groups = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16));
  // The longest run of two or more zero groups becomes "::".
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== "0") {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === "0") j++;
    if (j - i > best.length && j - i >= 2) best = { start: i, length: j - i };
    i = j;
  }
  if (best.start < 0) return groups.join(":");
  const head = groups.slice(0, best.start).join(":");
  const tail = groups.slice(best.start + best.length).join(":");
  return `${head}::${tail}`;
}

/** The URIs among GeneralNames. */
function urisOf(names: readonly DerNode[]): string[] {
  return names.flatMap((name) => (name.tag === uriTag ? [contentOf(name).toString("latin1")] : []));
}

const readers: Record<string, (value: Buffer, fields: CertificateFields) => void> = {
  [extensionOids.subjectAltName]: (value, fields) => {
    for (const name of childrenOf(readRoot(value))) {
      if (name.tag === dnsNameTag) fields.subjectAltNames.push(contentOf(name).toString("latin1"));
      else if (name.tag === ipAddressTag) {
        const text = ipText(contentOf(name));
        if (text) fields.subjectAltNames.push(text);
      }
    }
  },
  [extensionOids.basicConstraints]: (value, fields) => {
    const [first] = childrenOf(readRoot(value));
    fields.ca = first?.tag === derTag.boolean ? booleanOf(first) : false;
  },
  [extensionOids.keyUsage]: (value, fields) => {
    const bits = contentOf(readRoot(value));
    const unused = bits[0] ?? 0;
    const usable = Math.max(0, (bits.length - 1) * 8 - unused);
    fields.keyUsage = Array.from(
      { length: usable },
      (_, i) => ((bits[1 + (i >> 3)]! >> (7 - (i & 7))) & 1) === 1,
    );
  },
  [extensionOids.extendedKeyUsage]: (value, fields) => {
    fields.extendedKeyUsage = childrenOf(readRoot(value)).map((oid) => oidOf(oid));
  },
  [extensionOids.authorityInfoAccess]: (value, fields) => {
    for (const access of childrenOf(readRoot(value))) {
      const [method, location] = childrenOf(access);
      const [url] = location ? urisOf([location]) : [];
      if (!url) continue;
      const oid = oidOf(method);
      if (oid === id_ad_ocsp) fields.ocspUrls.push(url);
      if (oid === id_ad_caIssuers) fields.caIssuerUrls.push(url);
    }
  },
  [extensionOids.crlDistributionPoints]: (value, fields) => {
    for (const point of childrenOf(readRoot(value))) {
      const parts = childrenOf(point);
      const name = parts.find((part) => part.tag === contextTag(0, true));
      const urls: string[] = [];
      for (const choice of name ? childrenOf(name) : []) {
        // fullName [0] GeneralNames; a name relative to the issuer [1] names no URL.
        if (choice.tag === contextTag(0, true)) urls.push(...urisOf(childrenOf(choice)));
        else fields.crlNotFetched.push("a distribution point named relative to the issuer");
      }
      // cRLIssuer [2]: an indirect CRL, signed by another CA (RFC 5280 5.2.5).
      if (parts.some((part) => part.tag === contextTag(2, true))) {
        fields.crlNotFetched.push(...urls.map((url) => `${url} (an indirect CRL)`));
        continue;
      }
      for (const url of urls) {
        if (/^https?:/i.test(url)) fields.crlUrls.push(url);
        else fields.crlNotFetched.push(`${url} (${url.split(":")[0]?.toUpperCase()})`);
      }
    }
  },
  [extensionOids.freshestCrl]: (value, fields) => {
    for (const point of childrenOf(readRoot(value))) {
      const [name] = childrenOf(point);
      for (const choice of name?.tag === contextTag(0, true) ? childrenOf(name) : []) {
        if (choice.tag !== contextTag(0, true)) continue;
        const urls = urisOf(childrenOf(choice));
        fields.deltaCrlUrls.push(...urls.filter((url) => /^https?:/i.test(url)));
        // Named when no base CRL answered: a delta alone says nothing (RFC 5280 5.2.4).
        fields.crlNotFetched.push(...urls.map((url) => `${url} (a delta CRL)`));
      }
    }
  },
  [extensionOids.certificatePolicies]: (value, fields) => {
    fields.policies = childrenOf(readRoot(value)).map((policy) => oidOf(childrenOf(policy)[0]));
    fields.validationType =
      fields.policies.map((oid) => validationTypes[oid]).find(Boolean) ?? null;
  },
  [extensionOids.tlsFeature]: (value, fields) => {
    fields.mustStaple = childrenOf(readRoot(value)).some(
      (feature) => smallIntegerOf(feature) === statusRequest,
    );
  },
  [extensionOids.sctList]: (value, fields) => {
    // The extension's value is an OCTET STRING wrapping the TLS-encoded list (RFC 6962 3.3).
    const list = readRoot(value);
    if (list.tag === derTag.octetString) fields.scts = parseSctList(contentOf(list));
  },
};

/** The signature algorithm and the extensions a certificate carries. */
export function certificateFields(certificate: ParsedCertificate): CertificateFields {
  const algorithm = certificate.signatureAlgorithm;
  const known = signatureAlgorithmOf(algorithm.oid);
  const fields: CertificateFields = {
    signatureAlgorithm: known.name,
    signatureHash:
      algorithm.oid === rsassaPssOid ? pssParameters(algorithm.parameters).hash : known.hash,
    subjectAltNames: [],
    ca: false,
    keyUsage: null,
    extendedKeyUsage: null,
    ocspUrls: [],
    caIssuerUrls: [],
    crlUrls: [],
    crlNotFetched: [],
    deltaCrlUrls: [],
    policies: [],
    validationType: null,
    mustStaple: false,
    scts: [],
  };
  for (const extension of certificate.extensions) {
    try {
      readers[extension.oid]?.(extension.value, fields);
    } catch (error) {
      // A malformed extension tells nothing; the others still count.
      if (!(error instanceof DerError)) throw error;
    }
  }
  return fields;
}
