import { type Contact, finalizeContact } from "rdapper";
import { countryOfAddress } from "./whois-countries.js";
import type { WhoisBlock } from "./whois-reader.js";
import type { Reading } from "./whois-reading.js";

const contactRoles: { type: Contact["type"]; prefixes: string[] }[] = [
  { type: "registrant", prefixes: ["registrant", "owner", "holder"] },
  { type: "admin", prefixes: ["admin", "administrative"] },
  { type: "tech", prefixes: ["tech", "technical"] },
  { type: "billing", prefixes: ["billing"] },
  { type: "abuse", prefixes: ["abuse"] },
];

/** Keys of one contact field for every prefix of a role: `registrant email`, `owner email`... */
function keysFor(prefixes: string[], suffixes: string[]): string[] {
  return prefixes.flatMap((prefix) => suffixes.map((suffix) => `${prefix}${suffix}`));
}

/**
 * The contacts: `Registrant Name:` lines of the domain's block (the gTLD form), or the plain
 * labels of a role's own block (`Registrant` then `  Organization:`). Values go to rdapper's
 * `finalizeContact` as written, so placeholders become `redactedFields`.
 */
export function contactsOf(read: Reading): Contact[] | undefined {
  const contacts: Contact[] = [];
  for (const { type, prefixes } of contactRoles) {
    const block = type === "abuse" ? undefined : (type as WhoisBlock);
    const all = (suffixes: string[], extra: readonly string[] = []) => {
      // `Registrant Country:` in the domain's block or the role's own (`Owner-Country:`, .vg).
      const prefixed = read.values(block ? ["domain", block] : ["domain"], [
        ...keysFor(prefixes, suffixes),
        ...(type === "registrant" ? extra : []),
      ]);
      if (prefixed.length > 0 || !block) return prefixed;
      return read.values([block], suffixes.map((suffix) => suffix.trim()).filter(Boolean));
    };
    const value = (suffixes: string[], extra: readonly string[] = []) => all(suffixes, extra)[0];
    const name = value([" name", " contact name", " personname"], ["registrant person"]);
    const organization = value(
      [
        " organization",
        " organisation",
        " org",
        " organization name",
        " company",
        " organization-loc",
      ],
      [...read.labelsOf("registrantOrganization"), "trading as", "org"],
    );
    const email = value([" email", " contact email", " e-mail", " email address"]);
    const phone = value([" phone", " contact phone", " telephone", " phone number"]);
    const street = all([" street", " address", "'s address", " street address"]);
    const country =
      value(
        [" country", " country code", " country-loc", " country / region"],
        read.labelsOf("registrantCountry"),
      ) ??
      // The holder's address as lines, its last a country (`Registrant:` then `... UNITED STATES`).
      (type === "registrant"
        ? countryOfAddress([
            ...street,
            ...read.values(["domain", "registrant"], prefixes),
            // Dot TK's holder is its `Organisation:`, its address the lines under it; IANA's
            // (.int) is the domain's own `organisation:` and `address:` lines.
            ...read.values(["domain"], ["organisation", "organization"]),
            ...read.values(["domain"], ["address"]),
          ])
        : undefined);
    if (!(name || organization || email || phone || street.length || country)) {
      const linked = type === "registrant" ? registrantByHandle(read) : undefined;
      if (linked) contacts.push(linked);
      continue;
    }
    const details = {
      fax: value([" fax", " facsimile", " fax-no"]),
      city: value([" city"]),
      state: value([" state", " province", " state/province"]),
      postalCode: value([" postal code", " postcode", " zip"]),
      country,
    };
    contacts.push(
      finalizeContact({
        type,
        ...(name ? { name } : {}),
        ...(organization ? { organization } : {}),
        ...(email ? { email } : {}),
        ...(phone ? { phone } : {}),
        ...(street.length ? { street: [...street] } : {}),
        ...Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)),
      }),
    );
  }
  return contacts.length > 0 ? contacts : undefined;
}

/**
 * The registrant of registries that name it by handle (`registrant: GI7803022-NICAT`,
 * `holder-c: GIHU100-FRNIC`) and publish the contact as its own object: only its organization
 * and country, what the section publishes of a holder.
 */
function registrantByHandle(read: Reading): Contact | undefined {
  const handle = read.values(
    ["domain"],
    ["registrant", "holder-c", "holder", "owner-c", "domain holder handle"],
  )[0];
  if (!handle || /\s/.test(handle.trim())) return undefined;
  const object = read.objectOf(handle);
  const value = (labels: string[]) =>
    labels
      .map((label) => object.find((entry) => entry.label === label)?.value)
      .find((found) => found !== undefined && found !== "");
  const organization = value(["organization", "organisation", "org", "organization-loc"]);
  const country = value(["country", "country code", "countrycode", "country-loc"]);
  if (!(organization || country)) return undefined;
  return finalizeContact({
    type: "registrant",
    ...(organization ? { organization } : {}),
    ...(country ? { country } : {}),
  });
}
