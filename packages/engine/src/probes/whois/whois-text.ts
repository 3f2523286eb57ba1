import { type Contact, type DomainRecord, finalizeContact, isPrivacyContact } from "rdapper";
import type { WhoisRedactedField } from "./whois-data.js";
import { readWhoisDate } from "./whois-date.js";
import {
  genericLabels,
  type WhoisField,
  type WhoisProfile,
  whoisProfileFor,
} from "./whois-profiles.js";
import { readWhoisEntries, type WhoisBlock, type WhoisEntry } from "./whois-reader.js";

/** What the reader could not read in a registry's answer, and why. */
export interface WhoisReadNotes {
  /** Dates present in the text but not read, with the reason (`expires: "02/11/2019" could be...`). */
  unreadDates: string[];
  /** Fields the registry gives only as a placeholder ("REDACTED FOR PRIVACY", "NOT DISCLOSED!"). */
  withheld?: WhoisRedactedField[];
  /** Nothing a registration has was found, and no "not found" phrase either. */
  registeredUnknown?: true;
}

export type WhoisTextRecord = DomainRecord & { readNotes?: WhoisReadNotes };

/**
 * WHOIS text read into rdapper's `DomainRecord`, so both protocols reach the section through
 * one normaliser: the generic reader (whois-reader.ts) splits the text into blocks, and the
 * registry's profile (whois-profiles.ts) says which labels hold which field and how its dates
 * are written. Only the domain's own block gives its dates, statuses and name servers; the
 * registrar block gives the registrar; contacts go through rdapper's `finalizeContact`, which
 * turns placeholder text ("REDACTED FOR PRIVACY") into `redactedFields`.
 */
export function parseWhoisText(input: {
  domain: string;
  tld: string;
  text: string;
  server: string;
}): WhoisTextRecord {
  const { domain, text } = input;
  const profile = whoisProfileFor(input.tld, input.server);
  const entries = ownRecord(
    readWhoisEntries(text, {
      domainLabels,
      ...(profile.bareLabels ? { bareLabels: profile.bareLabels } : {}),
    }),
    domain,
  );
  const read = reading(entries, profile);
  const unreadDates: string[] = [];
  const date = (field: "created" | "updated" | "expires") => {
    const pick = profile.pickDate?.[field];
    if (pick) {
      // Registries that log every change (`changed: ... 20181216`): the earliest or the latest.
      const times = read
        .values(["domain"], read.labelsOf(field))
        .map((value) => readWhoisDate(value, profile.dateOrder)?.iso)
        .filter((iso): iso is string => typeof iso === "string")
        .sort();
      return pick === "earliest" ? times[0] : times.at(-1);
    }
    const value = read.first("domain", field);
    const result = readWhoisDate(value, profile.dateOrder);
    if (result && result.iso === null) unreadDates.push(`${field}: ${result.reason}`);
    return result?.iso ?? undefined;
  };
  const contacts = contactsOf(read);
  const statuses = statusesOf(read);
  const dnssecValue = read.first("domain", undefined, ["dnssec"])?.toLowerCase();
  return {
    domain,
    tld: input.tld,
    // A "not found" phrase inside a record's disclaimer ("does not indicate that the name is
    // available for registration") does not undo the record the registry sent.
    isRegistered: !whoisSaysAvailable(text, profile) || hasOwnRecord(read, domain),
    isIDN: /(^|\.)xn--/i.test(domain),
    registrar: registrarOf(read),
    statuses,
    creationDate: date("created"),
    updatedDate: date("updated"),
    expirationDate: date("expires"),
    transferLock: (statuses ?? []).some(
      (s) =>
        /transfer[-\s]*prohibited/i.test(s.status) ||
        profile.statusWords?.[s.status.toLowerCase()] === "transferLock",
    ),
    // normalize.ts reads the DNSSEC line itself; this keeps rdapper's shape.
    ...(dnssecValue ? { dnssec: { enabled: /^(signed|yes|true|active)/.test(dnssecValue) } } : {}),
    nameservers: nameserversOf(read),
    contacts,
    ...(isPrivacyContact(contacts?.find((c) => c.type === "registrant"))
      ? { privacyEnabled: true }
      : {}),
    whoisServer: input.server,
    rawWhois: text,
    source: "whois",
    readNotes: { unreadDates, withheld: withheldFields(read) },
  };
}

/**
 * The entries of the record for `domain`: thin registries may list look-alike names' records
 * before the real one (`Domain Name: MICROSOFT.COM.ZZZ...`), each starting with its domain line.
 */
