import { type DomainRecord, isPrivacyContact } from "rdapper";
import { registrationOf } from "./whois-availability.js";
import { contactsOf } from "./whois-contacts.js";
import type { WhoisRedactedField } from "./whois-data.js";
import { datesOf } from "./whois-date-fields.js";
import { nameserversOf, registrarOf, statusesOf } from "./whois-fields.js";
import { genericLabelKeys, genericLabels, labelKey, type WhoisField } from "./whois-labels.js";
import { whoisProfileFor } from "./whois-profiles.js";
import { readWhoisEntries, type WhoisEntry } from "./whois-reader.js";
import { type Reading, reading, withheld } from "./whois-reading.js";

export { withheld } from "./whois-reading.js";

/** What the reader could not read in a registry's answer, and why. */
export interface WhoisReadNotes {
  /** Dates present in the text but not read, with the reason (`expires: "02/11/2019" could be...`). */
  unreadDates: string[];
  /** Fields the registry gives only as a placeholder ("REDACTED FOR PRIVACY", "NOT DISCLOSED!"). */
  withheld?: WhoisRedactedField[];
  /** Why the answer does not tell whether the name is registered (`registered: null`). */
  registeredUnknown?: string;
}

export type WhoisTextRecord = DomainRecord & { readNotes?: WhoisReadNotes };

/**
 * WHOIS text read into rdapper's `DomainRecord`, so both protocols reach the section through
 * one normaliser: the generic reader (whois-reader.ts) splits the text into blocks, labels are
 * matched by their keys against the table of labels in many languages (whois-labels.ts), and
 * the registry's profile (whois-profiles.ts) adds only what truly differs. Only the domain's
 * own block gives its dates, statuses and name servers; the registrar block gives the
 * registrar; contacts go through rdapper's `finalizeContact`, which turns placeholder text
 * ("REDACTED FOR PRIVACY") into `redactedFields`. Whether the name is registered follows
 * whois-availability.ts.
 */
export function parseWhoisText(input: {
  domain: string;
  tld: string;
  text: string;
  server: string;
  /** The registry profiles to choose from (default: the built-in table; none: the generic reader). */
  profiles?: Parameters<typeof whoisProfileFor>[2];
}): WhoisTextRecord {
  const { domain, text } = input;
  const profile = whoisProfileFor(input.tld, input.server, input.profiles);
  const records = ownRecords(
    readWhoisEntries(text, {
      domainLabels,
      knownLabels: genericLabelKeys,
      dateLabels,
      ...(profile.bareLabels ? { bareLabels: profile.bareLabels } : {}),
    }),
    domain,
  );
  const read = reading(records.first, profile);
  const more = reading(records.more, profile);
  const either = <T>(field: (from: Reading) => T | undefined): T | undefined =>
    field(read) ?? (records.more.length > 0 ? field(more) : undefined);
  const contacts = either(contactsOf);
  const statuses = either(statusesOf);
  const registrar = either(registrarOf);
  const nameservers = either(nameserversOf);
  const own = datesOf(read, profile);
  const added = records.more.length > 0 ? datesOf(more, profile) : own;
  const dates = {
    created: own.created ?? added.created,
    updated: own.updated ?? added.updated,
    expires: own.expires ?? added.expires,
    unread: own.unread,
  };
  const registration = registrationOf({
    text,
    profile,
    // The database's own update time is no registration: registrar, creation, expiry, servers
    // or a holder.
    hasData: Boolean(
      registrar?.name ||
        dates.created ||
        dates.expires ||
        nameservers?.length ||
        contacts?.some((contact) => contact.type === "registrant"),
    ),
    statuses: (statuses ?? []).map(({ status }) => status),
  });
  const dnssecValue = read.first("domain", undefined, dnssecLabels)?.toLowerCase();
  return {
    domain,
    tld: input.tld,
    isRegistered: registration.registered !== false,
    isIDN: /(^|\.)xn--/i.test(domain),
    registrar,
    statuses,
    creationDate: dates.created,
    updatedDate: dates.updated,
    expirationDate: dates.expires,
    transferLock: (statuses ?? []).some(
      (s) =>
        /transfer[-\s]*prohibited/i.test(s.status) ||
        profile.statusWords?.[s.status.toLowerCase()] === "transferLock",
    ),
    // normalize.ts reads the DNSSEC line itself; this keeps rdapper's shape.
    ...(dnssecValue ? { dnssec: { enabled: /^(signed|yes|true|active)/.test(dnssecValue) } } : {}),
    nameservers,
    contacts,
    ...(isPrivacyContact(contacts?.find((c) => c.type === "registrant"))
      ? { privacyEnabled: true }
      : {}),
    whoisServer: input.server,
    rawWhois: text,
    source: "whois",
    readNotes: {
      unreadDates: dates.unread,
      withheld: withheldFields(read),
      ...(registration.registered === null ? { registeredUnknown: registration.reason } : {}),
    },
  };
}

