import type { Contact, DomainRecord } from "rdapper";
import { eppStatusOf, statusMeaning, transferLockStatuses } from "./epp-status.js";
import { privacyOf } from "./privacy.js";
import { rdapDnssec, rdapRegistrantOrganization } from "./rdap-variants.js";
import type {
  WhoisData,
  WhoisDsRecord,
  WhoisRedactedField,
  WhoisRegistrant,
  WhoisRegistrar,
  WhoisServer,
} from "./whois-data.js";
import { whoisRedactedFields } from "./whois-data.js";
import { parseIncompleteFindings, partialLookupFindings, whoisFindings } from "./whois-findings.js";
import { type WhoisTextRecord, withheld } from "./whois-text.js";

const dayMs = 24 * 60 * 60 * 1000;
/** `data.raw` holds at most this many characters of the registry's text. */
const rawCap = 16384;

export interface NormalizeInput {
  queriedDomain: string;
  /** rdapper's record, looked up with `includeRaw: true`. */
  record: DomainRecord;
  servers: WhoisServer[];
  /** Servers not asked because too little of the budget was left (`WHOIS whois.registrar.example`). */
  unasked?: readonly string[];
  now: number;
}

/** rdapper's `DomainRecord` in the section's shape: every field present, null when unknown. */
export function toWhoisData(input: NormalizeInput): WhoisData {
  const data = registrationOf(input);
  const notes = (input.record as WhoisTextRecord).readNotes;
  return {
    ...data,
    findings: [
      ...whoisFindings(data, input.now, notes?.registeredUnknown),
      ...parseIncompleteFindings(data, notes?.unreadDates ?? []),
      ...partialLookupFindings(data.servers, input.unasked ?? []),
    ],
  };
}

function registrationOf({
  queriedDomain,
  record,
  servers,
  now,
}: NormalizeInput): Omit<WhoisData, "findings"> {
  const unknown =
    record.source === "whois" &&
    (record as WhoisTextRecord).readNotes?.registeredUnknown !== undefined;
  const base = {
    queriedDomain,
    registered: unknown ? null : record.isRegistered,
    source: record.source,
    servers,
  };
  if (!record.isRegistered) {
    return {
      ...base,
      registrar: null,
      statuses: [],
      createdAt: null,
      updatedAt: null,
      expiresAt: null,
      expiresInDays: null,
      nameservers: [],
      dnssec: { delegationSigned: null, dsData: [] },
      transferLock: null,
      registrant: null,
      privacy: null,
      redacted: [],
      raw: null,
    };
  }
  const expiresAt = isoOrNull(record.expirationDate);
  const codes = unique(
    (record.statuses ?? []).map(({ status }) =>
      record.source === "rdap" ? eppStatusOf(status) : status.trim(),
    ),
  );
  const dnssec = record.source === "rdap" ? rdapDnssec(record) : record.dnssec;
  const dsData = dsRecordsOf(dnssec);
  const nameservers = unique(
    (record.nameservers ?? []).map(({ host }) => host.trim().toLowerCase().replace(/\.$/, "")),
  );
  const registrar = registrarOf(record);
  // The text goes out only where the reader missed something a person may find in it.
  const incomplete =
    !registrar?.name || !record.creationDate || !expiresAt || nameservers.length === 0;
  const signed =
    record.source === "whois" ? whoisDelegationSigned(record.rawWhois) : (dnssec?.enabled ?? null);
  return {
    ...base,
    registrar,
    statuses: codes.map((code) => ({ code, meaning: statusMeaning(code) })),
    createdAt: isoOrNull(record.creationDate),
    updatedAt: isoOrNull(record.updatedDate),
    expiresAt,
    expiresInDays: expiresAt === null ? null : Math.floor((Date.parse(expiresAt) - now) / dayMs),
    nameservers,
    // DS data is itself proof of a signed delegation, whatever the flag says.
    dnssec: { delegationSigned: dsData.length > 0 ? true : signed, dsData },
    // A registry word the WHOIS profile maps to a lock ("Transfer Locked") counts as one.
    transferLock:
      codes.length === 0
        ? null
        : codes.some((code) => transferLockStatuses.includes(code)) ||
          (record.source === "whois" && record.transferLock === true),
    registrant: registrantOf(record),
    privacy: privacyOf(record),
    redacted: redactedOf(record),
    raw:
      record.source === "whois" && incomplete && record.rawWhois
        ? record.rawWhois.slice(0, rawCap)
        : null,
  };
}

/** The holder's organization and country as published; placeholders are withheld, so null. */
function registrantOf(record: DomainRecord): WhoisRegistrant | null {
  const contact = record.contacts?.find((c) => c.type === "registrant");
  const published = (value: unknown) => {
    const found = text(value);
    return found === null || withheld.test(found) ? null : found;
  };
  const organization =
    published(contact?.organization) ??
    (record.source === "rdap" ? (rdapRegistrantOrganization(record.rawRdap) ?? null) : null);
  // rdapper fills `country` with a name from a code: the code is what the registry wrote.
  const written = published(contact?.countryCode ?? contact?.country);
  // "Hong Kong (HK)": the code the registry gives beside the name.
  const country = /\(([A-Z]{2})\)$/.exec(written ?? "")?.[1] ?? written;
  return organization === null && country === null ? null : { organization, country };
}

/**
 * The fields of the data left null because the registry withholds them: placeholder text in
 * the registrant's organization or country (or rdapper's `redactedFields` for them), RFC 9537
 * members naming them, and registrar lines given only as placeholders.
 */
