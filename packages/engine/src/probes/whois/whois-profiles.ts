import type { DayMonthOrder } from "./whois-date.js";
import type { WhoisField } from "./whois-labels.js";

/**
 * How one registry writes its WHOIS answers, as data: a new registry is usually one entry here
 * and one fixture. Labels are lower case without padding, tried before the generic ones.
 */
export interface WhoisProfile {
  /** Public suffixes or TLDs this profile is for (`co.uk`, `uk`). */
  suffixes?: readonly string[];
  /** WHOIS servers this profile is for, whatever the suffix. */
  servers?: readonly string[];
  /** Day/month order of its numeric dates with the year last (`02/11/2019`). */
  dateOrder?: DayMonthOrder;
  /** Labels of each field in the domain's block, tried first. */
  labels?: Partial<Record<WhoisField, readonly string[]>>;
  /** Dates given once per change: which of them is the field (`changed:` lines of .il). */
  pickDate?: Partial<Record<"created" | "updated" | "expires", "earliest" | "latest">>;
  /** Fields read only with the profile's labels, not the generic ones as well. */
  onlyLabels?: readonly WhoisField[];
  /** Labels written without a colon (`Record expires on 2019-11-09`). */
  bareLabels?: readonly string[];
  /** Phrases (lower case) of its "not registered" answer. */
  notFound?: readonly string[];
  /** Phrases (lower case) of its refusals (rate limits, bans). */
  refusals?: readonly string[];
  /** Its status words with a clear meaning: a transfer lock, or an active name. */
  statusWords?: Readonly<Record<string, "transferLock" | "active">>;
  /**
   * The character sets its answers come in when not UTF-8 (WHATWG names), tried in order: the
   * first that decodes the bytes without error is taken.
   */
  encoding?: string | readonly string[];
}

