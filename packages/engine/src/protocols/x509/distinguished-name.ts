import type { SslName } from "./certificate-types.js";
import type { ParsedName } from "./parse-certificate.js";

/** OpenSSL's short names of the attribute types certificates use; others print as dotted OIDs. */
const shortNames: Record<string, string> = {
  "2.5.4.3": "CN",
  "2.5.4.4": "SN",
  "2.5.4.5": "serialNumber",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.9": "street",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.12": "title",
  "2.5.4.15": "businessCategory",
  "2.5.4.17": "postalCode",
  "2.5.4.42": "GN",
  "2.5.4.43": "initials",
  "2.5.4.46": "dnQualifier",
  "2.5.4.65": "pseudonym",
  "2.5.4.97": "organizationIdentifier",
  "0.9.2342.19200300.100.1.1": "UID",
  "0.9.2342.19200300.100.1.25": "DC",
  "1.2.840.113549.1.9.1": "emailAddress",
  "1.3.6.1.4.1.311.60.2.1.1": "jurisdictionL",
  "1.3.6.1.4.1.311.60.2.1.2": "jurisdictionST",
  "1.3.6.1.4.1.311.60.2.1.3": "jurisdictionC",
};

const commonNameOid = "2.5.4.3";
const organizationOid = "2.5.4.10";

/**
 * RFC 2253 escaping, as OpenSSL's ASN1_STRFLGS_ESC_2253 | ESC_CTRL print it (what Node's
 * X509Certificate#subject shows): `,+"\<>;` escaped, a leading `#` or space and a trailing
 * space too, control characters as `\XX`.
 */
function escapeValue(value: string): string {
  let text = "";
  [...value].forEach((char, index, chars) => {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f)
      text += `\\${code.toString(16).toUpperCase().padStart(2, "0")}`;
    else if (',+"\\<>;'.includes(char)) text += `\\${char}`;
    else if (
      (index === 0 && (char === "#" || char === " ")) ||
      (index === chars.length - 1 && char === " ")
    ) {
      text += `\\${char}`;
    } else text += char;
  });
  return text;
}

/** Whole name on one line, attributes in certificate order, as Node prints it joined by ", ". */
export function printName(name: ParsedName): string {
  const parts: string[] = [];
  name.attributes.forEach((attribute, index) => {
    const text = `${shortNames[attribute.oid] ?? attribute.oid}=${escapeValue(attribute.value)}`;
    // Attributes of one multi-valued RDN are joined with " + ", as OpenSSL does.
    if (index > 0 && name.attributes[index - 1]!.rdn === attribute.rdn) {
      parts[parts.length - 1] += ` + ${text}`;
    } else parts.push(text);
  });
  return parts.join(", ");
}

/** The last value of an attribute: the most specific one (OpenSSL's choice for CN). */
export function lastValue(name: ParsedName, oid: string): string | null {
  return name.attributes.findLast((attribute) => attribute.oid === oid)?.value ?? null;
}

export function describeName(name: ParsedName): SslName {
  return {
    dn: printName(name),
    commonName: lastValue(name, commonNameOid),
    organization: lastValue(name, organizationOid),
  };
}

export function commonNameOf(name: ParsedName): string | null {
  return lastValue(name, commonNameOid);
}
