/**
 * CRL distribution points beyond a plain URL (RFC 5280 4.2.1.13), written as DER by hand:
 * @peculiar/x509's extension takes URLs only. The X.509 module tags implicitly, but a tagged
 * CHOICE (DistributionPointName, Name) is always explicit.
 */

/** One DistributionPoint: a full name of URLs or a name relative to the CRL's issuer, and a cRLIssuer. */
export interface TestCrlPoint {
  /** fullName [0]: these URLs. */
  urls?: readonly string[];
  /** nameRelativeToCRLIssuer [1]: this CN, relative to the CRL issuer's name. */
  relativeCommonName?: string;
  /** cRLIssuer [2]: an indirect CRL, signed by the CA of this CN (a directoryName). */
  crlIssuerCommonName?: string;
}

export const crlDistributionPointsOid = "2.5.29.31";
/** FreshestCRL (RFC 5280 4.2.1.15): where the delta CRLs are; the same syntax. */
export const freshestCrlOid = "2.5.29.46";

function tlv(tag: number, ...contents: Uint8Array[]): Uint8Array {
  const body = Buffer.concat(contents);
  const length =
    body.length < 0x80
      ? [body.length]
      : body.length < 0x100
        ? [0x81, body.length]
        : [0x82, body.length >> 8, body.length & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
}

const uri = (url: string) => tlv(0x86, Buffer.from(url, "ascii"));
/** AttributeTypeAndValue commonName (2.5.4.3) as a UTF8String. */
const commonName = (value: string) =>
  tlv(0x30, Buffer.from([0x06, 0x03, 0x55, 0x04, 0x03]), tlv(0x0c, Buffer.from(value, "utf8")));
/** directoryName [4] of a Name with one RDN. */
const directoryName = (cn: string) => tlv(0xa4, tlv(0x30, tlv(0x31, commonName(cn))));

/** The extension's value: CRLDistributionPoints (or FreshestCRL) ::= SEQUENCE OF DistributionPoint. */
export function encodeCrlPoints(points: readonly TestCrlPoint[]): Uint8Array {
  return tlv(
    0x30,
    ...points.map((point) => {
      const parts: Uint8Array[] = [];
      if (point.urls?.length) parts.push(tlv(0xa0, tlv(0xa0, ...point.urls.map(uri))));
      if (point.relativeCommonName) {
        parts.push(tlv(0xa0, tlv(0xa1, commonName(point.relativeCommonName))));
      }
      if (point.crlIssuerCommonName) {
        parts.push(tlv(0xa2, directoryName(point.crlIssuerCommonName)));
      }
      return tlv(0x30, ...parts);
    }),
  );
}
