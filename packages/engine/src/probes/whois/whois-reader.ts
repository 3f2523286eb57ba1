import { readWhoisDate } from "./whois-date.js";
import { labelKeys } from "./whois-labels.js";

/**
 * The generic reader of WHOIS text (RFC 3912 has no format): `label: value` lines into entries,
 * each tagged with the block it belongs to, so the domain's own fields are read apart from a
 * contact's or the registrar's. It knows dotted and spaced padding (`created......:`), values
 * on the next lines or indented under a heading, repeated labels, `[Label] value` and
 * `p. [Label] value` (JPRS), RIPE-style objects (`contact:`, `nic-hdl:`, `source:`) and
 * paragraph objects (AFNIC's `registrar:` paragraph).
 */

export type WhoisBlock =
  | "domain"
  | "registrar"
  | "registrant"
  | "admin"
  | "tech"
  | "billing"
  /** A RIPE-style contact object, role unknown. */
  | "contact"
  /** A name-server set object (FRED `nsset:`): its `nserver` lines are the domain's. */
  | "nsset"
  /** A section about the WHOIS service itself (`[Whois]` then `Updated:`, .lv), not the domain. */
  | "service";

export interface WhoisEntry {
  /** Lower case, padding and markers removed. */
  label: string;
  value: string;
  block: WhoisBlock;
  /** Which object of the answer it is in: RIPE-style contact objects each have their own. */
  object: number;
}

/** Words of a heading line naming a block, first match wins. */
const headingBlocks: [RegExp, WhoisBlock][] = [
  [/\b(registrant|holder|owner|titular|organi[sz]ation using)\b/i, "registrant"],
  [/\b(admin|administrative)\b/i, "admin"],
  [/\b(tech|technical)\b/i, "tech"],
  [/\b(billing|cobranza|zone contact)\b/i, "billing"],
  [/^(registrar|sponsoring registrar|registrar information)$/i, "registrar"],
  [/^whois$/i, "service"],
];

/** Keys that open a RIPE-style object; `nsset`/`keyset` open one only outside the domain's. */
const contactObjectKeys = new Set(["contact", "nic-hdl", "personname", "norid handle"]);
/** Keys that open a contact object only as an object's first line (`.by` has `Person:` inline). */
const objectFirstKeys = new Set(["person", "role"]);
const setObjectKeys = new Set(["nsset", "keyset"]);

