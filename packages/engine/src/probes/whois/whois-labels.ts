import type { DayMonthOrder } from "./whois-date.js";

/** The fields the reader looks for, each under its labels. */
export type WhoisField =
  | "domain"
  | "registrar"
  | "registrarUrl"
  | "registrarIanaId"
  | "registrarAbuseEmail"
  | "registrarAbusePhone"
  | "created"
  | "updated"
  | "expires"
  | "nameservers"
  | "statuses"
  | "registrantOrganization"
  | "registrantCountry";

/**
 * Words around a label that do not change what it holds: `Domain Created`, `Record expires on`;
 * not before a word that would then name a contact's field (`Domain Name`, `Domain ID`).
 */
const leadingWords =
  /^(?:the |domain |record |entry |registry |date of |current |primary |secondary |tertiary |third |fourth |fifth )+(?=\S)(?!(?:name|names|id|handle|type|key)$)/;
const trailingWords = /(?<=\S)(?: date| on| at| time| dt| date\/time| \d{1,2})+$/;

/**
 * The keys a label is known by: the label itself in lower case, hyphens and underscores as
 * spaces (`Domain-name`, `domain_name`), without a parenthesised note (`(dd/mm/yyyy)`); each
 * half of a label written in two languages (`Data de registo / Creation Date`); and its core,
 * without the words around it that only say it is a date or the domain's (`Domain Last Updated
 * Date` -> `last updated`). Tables of labels are normalised the same way, so they are written
 * once, in plain words.
 */
export function labelKeys(label: string): readonly string[] {
  const cached = keyCache.get(label);
  if (cached) return cached;
  // Table labels are a few hundred; a text's own are bounded by clearing when full.
  if (keyCache.size >= 20_000) keyCache.clear();
  const keys = computeKeys(label);
  keyCache.set(label, keys);
  return keys;
}

const keyCache = new Map<string, readonly string[]>();

function computeKeys(label: string): readonly string[] {
  const plain = label
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .replace(/[-_]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const keys = new Set<string>([plain]);
  for (const part of plain.split(/ \/ /)) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    keys.add(trimmed);
    keys.add(trimmed.replace(leadingWords, "").replace(trailingWords, ""));
  }
  return [...keys];
}

/** The one key a table's label is looked up by (its core). */
export function labelKey(label: string): string {
  return labelKeys(label).at(-1)!;
}