function ownRecord(entries: WhoisEntry[], domain: string): WhoisEntry[] {
  const starts = entries
    .map((entry, index) => ({ entry, index }))
    .filter(
      ({ entry }) =>
        entry.block === "domain" &&
        (genericLabels.domain.includes(entry.label) || entry.label === "server name"),
    );
  if (starts.length < 2) return entries;
  const own = starts.findIndex(
    ({ entry }) => entry.value.split(/\s+/)[0]!.toLowerCase().replace(/\.$/, "") === domain,
  );
  if (own === -1) return entries;
  const from = own === 0 ? 0 : starts[own]!.index;
  const to = starts[own + 1]?.index ?? entries.length;
  return entries.slice(from, to);
}

/** The domain's own date and status labels, which no contact has. */
const domainLabels: ReadonlySet<string> = new Set(
  (["created", "updated", "expires", "statuses"] as const)
    .flatMap((field) => genericLabels[field])
    .filter((label) => !["status", "state", "changed", "created", "registered"].includes(label)),
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
  const holder = read.values(["domain"], ["registrant", "holder", "owner"])[0];
  return holder !== undefined && withheld.test(holder)
    ? [...registrar, "registrant.organization", "registrant.country"]
    : registrar;
}

interface Reading {
  /** The first value of a field (its labels, the profile's first) in a block. */
  first(
    block: WhoisBlock,
    field: WhoisField | undefined,
    labels?: readonly string[],
  ): string | undefined;
  /** Every value of the first label of `labels` present in one of `blocks`. */
  values(blocks: readonly WhoisBlock[], labels: readonly string[]): string[];
  /** The entries of the contact object whose handle (`nic-hdl:`, `contact:`) is `handle`. */
  objectOf(handle: string): readonly WhoisEntry[];
  labelsOf(field: WhoisField): readonly string[];
}

/** Placeholder values that mean the registry withholds the field. */
export const withheld =
  /^(?:redacted|not disclosed|data protected|hidden|n\/a|private|withheld|gdpr|statutory masking|not available|non-public|not shown|-+)\b|redacted for privacy|gdpr|hidden upon user request|data protected|please query the rdds service/i;

/** Labels that name a contact object's handle. */
const handleLabels = [
  "nic-hdl",
  "nic-hdl-br",
  "contact",
  "id",
  "contact id",
  "handle",
  "norid handle",
];

function reading(entries: readonly WhoisEntry[], profile: WhoisProfile): Reading {
  const byBlock = new Map<WhoisBlock, Map<string, string[]>>();
  for (const { block, label, value } of entries) {
    const labels = byBlock.get(block) ?? new Map<string, string[]>();
    const list = labels.get(label) ?? [];
    if (value) list.push(value);
    labels.set(label, list);
    byBlock.set(block, labels);
  }
  const labelsOf = (field: WhoisField) => [
    ...(profile.labels?.[field] ?? []),
    ...(profile.onlyLabels?.includes(field) ? [] : genericLabels[field]),
  ];
  const values = (blocks: readonly WhoisBlock[], labels: readonly string[]) => {
    for (const label of labels) {
      const found = blocks.flatMap((block) => byBlock.get(block)?.get(label) ?? []);
      if (found.length > 0) return found;
    }
    return [];
  };
  const objectOf = (handle: string) => {
    const wanted = handle.trim().toLowerCase();
    const key = entries.find(
      (entry) =>
        entry.block === "contact" &&
        handleLabels.includes(entry.label) &&
        entry.value.trim().toLowerCase() === wanted,
    );
    return key ? entries.filter((entry) => entry.object === key.object) : [];
  };
  return {
    labelsOf,
    values,
    objectOf,
    first: (block, field, labels) => {
      const found = values([block], labels ?? labelsOf(field!)).find((v) => !withheld.test(v));
      return found;
    },
  };
}

const availablePatterns = [
  /\bno match\b/i,
  /\bnot found\b/i,
  /\bno entries found\b/i,
  /\bno (?:data|object) (?:was )?found\b/i,
  /\bno information (?:available|was found)\b/i,
  /\bavailable for registration\b/i,
  /\bdomain\s+available\b/i,
  /\b(?:domain )?status[:\s]+(?:available|free)\b/i,
  /\bdoes not exist\b/i,
  /\breturned 0 objects\b/i,
  /\bnot been registered\b/i,
  /\bunassignable\b/i,
  /\bis free\b/i,
  /\bobject_not_found\b/i,
  /\bno se encuentra registrado\b/i,
  /\bnicht gefunden\b/i,
  /\bpending release\b/i,
  /\brelease process:\s*waiting\b/i,
];

