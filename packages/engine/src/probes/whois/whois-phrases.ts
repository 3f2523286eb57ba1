/**
 * What a WHOIS answer says of the name in words rather than fields, as tables of phrases in the
 * languages registries answer in: the name is not registered; it cannot be registered (reserved,
 * restricted, invalid); the registry refuses to answer. Case is ignored; `\s` matches any run of
 * spaces. A phrase is a statement, never a word that a disclaimer could hold ("available" alone
 * is not one: "this data is made available as is").
 */

/** The name is not registered ("No match for", "NOT FOUND", "Status: free", "no existe"). */
export const notRegisteredPhrases: readonly RegExp[] = [
  // English
  /\bno match(?:es)?\b(?! for this query because)/i,
  /\bno matching (?:record|domain|entr|object)/i,
  /\bnot found\b/i,
  /(?<=\w)not\s*found\b/i,
  /\bno (?:entries|entry|records?|objects?|data|information|domain records?|results?) (?:was |were )?(?:found|available|matching)\b/i,
  /\bno (?:such|found)\b(?: domain)?/i,
  /\bnothing found\b/i,
  /\bobject_not_found\b/i,
  /\bkey not found\b/i,
  /\breturned 0 objects\b/i,
  /\b(?:is |was )?not (?:been )?regist(?:e)?red\b/i,
  /\bnot regist(?:er)?ed here\b/i,
  /\bdomain name not known\b/i,
  /\bcould not find the requested domain\b/i,
  /\bdo(?:es)? not have an entry\b/i,
  /\bnot available in our whois database\b/i,
  /(?<!\bnot\s+)\bavailable for (?:registration|purchase)\b/i,
  // Not "check whether a specific domain name is still available or not" (EURid's notice).
  /(?<!whether[^.\n]{0,60})\b(?:is|domain) (?:still )?(?<!\bnot\s+)available\b(?!\s+(?:or\b|at|from|on|in|via|to|for information))/i,
  /\bis free\b/i,
  /\bdoes not exist\b/i,
  /\bunassigned\b/i,
  /\bpending release\b/i,
  /\brelease process:\s*waiting\b/i,
  // A status or answer line that is one word of availability (`Status: AVAILABLE`, `free`).
  /^[^\S\n]*(?:(?:domain |query_|registration )?status|state|estado|statut|stav)\s*[:.]*[^\S\n]*(?:\d{3}\s+)?(?:available|free|not registered|no object found|unassigned|libre|disponible|frei|vrij|wolna|volná|свободен)\b/im,
  /^[^\S\n]*(?:available|free|not registered|no object found)[^\S\n]*\.?[^\S\n]*$/im,
  // Spanish, Portuguese
  /\bno existe\b/i,
  /\bno se encuentra registrado\b/i,
  /\bno (?:se )?encontr(?:ó|o|ado)\b/i,
  /\bno_se_encontro\b/i,
  /\bnão (?:foi )?encontrad[oa]\b/i,
  /\bnão existe\b/i,
  // French, Italian, German, Dutch
  /\baucun(?:e)? (?:résultat|correspondance|enregistrement)\b/i,
  /\bn'existe pas\b/i,
  /\bnon trouvé\b/i,
  /\bnessun risultato\b/i,
  /\bnon (?:è )?registrato\b/i,
  /\bnicht gefunden\b/i,
  /\bnicht registriert\b/i,
  /\bkeine (?:daten|einträge) gefunden\b/i,
  /\bis (?:niet geregistreerd|vrij)\b/i,
  // Nordic, Baltic, Central and Eastern European
  /\bnincs találat\b/i,
  /\bnie znaleziono\b/i,
  /\bnenalezen[oa]?\b/i,
  /\bnenájden[áýé]\b/i,
  /\bne postoji\b/i,
  /\bnu (?:a fost găsit|există)\b/i,
  /\bfinns inte\b/i,
  /\bei löydy\b/i,
  /\bnav atrasts\b/i,
  /\bnerasta\b/i,
  /\bне найден/i,
  /\bнет (?:данных|записей)\b/i,
  /\bне зарегистрирован/i,
  /\bbulunamadı\b/i,
  // Asian languages
  /등록되어 있지 않습니다/,
  /該当するデータがありません/,
  /没有找到|未找到|无匹配|未注册|查無|沒有找到/,
  /\btidak ditemukan\b/i,
  /\bkhông tìm thấy\b/i,
];

