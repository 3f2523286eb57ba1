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
  | "nsset";

export interface WhoisEntry {
  /** Lower case, padding and markers removed. */
  label: string;
  value: string;
  block: WhoisBlock;
}

/** Words of a heading line naming a block, first match wins. */
const headingBlocks: [RegExp, WhoisBlock][] = [
  [/\b(registrant|holder|owner|titular|organi[sz]ation using)\b/i, "registrant"],
  [/\b(admin|administrative)\b/i, "admin"],
  [/\b(tech|technical)\b/i, "tech"],
  [/\b(billing|cobranza|zone contact)\b/i, "billing"],
  [/^(registrar|sponsoring registrar|registrar information)$/i, "registrar"],
];

/** Keys that open a RIPE-style object; `nsset`/`keyset` open one only outside the domain's. */
const contactObjectKeys = new Set(["contact", "nic-hdl", "personname"]);
/** Keys that open a contact object only as an object's first line (`.by` has `Person:` inline). */
const objectFirstKeys = new Set(["person", "role"]);
const setObjectKeys = new Set(["nsset", "keyset"]);

const labelLine =
  /^(?<indent>\s*)(?:\*\*\s*|-\s+)?(?<label>[a-z\u00c0-\u024f][^:\t]{0,60}?)[\s._]*:(?!\/\/)\s*(?<value>.*)$/i;
const bracketLine = /^(?<indent>\s*)(?:[a-z]\.\s*)?\[(?<label>[^\]]{1,60})\]\s*(?<value>.*)$/i;

function cleanLabel(label: string): string {
  return label
    .replace(/[\s._]+$/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** A heading's last word that makes it a field of a contact (`Registrant Organisation:`), not a block. */
const fieldWords =
  /\b(name|organi[sz]ation|org|e-?mail|phone|telephone|fax|address|street|city|country|state|province|code|id|handle|type)$/i;

function blockOfHeading(heading: string): WhoisBlock | undefined {
  if (
    heading.length > 50 ||
    (fieldWords.test(heading) && !/organi[sz]ation using/i.test(heading))
  ) {
    return undefined;
  }
  return headingBlocks.find(([pattern]) => pattern.test(heading))?.[1];
}

const indentOf = (line: string) => /^\s*/.exec(line)![0].replace(/\t/g, "    ").length;

export interface ReadOptions {
  /** Labels written without a colon (`Record expires on 2019-11-09`), lower case. */
  bareLabels?: readonly string[];
}

/** The entries of a WHOIS answer, in order. */
export function readWhoisEntries(text: string, options: ReadOptions = {}): WhoisEntry[] {
  const entries: WhoisEntry[] = [];
  let block: WhoisBlock = "domain";
  /** Indentation of the current block's first line; a line left of it ends the block. */
  let blockIndent: number | undefined;
  /** A label waiting for its values on the next lines (`Name servers:` then one per line). */
  let open:
    | { label: string; block: WhoisBlock; role?: WhoisBlock; indent: number; filled?: true }
    | undefined;
  /** The last entry, which an indented line without a label continues. */
  let last: WhoisEntry | undefined;
  let paragraphStart = true;
  let seenDomainObject = false;
  let afterObject = false;
  const add = (label: string, value: string, into: WhoisBlock) => {
    last = { label, value, block: into };
    entries.push(last);
  };
  const bareLabels = options.bareLabels ?? [];

  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/\s+$/, "");
    if (line.trim() === "") {
      // A blank line ends a heading's values and a contact block, not a RIPE object series;
      // one straight after a list heading (`Name Servers Information:`, blank, the names) does
      // not. After a contact heading it does: .hk writes the domain's dates after such a block.
      if (open && !open.filled && !open.role) {
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
    // Comments, banners and bracketed notices (`[ JPRS database provides ... ]`).
    if (/^\s*(%|#|>>>|--)/.test(line) || /^\s*(\*.*\*|\[ .*\])\s*$/.test(line)) continue;
    const indent = indentOf(line);
    if (blockIndent !== undefined && indent < blockIndent && block !== "domain") {
      block = "domain";
      blockIndent = undefined;
    }

    const bare = bareLabels.find((label) => line.trim().toLowerCase().startsWith(`${label} `));
    const match = bare
      ? { label: bare, value: line.trim().slice(bare.length).trim(), indent: String(indent) }
      : (bracketLine.exec(line)?.groups ?? labelLine.exec(line)?.groups);

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
    if (open?.role && block === "domain") {
      // A heading followed by `label: value` lines opens a block of that role.
      block = open.role;
      blockIndent = indent;
    }
    open = undefined;
    if (value === "") {
      const role = blockOfHeading(label);
      open = { label, block, ...(role ? { role } : {}), indent };
      last = undefined;
      paragraphStart = false;
      continue;
    }
    // RIPE-style objects: the first key after a blank line or a `source:` line says what the
    // next object is; a contact object's key opens one anywhere after the domain's.
    const objectStart = seenDomainObject && (paragraphStart || afterObject);
    if (
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
      else if (afterObject) block = "contact";
    }
    afterObject = label === "source";
    add(label, value, block);
    if (block === "domain") seenDomainObject = true;
    paragraphStart = false;
  }
  return entries;
}