/** The registry says the name is not registered ("No match for", "NOT FOUND", "Status: free"). */
export function whoisSaysAvailable(text: string, profile: WhoisProfile = {}): boolean {
  const lower = text.toLowerCase();
  if (profile.notFound?.some((phrase) => lower.includes(phrase))) return true;
  return availablePatterns.some((pattern) => pattern.test(text));
}

const throttled = [
  /rate[\s-]?limit/i,
  /(?:limit|quota)\s+exceeded/i,
  // "access control limit reached" (DENIC), "query limit reached"
  /\blimit\s+(?:has\s+been\s+)?reached\b/i,
  /exceeded\s+.{0,40}(?:quer|limit|request|connection)/i,
  /too\s+many\s+(?:quer|request|connection)/i,
  /^\s*<(?:!doctype|html)\b/i,
];
const blocked = [
  /requests\s+of\s+this\s+client\s+are\s+not\s+permitted/i,
  /\b(?:your|this)\s+(?:ip|address|client)\b[\s\S]{0,60}\b(?:blocked|banned|blacklisted|not\s+permitted)\b/i,
];

/**
 * A short answer that refuses the query instead of answering it: `rate_limited` for a throttle,
 * `blocked` for a ban. A long answer is a record even when it mentions a rate limit.
 */
export function whoisRefusal(
  text: string,
  profile: WhoisProfile = {},
): "rate_limited" | "blocked" | undefined {
  if (!text || text.length > 2048 || whoisSaysAvailable(text, profile)) return undefined;
  // A record whose footer mentions a rate limit (.la: "Access to the whois service is rate
  // limited") is an answer, not a refusal.
  if ((text.match(recordLine)?.length ?? 0) >= 3) return undefined;
  const lower = text.toLowerCase();
  if (profile.refusals?.some((phrase) => lower.includes(phrase))) return "rate_limited";
  if (blocked.some((pattern) => pattern.test(text))) return "blocked";
  if (throttled.some((pattern) => pattern.test(text))) return "rate_limited";
  return undefined;
}

/** The answer holds this domain's record: its name line and a registration's fields. */
function hasOwnRecord(read: Reading, domain: string): boolean {
  const named = read
    .labelsOf("domain")
    .flatMap((label) => read.values(["domain"], [label]))
    .some((value) => value.split(/\s+/)[0]!.toLowerCase().replace(/\.$/, "") === domain);
  const fields = (["registrar", "created", "expires", "nameservers"] as const).filter(
    (field) => read.values(["domain", "registrar", "nsset"], read.labelsOf(field)).length > 0,
  );
  return named && fields.length >= 2;
}

/** Lines of a registration record (`Domain Name: x`, `Creation Date: ...`), not of a refusal. */
const recordLine =
  /^\s*(?:domain(?: name)?|registrar|creation date|created|registered|expir\w*(?: date)?|name ?servers?|nserver)\s*:\s*\S/gim;

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

function registrarOf(read: Reading): DomainRecord["registrar"] {
  const named = read.first("domain", "registrar");
  // A registry handle (`FAJN-0002`, `NIC-REG1`) names the registrar block, which has the name.
  const handle = named !== undefined && /^[A-Z0-9]+(?:[-_][A-Z0-9]+)+$/.test(named);
  const name =
    (handle ? undefined : named) ??
    read.first("registrar", undefined, [
      "registrar name",
      "organization",
      "organisation",
      "organization name",
      "name",
      "registrar",
    ]) ??
    named;
  // "Registrar IANA ID: not applicable" (.ie): only a number is an id.
  const ianaId = read
    .values(["domain"], read.labelsOf("registrarIanaId"))
    .find((value) => /^\d+$/.test(value));
  const url =
    read.first("domain", "registrarUrl") ??
    read.first("registrar", undefined, ["url", "www", "web", "website", "registrar url"]);
  // The registrar's own object may carry its abuse desk (`abuse-email:`, .ua).
  const email =
    read.first("domain", "registrarAbuseEmail") ??
    read.first("registrar", undefined, ["abuse-email", "abuse email", "abuse contact email"]);
  const phone =
    read.first("domain", "registrarAbusePhone") ??
    read.first("registrar", undefined, ["abuse-phone", "abuse phone", "abuse contact phone"]);
  // "Registrar: Name (https://registrar.example)", "Name [Tag = NAME]"
  const inline = name ? /^(.*?)\s*\(\s*(https?:\/\/[^)\s]+)\s*\)$/.exec(name) : null;
  if (!(name || ianaId || url || email || phone)) return undefined;
  return {
    ...(name ? { name: inline?.[1] ?? name } : {}),
    ...(ianaId ? { ianaId } : {}),
    ...(url || inline?.[2] ? { url: url ?? inline?.[2] } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
  };
}