/** A label's note of its date format (`Creation Date (dd/mm/yyyy)`), as a day/month order. */
export function labelDateOrder(label: string): DayMonthOrder | undefined {
  const note =
    /\((?:dd|d)[/.-](?:mm|m)[/.-]yy(?:yy)?\)|\((?:mm|m)[/.-](?:dd|d)[/.-]yy(?:yy)?\)/i.exec(
      label,
    )?.[0];
  if (!note) return undefined;
  return /^\(d/i.test(note) ? "dmy" : "mdy";
}

/**
 * Labels every registry is read with, after its profile's own, in the languages registries
 * write. Each is matched by its key (see `labelKeys`), so `created` covers `Created On`,
 * `Domain Created`, `Record created on` and `created......:`; order is priority.
 */
export const genericLabels: Record<WhoisField, readonly string[]> = {
  domain: [
    "domain name",
    "domain",
    "domainname",
    "domain information",
    "nombre de dominio",
    "nom de domaine",
    "nome de domínio",
    "nome a dominio",
    "dominio",
    "domäne",
    "domeinnaam",
    "nazwa domeny",
    "název domény",
    "domænenavn",
    "domännamn",
    "verkkotunnus",
    "домен",
    "ドメイン名",
    "域名",
    "도메인이름",
  ],
  registrar: [
    "registrar",
    "registrar name",
    "sponsoring registrar",
    "sponsoring registrar organization",
    "registrar organization",
    "registrar organization name",
    "record maintained by",
    "current registrar",
    "current registar",
    "registrar of record",
    "registration service provider",
    "authorized agency",
    "agente registrador",
    "registrante agente",
    "bureau d'enregistrement",
    "registrar nome",
    "registrador",
    "регистратор",
    "注册服务机构",
    "註冊服務機構",
  ],
  registrarUrl: [
    "registrar url",
    "registrar website",
    "registrar web",
    "url of the registrar",
    "registration service url",
    "referral url",
  ],
  registrarIanaId: ["registrar iana id", "sponsoring registrar iana id", "registrar iana"],
  registrarAbuseEmail: ["registrar abuse contact email", "abuse contact email"],
  registrarAbusePhone: ["registrar abuse contact phone", "abuse contact phone"],
  created: [
    "creation",
    "created",
    "create",
    "registered",
    "registration",
    "registration time",
    "registered date",
    "date registered",
    "date created",
    "first registration",
    "name commencement",
    "commencement",
    "activated",
    "record activated",
    "assigned",
    "fecha de creación",
    "fecha de creacion",
    "fecha de registro",
    "fecha registro",
    "data de registo",
    "data de registro",
    "data de criação",
    "date de création",
    "date de creation",
    "création",
    "data di registrazione",
    "data registrazione",
    "registriert",
    "erstellt",
    "aangemaakt",
    "registratiedatum",
    "data rejestracji",
    "datum registrace",
    "registrováno",
    "oprettet",
    "registrert",
    "registrerad",
    "skapad",
    "rekisteröity",
    "létrehozva",
    "regisztráció dátuma",
    "oluşturulma tarihi",
    "kayıt tarihi",
    "создан",
    "дата регистрации",
    "登録年月日",
    "注册时间",
    "註冊日期",
    "등록일",
    "tanggal registrasi",
  ],
  updated: [
    "updated",
    "update",
    "last updated",
    "last update",
    "last modified",
    "modified",
    "changed",
    "last changed",
    "modification",
    "last modification",
    "record last updated",
    "ultima actualización",
    "última actualización",
    "ultima actualizacion",
    "última actualizacion",
    "ultima modificacion",
    "data de atualização",
    "dernière mise à jour",
    "derniere mise a jour",
    "mise à jour",
    "ultimo aggiornamento",
    "data ultimo aggiornamento",
    "zuletzt geändert",
    "letzte änderung",
    "geändert",
    "laatst gewijzigd",
    "gewijzigd",
    "data modyfikacji",
    "ostatnia modyfikacja",
    "aktualizováno",
    "opdateret",
    "sist oppdatert",
    "senast ändrad",
    "muokattu",
    "módosítva",
    "güncellenme tarihi",
    "son güncelleme",
    "изменен",
    "обновлен",
    "最終更新",
    "更新时间",
    "最后更新",
    "수정일",
    "최근 정보 변경일",
  ],
  expires: [
    "registry expiry",
    "registry expiration",
    "registrar registration expiration",
    "registrar registration expiry",
    "expiry",
    "expiration",
    "expire",
    "expires",
    "expired",
    "exp",
    "paid till",
    "paid until",
    "renewal",
    "valid until",
    "valid till",
    "valid to",
    "validity",
    "valid",
    "currently expires",
    "will expire",
    "fecha de vencimiento",
    "fecha de expiración",
    "fecha de expiracion",
    "vencimiento",
    "data de expiração",
    "data de validade",
    "date d'expiration",
    "expiration",
    "scadenza",
    "data di scadenza",
    "ablaufdatum",
    "gültig bis",
    "verloopdatum",
    "data wygaśnięcia",
    "platnost do",
    "udløbsdato",
    "utløpsdato",
    "förfallodatum",
    "voimassa",
    "lejárat",
    "bitiş tarihi",
    "оплачен до",
    "有効期限",
    "过期时间",
    "到期时间",
    "到期日期",
    "만료일",
    "tanggal kedaluwarsa",
  ],
  nameservers: [
    "name server",
    "name servers",
    "nameserver",
    "nameservers",
    "nserver",
    "dns",
    "dns name",
    "nameservers dns",
    "nameserver information",
    "name server information",
    "name servers information",
    "servers in listed order",
    "name servers in the listed order",
    "servers",
    "dns servers",
    "name servers dns",
    "primary server",
    "secondary server",
    "primary ns",
    "secondary ns",
    "host name",
    "server hostname",
    "server",
    "ns",
    "servidor(es) de nombres de dominio",
    "servidores dns",
    "servidor dns",
    "serveur de noms",
    "serveurs de noms",
    "nameserver dns",
    "servidores de nombre",
    "server dns",
    "сервер dns",
    "ネームサーバ",
    "域名服务器",
    "dns服务器",
    "네임서버",
    // Numbered (`Name Server 1:`, `ns_name_01:`)
    ...Array.from({ length: 13 }, (_, i) => `name server ${i + 1}`),
    ...Array.from({ length: 13 }, (_, i) => `nameserver ${i + 1}`),
    ...Array.from({ length: 13 }, (_, i) => `ns name ${String(i + 1).padStart(2, "0")}`),
  ],
  statuses: [
    "status",
    "registration status",
    "eppstatus",
    "epp status",
    "estatus del dominio",
    "estado",
    "state",
    "statut",
    "stav",
    "состояние",
    "状態",
    "状态",
  ],
  registrantOrganization: ["registrant organization", "registrant organisation", "registrant org"],
  registrantCountry: ["registrant country", "registrant country/economy", "org country"],
};

/** Every key of the table's labels, for reading `label<spaces>value` lines without a colon. */
export const genericLabelKeys: ReadonlySet<string> = new Set(
  Object.values(genericLabels).flatMap((labels) => labels.map(labelKey)),
);