/**
 * The entries of the records for `domain`, the first apart: thin registries may list look-alike
 * names' records before the real one (`Domain Name: MICROSOFT.COM.ZZZ...`), each starting with
 * its domain line; an answer may name the domain again for a second record of it (the
 * registrar's after the registry's, the same in a second language at .kr), which only fills
 * what the first lacks.
 */
function ownRecords(
  entries: WhoisEntry[],
  domain: string,
): { first: WhoisEntry[]; more: WhoisEntry[] } {
  const named = (entry: WhoisEntry) =>
    entry.value.split(/\s+/)[0]!.toLowerCase().replace(/\.$/, "");
  const starts = entries
    .map((entry, index) => ({ entry, index }))
    .filter(
      ({ entry }) =>
        entry.block === "domain" &&
        (domainNameKeys.has(labelKey(entry.label)) || entry.label === "server name"),
    );
  const own = starts.flatMap((start, i) =>
    named(start.entry) === domain
      ? [entries.slice(i === 0 ? 0 : start.index, starts[i + 1]?.index ?? entries.length)]
      : [],
  );
  if (starts.length < 2 || own.length === 0) return { first: entries, more: [] };
  return { first: own[0]!, more: own.slice(1).flat() };
}

const dnssecLabels = ["dnssec"];
const holderLabels = ["registrant", "holder", "owner"];
const domainNameKeys: ReadonlySet<string> = new Set(genericLabels.domain.map(labelKey));
const dateLabels: ReadonlySet<string> = new Set(
  (["created", "updated", "expires"] as const)
    .flatMap((field) => genericLabels[field])
    .map(labelKey),
);

/** The domain's own date and status labels, which no contact has. */
const domainLabels: ReadonlySet<string> = new Set(
  (["created", "updated", "expires", "statuses"] as const)
    .flatMap((field) => genericLabels[field])
    .map(labelKey)
    .filter((key) => !["status", "state", "changed", "created", "registered"].includes(key)),
);

const registrarPaths: [WhoisField, WhoisRedactedField][] = [
  ["registrar", "registrar.name"],
  ["registrarIanaId", "registrar.ianaId"],
  ["registrarUrl", "registrar.url"],
  ["registrarAbuseEmail", "registrar.abuseEmail"],
  ["registrarAbusePhone", "registrar.abusePhone"],
];

/**
 * Fields present only as placeholders, withheld rather than missing: registrar lines, and a
 * registrant withheld whole (`Registrant:` then `NOT DISCLOSED!`, .eu).
 */
function withheldFields(read: Reading): WhoisRedactedField[] {
  const placeholders = (values: string[]) =>
    values.length > 0 && values.every((value) => withheld.test(value));
  const registrar = registrarPaths
    .filter(([field]) => placeholders(read.values(["domain"], read.labelsOf(field))))
    .map(([, path]) => path);
  // Its first line says so; the next may be a pointer ("Visit www.eurid.eu for ...").
  const holder = read.values(["domain"], holderLabels)[0];
  return holder !== undefined && withheld.test(holder)
    ? [...registrar, "registrant.organization", "registrant.country"]
    : registrar;
}

/** A record with none of the fields a registration has: the text was not a record. */
export function looksEmpty(record: DomainRecord): boolean {
  return !(
    record.registrar ||
    record.creationDate ||
    record.updatedDate ||
    record.expirationDate ||
    record.nameservers?.length ||
    record.statuses?.length ||
    record.contacts?.length
  );
}
