import { type Contact, type DomainRecord, finalizeContact, isPrivacyContact } from "rdapper";
import { whoisDate } from "./whois-date.js";

/**
 * WHOIS text (RFC 3912 has no format) read into rdapper's `DomainRecord`, so both protocols
 * reach the section through one normaliser. The key lists cover the gTLD format and the common
 * ccTLD ones; contacts go through rdapper's own `finalizeContact`, which drops placeholder
 * text ("REDACTED FOR PRIVACY") into `redactedFields` and marks privacy services.
 */
export function parseWhoisText(input: {
  domain: string;
  tld: string;
  text: string;
  server: string;
}): DomainRecord {
  const { domain, text } = input;
  const fields = keyValues(text);
  const contacts = contactsOf(fields);
  const statuses = statusesOf(fields);
  const dnssecValue = first(fields, ["dnssec"])?.toLowerCase();
  return {
    domain,
    tld: input.tld,
    isRegistered: !whoisSaysAvailable(text),
    isIDN: /(^|\.)xn--/i.test(domain),
    registrar: registrarOf(fields),
    statuses,
    creationDate: whoisDate(first(fields, creationKeys)),
    updatedDate: whoisDate(first(fields, updatedKeys)),
    expirationDate: whoisDate(first(fields, expirationKeys)),
    transferLock: (statuses ?? []).some((s) => /transfer[-\s]*prohibited/i.test(s.raw ?? s.status)),
    // normalize.ts reads the DNSSEC line itself; this keeps rdapper's shape.
    ...(dnssecValue ? { dnssec: { enabled: /^(signed|yes|true|active)/.test(dnssecValue) } } : {}),
    nameservers: nameserversOf(fields),
    contacts,
    ...(isPrivacyContact(contacts?.find((c) => c.type === "registrant"))
      ? { privacyEnabled: true }
      : {}),
    whoisServer: input.server,
    rawWhois: text,
    source: "whois",
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
export function whoisSaysAvailable(text: string): boolean {
  return availablePatterns.some((pattern) => pattern.test(text));
}

const throttled = [
  /rate[\s-]?limit/i,
  /(?:limit|quota)\s+exceeded/i,
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
export function whoisRefusal(text: string): "rate_limited" | "blocked" | undefined {
  if (!text || text.length > 2048 || whoisSaysAvailable(text)) return undefined;
  if (blocked.some((pattern) => pattern.test(text))) return "blocked";
  if (throttled.some((pattern) => pattern.test(text))) return "rate_limited";
  return undefined;
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

type Fields = ReadonlyMap<string, string[]>;

/**
 * `Key: value` lines into lower-case keys and their values in order. A key with an empty value
 * starts a block whose indented lines are its values (`Name servers:` then one per line);
 * `[Key] value` lines (JPRS) count as keys too.
 */
function keyValues(text: string): Fields {
  const fields = new Map<string, string[]>();
  const add = (key: string, value: string) => {
    const list = fields.get(key) ?? [];
    if (value) list.push(value);
    fields.set(key, list);
  };
  let lastKey: string | undefined;
  let inBlock = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (!line.trim()) continue;
    const bracket = /^\s*\[([^\]]+)\]\s*(.*)$/.exec(line);
    if (bracket) {
      lastKey = bracket[1]!.trim().toLowerCase();
      add(lastKey, bracket[2]!.trim());
      inBlock = false;
      continue;
    }
    const indented = /^\s+/.test(line);
    if (indented && lastKey && (inBlock ? !/:(\s|$)/.test(line) : !line.includes(":"))) {
      add(lastKey, line.trim());
      continue;
    }
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (!key) {
      lastKey = undefined;
      continue;
    }
    add(key, value);
    lastKey = key;
    inBlock = value === "";
  }
  return fields;
}

function first(fields: Fields, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = fields.get(key)?.[0];
    if (value) return value;
  }
  return undefined;
}

function all(fields: Fields, keys: readonly string[]): string[] {
  return keys.flatMap((key) => fields.get(key) ?? []);
}

const creationKeys = [
  "creation date",
  "created on",
  "created",
  "registered on",
  "registered",
  "registration date",
  "registration time",
  "domain registration date",
  "domain create date",
  "domain name commencement date",
  "domain record activated",
  "domain registered",
  "registered date",
  "assigned",
];
const updatedKeys = [
  "updated date",
  "updated",
  "last updated",
  "last updated on",
  "last update",
  "last-update",
  "last modified",
  "modified",
  "changed",
  "modification date",
  "domain record last updated",
];
const expirationKeys = [
  "registry expiry date",
  "registry expiration date",
  "registrar registration expiration date",
  "registrar registration expiry date",
  "registrar expiration date",
  "registrar expiry date",
  "expiry date",
  "expiration date",
  "expiry",
  "expire date",
  "expire",
  "expires on",
  "expires",
  "expiration time",
  "domain expires",
  "paid-till",
  "renewal date",
  "validity",
  "record will expire on",
];

function registrarOf(fields: Fields): DomainRecord["registrar"] {
  const name = first(fields, [
    "registrar",
    "registrar name",
    "registrar organization",
    "registrar organization name",
    "sponsoring registrar",
    "record maintained by",
  ]);
  const ianaId = first(fields, ["registrar iana id", "sponsoring registrar iana id", "iana id"]);
  const url = first(fields, [
    "registrar url",
    "registrar website",
    "registrar web",
    "url of the registrar",
    "referrer",
  ]);
  const email = first(fields, ["registrar abuse contact email", "abuse contact email"]);
  const phone = first(fields, ["registrar abuse contact phone", "abuse contact phone"]);
  // "Registrar: Name (https://registrar.example)"
  const inline = name ? /^(.*?)\s*\((https?:\/\/[^)\s]+)\)$/.exec(name) : null;
  if (!(name || ianaId || url || email || phone)) return undefined;
  return {
    ...(name ? { name: inline?.[1] ?? name } : {}),
    ...(ianaId ? { ianaId } : {}),
    ...(url || inline?.[2] ? { url: url ?? inline?.[2] } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
  };
}

function statusesOf(fields: Fields): DomainRecord["statuses"] {
  // The first key present: a format that has "Domain Status" may use "Status" elsewhere.
  const key = [
    "domain status",
    "status",
    "flags",
    "state",
    "registration status",
    "eppstatus",
  ].find((candidate) => (fields.get(candidate)?.length ?? 0) > 0);
  const lines = key ? (fields.get(key) ?? []) : [];
  const statuses = lines
    .map((raw) => ({ status: raw.split(/\s+/)[0] ?? "", raw }))
    .filter((status) => status.status !== "");
  return statuses.length > 0 ? statuses : undefined;
}

function nameserversOf(fields: Fields): DomainRecord["nameservers"] {
  const lines = all(fields, [
    "name server",
    "name servers",
    "nameserver",
    "nameservers",
    "nserver",
    "dns",
    "domain nameservers",
    "domain servers in listed order",
    "domain servers",
    "name servers dns",
    "name server information",
    "hostname",
    "ns 1",
    "ns 2",
    "ns 3",
    "ns 4",
  ]);
  const hosts = new Map<string, { host: string; ipv4?: string[]; ipv6?: string[] }>();
  for (const line of lines) {
    const [host, ...rest] = line.trim().split(/\s+/);
    const name = host?.toLowerCase().replace(/\.$/, "");
    if (!name || hosts.has(name)) continue;
    const ipv4 = rest.filter((part) => /^\d+\.\d+\.\d+\.\d+$/.test(part));
    const ipv6 = rest.filter((part) => /^[0-9a-f:]+$/i.test(part) && part.includes(":"));
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

function contactsOf(fields: Fields): Contact[] | undefined {
  const contacts: Contact[] = [];
  for (const { type, prefixes } of contactRoles) {
    const value = (suffixes: string[], extra: string[] = []) =>
      first(fields, [...keysFor(prefixes, suffixes), ...(type === "registrant" ? extra : [])]);
    const name = value([" name", " contact name", ""], ["registrant person"]);
    const organization = value([" organization", " organisation", " org"], ["trading as", "org"]);
    const email = value([" email", " contact email", " e-mail"]);
    const phone = value([" phone", " contact phone", " telephone"]);
    const streetKey = keysFor(prefixes, [" street", " address", "'s address"]).find(
      (key) => (fields.get(key)?.length ?? 0) > 0,
    );
    const street = streetKey ? fields.get(streetKey) : undefined;
    if (!(name || organization || email || phone || street?.length)) continue;
    const details = {
      fax: value([" fax", " facsimile"]),
      city: value([" city"]),
      state: value([" state", " province", " state/province"]),
      postalCode: value([" postal code", " postcode", " zip"]),
      country: value([" country"]),
    };
    contacts.push(
      finalizeContact({
        type,
        ...(name ? { name } : {}),
        ...(organization ? { organization } : {}),
        ...(email ? { email } : {}),
        ...(phone ? { phone } : {}),
        ...(street ? { street: [...street] } : {}),
        ...Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)),
      }),
    );
  }
  return contacts.length > 0 ? contacts : undefined;
}