/** EPP status codes (RFC 5731, RFC 3915) by their lower-case spelling. */
const eppCodes = new Map(
  [
    "ok",
    "inactive",
    "active",
    "addPeriod",
    "autoRenewPeriod",
    "renewPeriod",
    "transferPeriod",
    "redemptionPeriod",
    "pendingCreate",
    "pendingDelete",
    "pendingRenew",
    "pendingRestore",
    "pendingTransfer",
    "pendingUpdate",
    "clientDeleteProhibited",
    "clientHold",
    "clientRenewProhibited",
    "clientTransferProhibited",
    "clientUpdateProhibited",
    "serverDeleteProhibited",
    "serverHold",
    "serverRenewProhibited",
    "serverTransferProhibited",
    "serverUpdateProhibited",
    "serverRecoverProhibited",
  ].map((code) => [code.toLowerCase(), code]),
);

/**
 * The domain's statuses as the registry writes them: split on commas, and on whitespace where
 * every word is an EPP code; EPP codes in their RFC spelling; URLs and dates in parentheses
 * set aside; a registry phrase ("Transfer Locked", "Deletion forbidden") kept whole.
 */
function statusesOf(read: Reading): DomainRecord["statuses"] {
  const lines = read.values(["domain"], read.labelsOf("statuses"));
  const statuses: { status: string; raw: string }[] = [];
  for (const raw of lines) {
    for (const part of raw.split(",")) {
      const phrase = part
        .replace(/\(?https?:\/\/\S+\)?/g, " ")
        .replace(/\([^)]*\)/g, " ")
        // "clientTransferProhibited - status prohibits transfer" (.kz): the code, not the gloss
        .replace(/\s+-\s.*$/, "")
        // "200 Active" (.nz's query status): the word, not the answer code
        .replace(/^\d{3}\s+(?=\D)/, "")
        .replace(/\s+/g, " ")
        .trim()
        .replace(/\.$/, "");
      if (!phrase) continue;
      const words = phrase.split(" ");
      const codes = words.map((word) => eppCodes.get(word.toLowerCase()));
      if (codes.every((code) => code !== undefined)) {
        for (const code of codes) statuses.push({ status: code!, raw });
      } else {
        statuses.push({ status: phrase, raw });
      }
    }
  }
  return statuses.length > 0 ? statuses : undefined;
}

const hostName =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]*[a-z0-9])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9])?)+$/;

function nameserversOf(read: Reading): DomainRecord["nameservers"] {
  const lines = read
    .labelsOf("nameservers")
    .flatMap((label) => read.values(["domain", "nsset"], [label]));
  const hosts = new Map<string, { host: string; ipv4?: string[]; ipv6?: string[] }>();
  for (const line of lines) {
    const [host, ...rest] = line
      .trim()
      .replace(/^-\s*/, "")
      .split(/[\s,]+/);
    const name = host?.toLowerCase().replace(/\.$/, "");
    if (!name || !hostName.test(name) || hosts.has(name)) continue;
    const parts = rest.map((part) => part.replace(/^[[(]|[\])]$/g, "").replace(/\/\d+$/, ""));
    const ipv4 = parts.filter((part) => /^\d+\.\d+\.\d+\.\d+$/.test(part));
    const ipv6 = parts.filter((part) => /^[0-9a-f:]+$/i.test(part) && part.includes(":"));
    hosts.set(name, {
      host: name,
      ...(ipv4.length ? { ipv4 } : {}),
      ...(ipv6.length ? { ipv6 } : {}),
    });
  }
  return hosts.size > 0 ? [...hosts.values()] : undefined;
}

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
function contactsOf(read: Reading): Contact[] | undefined {
  const contacts: Contact[] = [];
  for (const { type, prefixes } of contactRoles) {
    const block = type === "abuse" ? undefined : (type as WhoisBlock);
    const all = (suffixes: string[], extra: readonly string[] = []) => {
      const prefixed = read.values(
        ["domain"],
        [...keysFor(prefixes, suffixes), ...(type === "registrant" ? extra : [])],
      );
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
    const country = value(
      [" country", " country code", " country-loc", " country / region"],
      read.labelsOf("registrantCountry"),
    );
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
