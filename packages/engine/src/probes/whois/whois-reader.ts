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
];

/** Keys that open a RIPE-style object; `nsset`/`keyset` open one only outside the domain's. */
const contactObjectKeys = new Set(["contact", "nic-hdl", "personname", "norid handle"]);
/** Keys that open a contact object only as an object's first line (`.by` has `Person:` inline). */
const objectFirstKeys = new Set(["person", "role"]);
const setObjectKeys = new Set(["nsset", "keyset"]);

const labelLine =
  /^(?<indent>\s*)(?:\*\*\s*|-\s+)?(?<label>[a-z\u00c0-\u024f][^:\t]{0,60}?)[\s._]*:(?!\/\/)\s*(?<value>.*)$/i;
const bracketLine = /^(?<indent>\s*)(?:[a-z]\.\s*)?\[(?<label>[^\]]{1,60})\]\s*(?<value>.*)$/i;

/**
 * A `label: value` line; not a host and its IPv6 address (`ns3.eurid.eu (2001:67c::253)`,
 * `pdns6.ultradns.co.uk  204.74.115.1  2610:00a1:1017:0000`), whose colon is the address's.
 */
function labelOf(line: string): Record<string, string> | undefined {
  const groups = labelLine.exec(line)?.groups;
  if (!groups) return undefined;
  const label = groups.label!;
  if (label.split("(").length > label.split(")").length) return undefined;
  if (/\s[0-9a-f]{1,4}$/i.test(label) && /^[0-9a-f]{0,4}:/i.test(groups.value!)) return undefined;
  return groups;
}

function cleanLabel(label: string): string {
  return label
    .replace(/[\s._]+$/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** A heading's last word that makes it a field of a contact (`Registrant Organisation:`), not a block. */
const fieldWords =
  /\b(name|organi[sz]ation|org|e-?mail|phone|telephone|fax|ext|address|street|city|country|state|province|code|id|handle|type|purpose|category)\d*$/i;

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

const isContactBlock = (block: WhoisBlock) =>
  block === "registrant" || block === "admin" || block === "tech" || block === "billing";

export interface ReadOptions {
  /** Labels of the domain's own fields (dates, statuses): they end a contact's block. */
  domainLabels?: ReadonlySet<string>;
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
  let object = 0;
  let commentRole: WhoisBlock | undefined;
  const add = (label: string, value: string, into: WhoisBlock) => {
    last = { label, value, block: into, object };
    entries.push(last);
  };
  const bareLabels = options.bareLabels ?? [];

  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/\s+$/, "");
    if (line.trim() === "") {
      // A blank line ends a heading's values and a contact block, not a RIPE object series;
      // one straight after a heading (`Name Servers Information:` or `Holder`, blank, then its
      // lines) does not.
      if (open && !open.filled) {
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
    const match = bare
      ? { label: bare, value: line.trim().slice(bare.length).trim(), indent: String(indent) }
      : (bracketLine.exec(line)?.groups ?? labelOf(line));

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
    if (open?.role && (block === "domain" || block === "nsset")) {
      // A heading followed by `label: value` lines opens a block of that role.
      block = open.role;
      blockIndent = indent;
    } else if (isContactBlock(block) && options.domainLabels?.has(label)) {
      // .hk writes the domain's dates straight after the registrant's lines.
      block = "domain";
      blockIndent = undefined;
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
      else if (afterObject) block = "contact";
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
