import { type Contact, finalizeContact } from "rdapper";
import { countryOfAddress } from "./whois-countries.js";
import type { WhoisBlock } from "./whois-reader.js";
import type { Reading } from "./whois-reading.js";

/** The fields of a contact, each under the label words that follow a role's prefix. */
const contactFields = {
  name: [" name", " contact name", " personname"],
  organization: [
    " organization",
    " organisation",
    " org",
    " organization name",
    " company",
    " organization-loc",
  ],
  email: [" email", " contact email", " e-mail", " email address"],
  phone: [" phone", " contact phone", " telephone", " phone number"],
  street: [" street", " address", "'s address", " street address"],
  country: [" country", " country code", " country-loc", " country / region"],
  fax: [" fax", " facsimile", " fax-no"],
  city: [" city"],
  state: [" state", " province", " state/province"],
  postalCode: [" postal code", " postcode", " zip"],
} as const;
type ContactField = keyof typeof contactFields;

const organisationLabels = ["organisation", "organization"];
const holderHandleLabels = ["registrant", "holder-c", "holder", "owner-c", "domain holder handle"];
const addressLabels = ["address"];

/** Labels the gTLD form writes for the registrant only (`Registrant Person:`, `Trading as:`). */
const registrantExtra: Partial<Record<ContactField, readonly string[]>> = {
  name: ["registrant person"],
  organization: ["trading as", "org"],
};

const roles: { type: Contact["type"]; prefixes: string[] }[] = [
  { type: "registrant", prefixes: ["registrant", "owner", "holder"] },
  { type: "admin", prefixes: ["admin", "administrative"] },
  { type: "tech", prefixes: ["tech", "technical"] },
  { type: "billing", prefixes: ["billing"] },
  { type: "abuse", prefixes: ["abuse"] },
];

/**
 * Per role and field, the labels with the role's prefixes (`registrant email`, `owner email`)
 * and the plain ones of the role's own block (`email`): built once.
 */
const contactLabels = roles.map(({ type, prefixes }) => ({
  type,
  prefixes,
  fields: Object.fromEntries(
    (Object.keys(contactFields) as ContactField[]).map((field) => [
      field,
      {
        prefixed: [
          ...prefixes.flatMap((prefix) => contactFields[field].map((suffix) => prefix + suffix)),
          ...(type === "registrant" ? (registrantExtra[field] ?? []) : []),
        ],
        plain: contactFields[field].map((suffix) => suffix.trim()),
      },
    ]),
  ) as unknown as Record<ContactField, { prefixed: readonly string[]; plain: readonly string[] }>,
}));

/**
 * The contacts: `Registrant Name:` lines of the domain's block (the gTLD form), or the plain
 * labels of a role's own block (`Registrant` then `  Organization:`). Values go to rdapper's
 * `finalizeContact` as written, so placeholders become `redactedFields`.
 */
export function contactsOf(read: Reading): Contact[] | undefined {
  if (read.entries.length === 0) return undefined;
  const contacts: Contact[] = [];
  for (const { type, prefixes, fields } of contactLabels) {
    const block = type === "abuse" ? undefined : (type as WhoisBlock);
    const all = (field: ContactField, extra: readonly string[] = []) => {
      const { prefixed, plain } = fields[field];
      // `Registrant Country:` in the domain's block or the role's own (`Owner-Country:`, .vg).
      const found = read.values(block ? ["domain", block] : ["domain"], prefixed);
      const more = found.length > 0 || extra.length === 0 ? found : read.values(["domain"], extra);
      if (more.length > 0 || !block) return more;
      return read.values([block], plain);
    };
    const value = (field: ContactField, extra?: readonly string[]) => all(field, extra)[0];
    const registrant = type === "registrant";
    const name = value("name");
    const organization = value(
      "organization",
      registrant ? read.labelsOf("registrantOrganization") : [],
    );
    const email = value("email");
    const phone = value("phone");
    const street = all("street");
    const country =
      value("country", registrant ? read.labelsOf("registrantCountry") : []) ??
      // The holder's address as lines, its last a country (`Registrant:` then `... UNITED STATES`).
      (registrant
        ? countryOfAddress([
            ...street,
            ...read.values(["domain", "registrant"], prefixes),
            // Dot TK's holder is its `Organisation:`, its address the lines under it; IANA's
            // (.int) is the domain's own `organisation:` and `address:` lines.
            ...read.values(["domain"], organisationLabels),
            ...read.values(["domain"], addressLabels),
          ])
        : undefined);
    if (!(name || organization || email || phone || street.length || country)) {
      const linked = registrant ? registrantByHandle(read) : undefined;
      if (linked) contacts.push(linked);
      continue;
    }
    const details = {
      fax: value("fax"),
      city: value("city"),
      state: value("state"),
      postalCode: value("postalCode"),
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
  const handle = read.values(["domain"], holderHandleLabels)[0];
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