function redactedOf(record: DomainRecord): WhoisRedactedField[] {
  const contact = record.contacts?.find((c) => c.type === "registrant");
  const hidden = new Set<WhoisRedactedField>();
  const withheldText = (value: unknown) => typeof value === "string" && withheld.test(value.trim());
  const registrant = registrantOf(record);
  const fields = contact?.redactedFields ?? [];
  const names = (record.redactions ?? []).map((r) => `${r.name} ${r.prePath ?? ""}`);
  if (
    !registrant?.organization &&
    (withheldText(contact?.organization) ||
      fields.includes("organization") ||
      names.some((name) => /registrant\W+organi[sz]ation|registrant.*\borg\b/i.test(name)))
  ) {
    hidden.add("registrant.organization");
  }
  if (
    !registrant?.country &&
    (withheldText(contact?.country) ||
      withheldText(contact?.countryCode) ||
      fields.includes("country") ||
      names.some((name) => /registrant\W+country/i.test(name)))
  ) {
    hidden.add("registrant.country");
  }
  for (const path of (record as WhoisTextRecord).readNotes?.withheld ?? []) hidden.add(path);
  return whoisRedactedFields.filter((path) => hidden.has(path));
}

function dsRecordsOf(dnssec: DomainRecord["dnssec"]): WhoisDsRecord[] {
  const integer = (value: unknown) =>
    typeof value === "number" && Number.isInteger(value) ? value : null;
  return (dnssec?.dsRecords ?? []).map((ds) => ({
    keyTag: integer(ds.keyTag),
    algorithm: integer(ds.algorithm),
    digestType: integer(ds.digestType),
    digest: typeof ds.digest === "string" ? ds.digest.replace(/\s+/g, "").toUpperCase() : null,
  }));
}

function registrarOf(record: DomainRecord): WhoisRegistrar | null {
  const registrar = record.registrar;
  const abuse =
    record.source === "rdap"
      ? rdapAbuseContact(record.rawRdap)
      : // rdapper fills a WHOIS registrar's email/phone from the "Registrar Abuse Contact" lines.
        { email: text(registrar?.email), phone: text(registrar?.phone) };
  const abuseContact = record.contacts?.find((contact) => contact.type === "abuse");
  const result: WhoisRegistrar = {
    name: text(registrar?.name),
    ianaId: text(registrar?.ianaId),
    url: text(registrar?.url),
    abuseEmail: abuse.email ?? first(abuseContact?.email),
    abusePhone: abuse.phone ?? first(abuseContact?.phone),
  };
  return Object.values(result).some((value) => value !== null) ? result : null;
}

type Json = Record<string, unknown>;

/**
 * The abuse contact of an RDAP answer. The ICANN gTLD profile nests it inside the registrar
 * entity, which rdapper's contacts do not reach, so it is read from the raw document.
 */
function rdapAbuseContact(raw: unknown): { email: string | null; phone: string | null } {
  const entities = objectsIn((raw as Json | undefined)?.entities);
  const registrar = entities.find((entity) => hasRole(entity, "registrar"));
  const abuse = [...objectsIn(registrar?.entities), ...entities].find((entity) =>
    hasRole(entity, "abuse"),
  );
  if (!abuse) return { email: null, phone: null };
  const properties = jCardProperties(abuse.vcardArray);
  const email = properties.find((p) => p.name === "email")?.value ?? null;
  const phones = properties.filter((p) => p.name === "tel");
  const voice = phones.find((p) => !p.types.includes("fax")) ?? null;
  return { email, phone: voice ? voice.value.replace(/^tel:/i, "") : null };
}

function jCardProperties(vcardArray: unknown): { name: string; types: string[]; value: string }[] {
  if (!Array.isArray(vcardArray) || !Array.isArray(vcardArray[1])) return [];
  const out: { name: string; types: string[]; value: string }[] = [];
  for (const property of vcardArray[1] as unknown[]) {
    if (!Array.isArray(property) || typeof property[0] !== "string") continue;
    const value = text(property[3]);
    if (value === null) continue;
    const type = (property[1] as { type?: unknown } | undefined)?.type;
    const types = (Array.isArray(type) ? type : [type])
      .filter((t): t is string => typeof t === "string")
      .map((t) => t.toLowerCase());
    out.push({ name: property[0].toLowerCase(), types, value });
  }
  return out;
}

function objectsIn(value: unknown): Json[] {
  return Array.isArray(value)
    ? value.filter((item): item is Json => typeof item === "object" && item !== null)
    : [];
}

function hasRole(entity: Json, role: string): boolean {
  return (
    Array.isArray(entity.roles) &&
    entity.roles.some((r) => typeof r === "string" && r.toLowerCase() === role)
  );
}

/**
 * rdapper tests the WHOIS "DNSSEC:" value with /signed|yes|true/, which also matches the
 * common "unsigned"; the line is read here instead.
 */
function whoisDelegationSigned(rawWhois: string | undefined): boolean | null {
  const value = /^[ \t]*DNSSEC[ \t]*:[ \t]*(.*)$/im
    .exec(rawWhois ?? "")?.[1]
    ?.trim()
    .toLowerCase();
  if (!value) return null;
  if (/^(unsigned|not signed|no\b|false|inactive|none)/.test(value)) return false;
  if (/^(signed|yes\b|true|active)/.test(value)) return true;
  return null;
}

function isoOrNull(value: string | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function first(value: Contact["email"]): string | null {
  return text(Array.isArray(value) ? value[0] : value);
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((value) => value !== ""))];
}