/**
 * The name cannot be registered, so it is neither registered nor free: reserved, restricted,
 * prohibited, a premium name held back, an invalid name. As the name's status (`Status:
 * RESERVED`), which holds even beside registration data.
 */
export const unregistrableStatusPhrases: readonly RegExp[] = [
  /^[^\S\n]*(?:domain |registration )?(?:status|state|estado|estado \/ status)\s*[:.]*[^\S\n]*(?:reserved|restricted|prohibited|not allowed|unassignable|unavailable|invalid|premium name|reservado|réservé|riservato|gesperrt)\b/im,
];

/** The same said in a sentence of its own, weaker than a "not registered" phrase beside it. */
export const unregistrablePhrases: readonly RegExp[] = [
  /^[^\S\n]*(?:reserved|restricted|invalid input|not allowed)\b[^\n]{0,40}$/im,
  /\b(?:is|name is|has been) (?:reserved|restricted|prohibited)\b/i,
  /\brequested is prohibited\b/i,
  /\breserved (?:domain|name)\b/i,
  /\bnot available for (?:[\w-]+ ){0,3}registration\b/i,
  /\bnon bijective\b/i,
  /\b(?:not a valid|invalid) domain(?: name)?\b/i,
];

export type WhoisRefusalKind = "rate_limited" | "blocked" | "unavailable";

/**
 * Refusals: the registry answered, but not the query. Checked before the phrases above: AFNIC
 * writes "Too many requests" above "No entries found".
 */
export const refusalPhrases: readonly { kind: WhoisRefusalKind; pattern: RegExp }[] = [
  { kind: "rate_limited", pattern: /\brate[\s-]?limit(?:ed)? exceeded\b/i },
  { kind: "rate_limited", pattern: /\b(?:limit|quota)\s+(?:has\s+been\s+)?exceeded\b/i },
  { kind: "rate_limited", pattern: /\bexceeded\s.{0,40}(?:quer|limit|request|connection|quota)/i },
  // "access control limit reached" (DENIC), "Maximum queries per hour reached"
  { kind: "rate_limited", pattern: /\blimit\s+(?:has\s+been\s+)?reached\b/i },
  { kind: "rate_limited", pattern: /\bmaximum (?:number of )?quer(?:y|ies)\b.{0,30}\breached\b/i },
  // Not a notice's "If too many queries are received..." or "...for excessive querying".
  {
    kind: "rate_limited",
    pattern: /(?<!\bif\s)\btoo\s+many\s+(?:quer|request|connection|lookups)/i,
  },
  { kind: "rate_limited", pattern: /^[%#\s]*excessive\s+(?:querying|queries)\s*[,:;]/im },
  { kind: "rate_limited", pattern: /\bquota\b[^\n]{0,40}\b(?:exceeded|reached)\b/i },
  { kind: "rate_limited", pattern: /\bonly \d+ (?:request|quer)\w* per (?:second|minute|hour)\b/i },
  { kind: "rate_limited", pattern: /\bgo away for \d+ seconds?\b/i },
  { kind: "rate_limited", pattern: /\bgrace period, wait\b/i },
  { kind: "rate_limited", pattern: /\bslow down\b/i },
  { kind: "blocked", pattern: /\brequest denied\b/i },
  { kind: "blocked", pattern: /\baccess (?:denied|refused)\b/i },
  { kind: "blocked", pattern: /\bip address blocked\b/i },
  { kind: "blocked", pattern: /\brequests\s+of\s+this\s+client\s+are\s+not\s+permitted\b/i },
  {
    kind: "blocked",
    pattern:
      /\b(?:your|this)\s+(?:ip|address|client)\b[\s\S]{0,60}\b(?:blocked|banned|blacklisted|not\s+permitted)\b/i,
  },
  { kind: "unavailable", pattern: /\bservice (?:is )?(?:temporarily )?unavailable\b/i },
  { kind: "unavailable", pattern: /\bserver (?:is )?too busy\b/i },
  {
    kind: "unavailable",
    pattern: /\b(?:database|service|server) is currently (?:down|unavailable)\b/i,
  },
  { kind: "unavailable", pattern: /^\s*<(?:!doctype|html)\b/i },
];

/** An answer that says it was cut down by a limit, but answers (Registro.br's "Reduced information"). */
export const limitedAnswerPhrases: readonly RegExp[] = [/\breduced information\b/i];