// `Label: value`, `label......: value`, `Label:.........value`, `1a. Label : value` (numbered
// forms), `Label#. . . . . .value` (JWhoisServer), a full-width colon.
const labelLine =
  /^(?<indent>\s*)(?:\*\*\s*|-\s+|\d{1,2}[a-z]?\.\s+)?(?<label>\p{L}[^:\t\uff1a#]{0,60}?)(?:[\s._]*[:\uff1a](?!\/\/)|#)\s*(?<value>.*)$/iu;
const bracketLine =
  /^(?<indent>\s*)(?:[a-z]\.?\s+|[a-z]\.)?\[(?<label>[^\]]{1,60})\]\s*(?<value>.*)$/i;
/** `Label<TAB>value`, `Label   value`: a label without a colon, read only when it is a known one. */
const spacedLine = /^(?<indent>\s*)(?<label>\p{L}[^\t]{0,40}?)(?:\t+|\s{2,})(?<value>\S.*)$/u;
/** One hyphenated or underscored word that is no host name (`Admin-id`, `dns_name`, `Admin-org.-ID`). */
const fieldToken =
  /^(?![a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$)\p{L}[\p{L}\d.]*[-_][\p{L}\d.\-_]*$/iu;

/** RWhois (RFC 2167): `class:Attribute:value`, `domain:Primary-Server;I:111.google.ma`. */
const rwhoisLine = /^(?<class>[a-z][\w-]*):(?<label>[A-Za-z][\w-]*)(?:;[A-Z])?:(?<value>.*)$/;

/**
 * A `label: value` line; not a host and its IPv6 address (`ns3.eurid.eu (2001:67c::253)`,
 * `pdns6.ultradns.co.uk  204.74.115.1  2610:00a1:1017:0000`), whose colon is the address's.
 */
function labelOf(line: string): Record<string, string> | undefined {
  // Most lines of a notice have no colon: no pattern is tried on them.
  if (!/[:\uff1a#]/.test(line)) return undefined;
  const rwhois = rwhoisLine.exec(line)?.groups;
  if (rwhois) return { indent: "", label: rwhois.label!, value: rwhois.value! };
  const groups = labelLine.exec(line)?.groups;
  if (!groups) return undefined;
  const label = groups.label!;
  if (label.includes("(") && label.split("(").length > label.split(")").length) return undefined;
  if (/\s[0-9a-f]{1,4}$/i.test(label) && /^[0-9a-f]{0,4}:/i.test(groups.value!)) return undefined;
  // Dot leaders after the colon (`Registrar:..........CAFE INFORMATIQUE`).
  return { ...groups, value: groups.value!.replace(/^(?:\.\s?){2,}/, "") };
}

/** A label in lower case, its padding (`created......`, `Registrar____`) and spaces folded. */
function cleanLabel(label: string): string {
  let end = label.length;
  while (end > 0 && " \t._".includes(label[end - 1]!)) end -= 1;
  return label.slice(0, end).replace(/\s+/g, " ").trim().toLowerCase();
}

/** A heading's last word that makes it a field of a contact (`Registrant Organisation:`), not a block. */
const fieldWords =
  /\b(name|organi[sz]ation|org|e-?mail|phone|telephone|fax|ext|address|street|city|country|state|province|code|id|handle|type|purpose|category)\d*$/i;

function blockOfHeading(heading: string): WhoisBlock | undefined {
  // `Registrant Address Line 2:` names a field as much as `Registrant Address:`.
  const words = heading.replace(/\s+(?:line\s*)?\d+$/i, "");
  if (heading.length > 50 || (fieldWords.test(words) && !/organi[sz]ation using/i.test(heading))) {
    return undefined;
  }
  return headingBlocks.find(([pattern]) => pattern.test(heading))?.[1];
}

const indentOf = (line: string) => /^\s*/.exec(line)![0].replace(/\t/g, "    ").length;

const isContactBlock = (block: WhoisBlock) =>
  block === "registrant" || block === "admin" || block === "tech" || block === "billing";

export interface ReadOptions {
  /** Keys of the domain's own fields' labels (dates, statuses): they end a contact's block. */
  domainLabels?: ReadonlySet<string>;
  /** Labels written without a colon (`Record expires on 2019-11-09`), lower case. */
  bareLabels?: readonly string[];
  /** Keys of the labels a line without a colon may start with (`Domain-name    google.sk`). */
  knownLabels?: ReadonlySet<string>;
  /** Keys of date labels a line without a colon may start with before a date. */
  dateLabels?: ReadonlySet<string>;
}

const isKnown = (label: string, keys: ReadonlySet<string> | undefined) =>
  keys !== undefined && labelKeys(label).some((key) => keys.has(key));

/**
 * A line without a colon that is still `label value`: a known label, then a tab or two spaces
 * (`Domain-name         google.sk`), or a date label's words, then a date (`Record created on
 * 22-Apr-2003`).
 */
function unmarkedLabel(line: string, options: ReadOptions): Record<string, string> | undefined {
  const spaced = /\S(?:\t|\s\s)/.test(line) ? spacedLine.exec(line)?.groups : undefined;
  if (spaced && (isKnown(spaced.label!, options.knownLabels) || fieldToken.test(spaced.label!))) {
    return spaced;
  }
  // A date has digits: prose without any is no `Record created on 22-Apr-2003`.
  if (!/\d/.test(line)) return undefined;
  const words = line.trim().split(/\s+/);
  for (let count = Math.min(5, words.length - 1); count >= 1; count--) {
    const label = words.slice(0, count).join(" ");
    if (!isKnown(label, options.dateLabels)) continue;
    const value = words.slice(count).join(" ");
    if (readWhoisDate(value)?.iso) return { indent: "", label, value };
  }
  return undefined;
}

/** The entries of a WHOIS answer, in order. */
export function readWhoisEntries(text: string, options: ReadOptions = {}): WhoisEntry[] {
  const entries: WhoisEntry[] = [];
  let block: WhoisBlock = "domain";
  /** Indentation of the current block's first line; a line left of it ends the block. */
  let blockIndent: number | undefined;
  /** A label waiting for its values on the next lines (`Name servers:` then one per line). */
  let open:
    | {
        label: string;
        block: WhoisBlock;
        role?: WhoisBlock;
        indent: number;
        filled?: true;
        /** A `[Label]` with no value (JPRS): an empty field when more `[Label]` lines follow. */
        bracket?: true;
      }
    | undefined;
  /** The last entry, which an indented line without a label continues. */
  let last: WhoisEntry | undefined;
  let paragraphStart = true;
  let seenDomainObject = false;
  let afterObject = false;
  let object = 0;
  let commentRole: WhoisBlock | undefined;
  const add = (label: string, value: string, into: WhoisBlock) => {
    last = { label, value, block: into, object };
    entries.push(last);
  };
  const bareLabels = options.bareLabels ?? [];

  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trimEnd();
    if (line.trim() === "") {
      // A blank line ends a heading's values and a contact block, not a RIPE object series;
      // one straight after a heading (`Name Servers Information:` or `Holder`, blank, then its
      // lines) does not; an empty field (`Tax ID:`) is no heading.
      if (open && !open.filled && (open.role || isKnown(open.label, options.knownLabels))) {
        paragraphStart = true;
        continue;
      }
      if (block !== "domain" && block !== "contact" && block !== "nsset") block = "domain";
      if (open) open = undefined;
      blockIndent = undefined;
      last = undefined;
      paragraphStart = true;
      continue;
    }
    // Comments, banners and bracketed notices (`[ JPRS database provides ... ]`); a comment
    // that names a role (`% Registrant:`, .ua) says whose the next object is.
    if (/^\s*(%|#|>>>|--)/.test(line) || /^\s*(\*.*\*|\[ .*\])\s*$/.test(line)) {
      const heading = /^\s*%\s*([a-z][a-z ]{2,40}):$/i.exec(line)?.[1];
      if (heading) commentRole = blockOfHeading(heading);
      continue;
    }
    const indent = indentOf(line);
    if (blockIndent !== undefined && indent < blockIndent && block !== "domain") {
      block = "domain";
      blockIndent = undefined;
    }

    // `Record expires on 2019-11-09` (.tw), `Registrar<TAB>MarkMonitor` (.ch)
    const lower = line.trim().toLowerCase();
    const bare = bareLabels.find(
      (label) => lower.startsWith(label) && /^[ \t]+\S/.test(lower.slice(label.length)),
    );
    const underHeading = open !== undefined && indent > open.indent;
    const bracketed = bare ? undefined : bracketLine.exec(line)?.groups;
    const labelled = bare
      ? { label: bare, value: line.trim().slice(bare.length).trim(), indent: String(indent) }
      : (bracketed ?? labelOf(line) ?? (underHeading ? undefined : unmarkedLabel(line, options)));
    // An address line under a heading whose lines are values is one too (`Cumhuriyet Cd.
    // No:61`, .tr): no label abbreviates a word mid-way.
    const match =
      underHeading && open?.filled && /\.\s/.test(labelled?.label ?? "") ? undefined : labelled;

    if (!match) {
      const value = line.trim().replace(/^-\s+/, "");
      if (open && indent >= open.indent) {
        // Plain lines under a heading are its values: the heading was a label, not a block.
        add(open.label, value, open.block);
        open.filled = true;
        continue;
      }
      if (last && indent > 0) {
        add(last.label, value, last.block);
        continue;
      }
      const role = blockOfHeading(value.replace(/:$/, ""));
      if (role || /:$/.test(value) || /^[A-Z][A-Za-z ]{2,40}$/.test(value)) {
        open = {
          label: cleanLabel(value.replace(/:$/, "")),
          block,
          ...(role ? { role } : {}),
          indent,
        };
        last = undefined;
        paragraphStart = false;
      }
      continue;
    }

    const label = cleanLabel(match.label!);
    const value = match.value!.trim();
    if (open?.role && (block === "domain" || block === "nsset") && !(open.bracket && bracketed)) {
      // A heading followed by `label: value` lines opens a block of that role.
      block = open.role;
      blockIndent = indent;
    } else if (
      (isContactBlock(block) || block === "registrar") &&
      isKnown(label, options.domainLabels)
    ) {
      // .hk writes the domain's dates straight after the registrant's lines, .sl after the
      // registrar's.
      block = "domain";
      blockIndent = undefined;
    }
    open = undefined;
    if (value === "") {
      const role = blockOfHeading(label);
      open = {
        label,
        block,
        ...(role ? { role } : {}),
        indent,
        ...(bracketed ? { bracket: true } : {}),
      };
      last = undefined;
      paragraphStart = false;
      continue;
    }
    // RIPE-style objects: the first key after a blank line or a `source:` line says what the
    // next object is; a contact object's key opens one anywhere after the domain's.
    // A date after `source:` in the same paragraph is still the object's (`Updated:`, .ug).
    const objectStart =
      seenDomainObject && (paragraphStart || (afterObject && !isKnown(label, options.dateLabels)));
    if (label === "nserver" && block === "contact") {
      // No contact has name servers: `.ar` lists the domain's after its contact objects.
      block = "nsset";
    } else if (
      seenDomainObject &&
      (contactObjectKeys.has(label) || (objectFirstKeys.has(label) && objectStart))
    ) {
      block = "contact";
    } else if (
      setObjectKeys.has(label) &&
      seenDomainObject &&
      (block !== "domain" || objectStart)
    ) {
      block = "nsset";
    } else if (objectStart) {
      if (label === "registrar" || label === "registrar name") block = "registrar";
      else if (label === "nserver") block = "nsset";
      else if (/^(domain|domain name|domainname)$/.test(label)) block = "domain";
      // A paragraph of dates after the contacts and servers is the domain's (IANA's .int).
      else if (paragraphStart && isKnown(label, options.dateLabels)) block = "domain";
      else if (afterObject) block = "contact";
      // A paragraph that starts with a role and its handle (`Domain registrant: A24C-154952`,
      // .sk) is that contact's.
      else if (paragraphStart && blockOfHeading(label) && isContactBlock(blockOfHeading(label)!)) {
        block = blockOfHeading(label)!;
      }
    }
    if (commentRole && objectStart) {
      block = commentRole;
      commentRole = undefined;
    }
    const previous = entries.at(-1);
    if (
      previous &&
      (previous.block !== block || (block !== "domain" && (paragraphStart || afterObject)))
    ) {
      object += 1;
    }
    afterObject = label === "source";
    add(label, value, block);
    if (block === "domain") seenDomainObject = true;
    paragraphStart = false;
  }
  return entries;
}