/** The registries whose formats differ from the generic reading. */
export const whoisProfiles: readonly WhoisProfile[] = [
  { suffixes: ["fi"], dateOrder: "dmy", labels: { registrar: ["registrar"] } },
  { suffixes: ["rs"], dateOrder: "dmy" },
  {
    suffixes: ["cz", "cr", "sk", "ee", "pl", "ro", "hr", "si", "at", "de", "fo", "sm", "im"],
    dateOrder: "dmy",
  },
  {
    // UANIC: the expiry inside the status (`status: OK-UNTIL 20131218000000`).
    suffixes: ["ua"],
    dateOrder: "dmy",
    labels: { expires: ["status"] },
  },
  {
    // gov.za's numbered form: the registration date is `7b. Date : 2012/09/03`.
    suffixes: ["gov.za"],
    labels: { created: ["date"] },
  },
  {
    // ATI: `Acivated :` (sic) is the registration date.
    suffixes: ["tn"],
    labels: { created: ["acivated"] },
  },
  { suffixes: ["pt"], dateOrder: "dmy", labels: { expires: ["expiration date"] } },
  {
    // SWITCH: a label, a tab, the value (`Registrar<TAB>MarkMonitor`); name servers under a heading.
    suffixes: ["ch", "li"],
    dateOrder: "dmy",
    bareLabels: ["domain name", "registrar", "first registration date", "dnssec"],
  },
  {
    // Red.es: dd/mm/yy dates.
    suffixes: ["es"],
    dateOrder: "dmy",
  },
  {
    // Norid: the registrar and name servers by handle; the holder's own object after the domain's.
    suffixes: ["no"],
    labels: { registrar: ["registrar handle"] },
  },
  {
    // IRNIC: RIPE-style, `expire-date:` and `last-updated:`; an IDN's `domain:` in Unicode
    // beside its `ascii:` form.
    suffixes: ["ir", "xn--mgba3a4f16a"],
    labels: { expires: ["expire-date"], updated: ["last-updated"], domain: ["ascii"] },
  },
  {
    // MONIC (.mo): `Record created on 2018-02-05 ...` without a colon; servers under a heading.
    suffixes: ["mo"],
    bareLabels: ["record created on", "record expires on"],
    labels: { nameservers: ["domain name servers"] },
  },
  {
    // CIDR (.gg, .je, .as): `Registered on 30th April 2003 at 00:00:00.000` under `Relevant dates:`.
    suffixes: ["gg", "je", "as"],
    bareLabels: ["registered on"],
  },
  {
    // DK Hostmaster: `DNS:` is the name in DNS form; its servers are `Hostname:` lines.
    suffixes: ["dk"],
    labels: { nameservers: ["hostname"] },
    onlyLabels: ["nameservers"],
  },
  {
    // KISA: Korean lines, then the same in English.
    suffixes: ["kr"],
    labels: {
      registrar: ["authorized agency"],
      created: ["registered date"],
      updated: ["last updated date"],
      expires: ["expiration date"],
      nameservers: ["host name"],
      registrantOrganization: ["registrant"],
    },
    encoding: "euc-kr",
  },
  {
    // InternetNZ's SRS: `registrar_name:`, `ns_name_01:`..., `query_status: 200 Active`.
    suffixes: ["nz"],
    labels: {
      registrar: ["registrar_name"],
      created: ["domain_dateregistered"],
      updated: ["domain_datelastmodified"],
      expires: ["domain_datebilleduntil"],
      statuses: ["query_status"],
      nameservers: Array.from(
        { length: 13 },
        (_, i) => `ns_name_${String(i + 1).padStart(2, "0")}`,
      ),
      registrantCountry: ["registrant_contact_country"],
    },
  },
  {
    // The first `changed:` line is the assignment: "registrar AT ns.il 19990605 (Assigned)".
    suffixes: ["il"],
    dateOrder: "dmy",
    labels: { created: ["changed"], updated: ["changed"] },
    pickDate: { created: "earliest", updated: "latest" },
    statusWords: { "transfer locked": "transferLock" },
  },
  {
    // AFNIC: `eppstatus:` beside the registry's state; the older format has only `status:`
    // and writes dates day first (`created: 11/01/2010`).
    suffixes: ["fr", "re", "pm", "tf", "wf", "yt"],
    dateOrder: "dmy",
    labels: { statuses: ["eppstatus", "status"] },
    onlyLabels: ["statuses"],
  },
  {
    suffixes: ["kz"],
    labels: {
      registrar: ["current registar", "current registrar"],
      created: ["domain created"],
      updated: ["last modified"],
      nameservers: ["primary server", "secondary server"],
    },
  },
  {
    // RESTENA: dates day first (`registered: 04/06/2003`); the holder as `org-name:`.
    suffixes: ["lu"],
    dateOrder: "dmy",
    labels: {
      registrar: ["registrar-name"],
      statuses: ["domaintype"],
      registrantOrganization: ["org-name"],
    },
  },
  {
    suffixes: ["tw"],
    bareLabels: ["record expires on", "record created on"],
    labels: { registrar: ["registration service provider"] },
  },
  { suffixes: ["hk"], dateOrder: "dmy" },
  {
    // JPRS answers in ISO-2022-JP, in Japanese unless asked with `/e`; a co.jp's
    // `[Organization]` is its holder, an organization by that domain's rules.
    suffixes: ["jp"],
    servers: ["whois.jprs.jp"],
    labels: {
      statuses: ["state", "状態"],
      updated: ["last update", "最終更新"],
      created: ["registered date", "created date", "登録年月日"],
      // A co.jp's `[State] Connected (2026/09/30)` gives its expiry.
      expires: ["expires on", "有効期限", "state", "状態"],
      nameservers: ["name server", "ネームサーバ"],
      registrantOrganization: ["organization"],
    },
    encoding: ["iso-2022-jp", "euc-jp", "shift_jis"],
  },
  { suffixes: ["ru", "su", "xn--p1ai"], labels: { statuses: ["state"] }, encoding: "koi8-r" },
  // Character sets from the Debian whois client's list of what each server sends.
  { suffixes: ["kg"], encoding: "windows-1251" },
  { suffixes: ["tr"], encoding: "iso-8859-9" },
  {
    // Registro.br: the holder's name and country sit in the domain's object.
    suffixes: ["br"],
    labels: { registrantOrganization: ["owner"], registrantCountry: ["country"] },
  },
  { suffixes: ["cn"], encoding: "gb18030" },
  {
    // .by: the holder's `Org:` and `Country:` in the domain's block.
    suffixes: ["by"],
    labels: { registrantOrganization: ["org"], registrantCountry: ["country"] },
  },
];

/**
 * The profile for a suffix (most specific first) or a server, or an empty one; `profiles` is
 * the table to choose from (an empty one leaves the generic reader alone).
 */
export function whoisProfileFor(
  suffix: string,
  server: string,
  profiles: readonly WhoisProfile[] = whoisProfiles,
): WhoisProfile {
  const host = server.toLowerCase();
  const labels = suffix.toLowerCase().split(".");
  for (let i = 0; i < labels.length; i++) {
    const candidate = labels.slice(i).join(".");
    const found = profiles.find((profile) => profile.suffixes?.includes(candidate));
    if (found) return found;
  }
  return profiles.find((profile) => profile.servers?.includes(host)) ?? {};
}
