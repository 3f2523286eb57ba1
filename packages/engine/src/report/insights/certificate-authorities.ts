/**
 * A certificate authority as the CAA insight knows it: the names it signs under (matched against
 * the certificate issuer's organization and common name) and the issuer domain names it
 * recognises in CAA `issue` / `issuewild` records (RFC 8659 section 4.2).
 */
export interface CertificateAuthority {
  readonly name: string;
  readonly issuerNames: readonly string[];
  readonly caaIdentifiers: readonly string[];
}

/**
 * Major public CAs and the identifiers their CPS lists for CAA checking. Brands a CA issues
 * under (GeoTrust and RapidSSL for DigiCert, ZeroSSL through Sectigo) map to the identifiers that
 * CA honours. Extend or correct with the engine's `insights.caaIssuers` option.
 */
export const builtInCertificateAuthorities: readonly CertificateAuthority[] = [
  {
    name: "Let's Encrypt",
    issuerNames: ["Let's Encrypt", "ISRG"],
    caaIdentifiers: ["letsencrypt.org"],
  },
  {
    name: "DigiCert",
    issuerNames: [
      "DigiCert",
      "GeoTrust",
      "RapidSSL",
      "Thawte",
      "Symantec",
      "Encryption Everywhere",
    ],
    caaIdentifiers: [
      "digicert.com",
      "geotrust.com",
      "rapidssl.com",
      "thawte.com",
      "symantec.com",
      "digitalcertvalidation.com",
    ],
  },
  {
    name: "Sectigo",
    issuerNames: ["Sectigo", "COMODO", "USERTrust"],
    caaIdentifiers: [
      "sectigo.com",
      "comodoca.com",
      "comodo.com",
      "usertrust.com",
      "trust-provider.com",
    ],
  },
  { name: "ZeroSSL", issuerNames: ["ZeroSSL"], caaIdentifiers: ["sectigo.com"] },
  { name: "GlobalSign", issuerNames: ["GlobalSign"], caaIdentifiers: ["globalsign.com"] },
  {
    name: "Google Trust Services",
    issuerNames: ["Google Trust Services"],
    caaIdentifiers: ["pki.goog"],
  },
  {
    name: "Amazon",
    issuerNames: ["Amazon"],
    caaIdentifiers: ["amazon.com", "amazontrust.com", "awstrust.com", "amazonaws.com"],
  },
  {
    name: "Entrust",
    issuerNames: ["Entrust", "AffirmTrust"],
    caaIdentifiers: ["entrust.net", "affirmtrust.com"],
  },
  {
    name: "GoDaddy",
    issuerNames: ["GoDaddy", "Go Daddy", "Starfield"],
    caaIdentifiers: ["godaddy.com", "starfieldtech.com"],
  },
  { name: "Buypass", issuerNames: ["Buypass"], caaIdentifiers: ["buypass.com", "buypass.no"] },
  { name: "SSL.com", issuerNames: ["SSL.com", "SSL Corporation"], caaIdentifiers: ["ssl.com"] },
  { name: "Microsoft", issuerNames: ["Microsoft"], caaIdentifiers: ["microsoft.com"] },
  {
    name: "Certum",
    issuerNames: ["Certum", "Asseco", "Unizeto"],
    caaIdentifiers: ["certum.pl", "certum.eu"],
  },
  { name: "HARICA", issuerNames: ["HARICA"], caaIdentifiers: ["harica.gr"] },
  { name: "Actalis", issuerNames: ["Actalis"], caaIdentifiers: ["actalis.it"] },
  { name: "IdenTrust", issuerNames: ["IdenTrust"], caaIdentifiers: ["identrust.com"] },
];

/**
 * The built-in table extended by `caaIssuers` (CA name to identifiers). A name that is already
 * in the table (any case) adds identifiers to it; a new name is a new CA matched by that name.
 */
export function certificateAuthorities(
  caaIssuers: Readonly<Record<string, readonly string[]>> = {},
): CertificateAuthority[] {
  const table = builtInCertificateAuthorities.map((ca) => ({
    ...ca,
    caaIdentifiers: [...ca.caaIdentifiers],
  }));
  for (const [name, identifiers] of Object.entries(caaIssuers)) {
    const normalized = identifiers.map(identifierKey);
    const existing = table.find((ca) => ca.name.toLowerCase() === name.trim().toLowerCase());
    if (existing) {
      existing.caaIdentifiers = [...new Set([...existing.caaIdentifiers, ...normalized])];
    } else {
      table.push({ name: name.trim(), issuerNames: [name.trim()], caaIdentifiers: normalized });
    }
  }
  return table;
}

/** An issuer domain name as CAA compares it (RFC 8659: case-insensitive, no trailing dot). */
export function identifierKey(identifier: string): string {
  return identifier.trim().toLowerCase().replace(/\.$/, "");
}

// Names compared as words: "Let's Encrypt" matches "O=Let's Encrypt" but "Amazon" not "Amazonia".
const words = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;

/** The CAs whose names appear, as whole words, in the issuer's organization or common name. */
export function certificateAuthoritiesOf(
  table: readonly CertificateAuthority[],
  issuer: { organization: string | null; commonName: string | null },
): CertificateAuthority[] {
  const issuerWords = [issuer.organization, issuer.commonName]
    .filter((name): name is string => name !== null)
    .map(words);
  return table.filter((ca) =>
    ca.issuerNames.some((name) => issuerWords.some((text) => text.includes(words(name)))),
  );
}
