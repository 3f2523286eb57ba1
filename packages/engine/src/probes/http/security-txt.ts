import type { SecurityTxtFields } from "./declaration.js";

export interface ParsedSecurityTxt {
  signed: boolean;
  fields: SecurityTxtFields;
  /** Expires is in the past; null when there is no usable Expires. */
  expired: boolean | null;
  errors: string[];
}

const signedStart = "-----BEGIN PGP SIGNED MESSAGE-----";
const signatureStart = "-----BEGIN PGP SIGNATURE-----";
const signatureEnd = "-----END PGP SIGNATURE-----";
const fieldLine = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+):[ \t]*(.*?)[ \t]*$/;
const yearMs = 366 * 24 * 3600 * 1000;
// RFC 3339 date-time (the format Expires takes, section 2.5.5).
const dateTime = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

const listFields = {
  contact: "contact",
  encryption: "encryption",
  acknowledgments: "acknowledgments",
  canonical: "canonical",
  policy: "policy",
  hiring: "hiring",
} as const;

/**
 * Parses a security.txt file per RFC 9116: comments and unknown fields are ignored, a
 * cleartext-signed file (RFC 4880 section 7) is read inside its signature, which is noted but
 * not verified (the key is not known). `errors` lists what the RFC requires and the file
 * breaks: Contact and Expires present, Expires and Preferred-Languages at most once, Expires a
 * date-time, web URIs over https.
 */
export function parseSecurityTxt(text: string, now: number): ParsedSecurityTxt {
  const errors: string[] = [];
  let lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  let signed = false;
  if (lines[0]?.trim() === signedStart) {
    signed = true;
    const body = cleartextBody(lines);
    if (body === undefined) errors.push("The PGP signed message has no signature block.");
    lines = body ?? lines.slice(1);
  }
  const fields: SecurityTxtFields = {
    contact: [],
    expires: null,
    encryption: [],
    acknowledgments: [],
    canonical: [],
    policy: [],
    hiring: [],
    preferredLanguages: [],
  };
  let expiresSeen = 0;
  let languagesSeen = 0;
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const match = fieldLine.exec(line);
    if (!match) {
      errors.push(`Line ${index + 1} is neither a field nor a comment.`);
      continue;
    }
    const name = match[1]!.toLowerCase();
    const value = match[2]!;
    if (name === "expires") {
      expiresSeen++;
      fields.expires ??= value;
    } else if (name === "preferred-languages") {
      languagesSeen++;
      if (languagesSeen === 1) {
        fields.preferredLanguages = value
          .split(",")
          .map((tag) => tag.trim())
          .filter(Boolean);
      }
    } else if (Object.hasOwn(listFields, name)) {
      fields[listFields[name as keyof typeof listFields]].push(value);
    }
  }
  if (fields.contact.length === 0) errors.push("No Contact field.");
  for (const contact of fields.contact) {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(contact)) errors.push(`Contact ${contact} is not a URI.`);
  }
  for (const [name, values] of Object.entries({
    Contact: fields.contact,
    Encryption: fields.encryption,
    Acknowledgments: fields.acknowledgments,
    Canonical: fields.canonical,
    Policy: fields.policy,
    Hiring: fields.hiring,
  })) {
    for (const value of values) {
      if (/^http:/i.test(value)) errors.push(`${name} ${value} is a web URI without https.`);
    }
  }
  if (expiresSeen > 1) errors.push("Expires appears more than once.");
  if (languagesSeen > 1) errors.push("Preferred-Languages appears more than once.");
  let expired: boolean | null = null;
  if (fields.expires === null) {
    errors.push("No Expires field.");
  } else {
    const at = dateTime.test(fields.expires) ? Date.parse(fields.expires) : Number.NaN;
    if (Number.isNaN(at)) {
      errors.push(`Expires ${fields.expires} is not an RFC 3339 date-time.`);
    } else {
      expired = at <= now;
      if (expired) errors.push(`Expired on ${fields.expires}.`);
      else if (at - now > yearMs) errors.push("Expires is more than a year ahead.");
    }
  }
  return { signed, fields, expired, errors };
}

/** The signed lines, dash-escaping undone, or undefined when the signature block is missing. */
function cleartextBody(lines: readonly string[]): string[] | undefined {
  let index = 1;
  // Armor headers ("Hash: SHA256") run to the first empty line.
  while (index < lines.length && lines[index]!.trim() !== "") index++;
  const start = index + 1;
  const end = lines.findIndex((line, at) => at >= start && line.trim() === signatureStart);
  if (end < 0) return undefined;
  if (!lines.slice(end).some((line) => line.trim() === signatureEnd)) return undefined;
  return lines.slice(start, end).map((line) => (line.startsWith("- ") ? line.slice(2) : line));
}
