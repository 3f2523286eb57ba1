/**
 * A DMARC record read by RFC 7489 6.3 and 6.4, for the dns section's checks and their fixes.
 * Where DMARCbis (RFC 9989) differs, this follows RFC 7489 and says so: `pct`, `rf`, `ri` and
 * size limits are still valid; `np`, `psd` and `t` are read as RFC 9989 defines them.
 */
export type DmarcPolicy = "none" | "quarantine" | "reject";

export interface DmarcReportUri {
  tag: "rua" | "ruf";
  /** The URI as written, without its size limit. */
  uri: string;
  /** The host reports go to: a mailbox's domain or a URL's host, lower case. */
  host: string;
  /** `!10m` and the like (RFC 7489 6.2), as written; null without one. */
  size: string | null;
}

/** A tag value receivers drop for the tag's default (RFC 7489 6.3). */
export interface DmarcDiscarded {
  tag: string;
  value: string;
  reason: string;
}

export interface DmarcReading {
  record: string;
  /** Tag values by lower-case name; a repeated tag keeps its first value. */
  tags: ReadonlyMap<string, string>;
  /** Tags given more than once (RFC 6376 3.2, whose tag-list DMARC uses: the record is invalid). */
  repeated: string[];
  /** `p=` when given and valid. */
  policy: DmarcPolicy | null;
  /** Values dropped for their defaults, in record order. */
  discarded: DmarcDiscarded[];
  /** Accepted, but worth the owner's attention: unknown tags, tag order, parts without `=`. */
  notes: string[];
  /** Tags DMARC does not define (ignored, RFC 7489 6.3), lower case. */
  unknown: string[];
  /** The valid `rua=` and `ruf=` URIs, in record order. */
  reportUris: DmarcReportUri[];
}

const policies = new Set<string>(["none", "quarantine", "reject"]);

/**
 * Whether a TXT value is a DMARC record: `v=DMARC1` first, nothing before it (RFC 7489 6.4:
 * the quoted tag name is case-insensitive ABNF, the version's %x values are not).
 */
export const isDmarcRecord = (text: string): boolean =>
  /^[vV][ \t]*=[ \t]*DMARC1[ \t]*(;|$)/.test(text);

// RFC 7489 6.4: each tag's value grammar, checked after trimming; a failing value is discarded.
const valueRules: Record<string, { valid: (value: string) => boolean; expected: string }> = {
  adkim: { valid: (value) => /^[rs]$/i.test(value), expected: "r or s" },
  aspf: { valid: (value) => /^[rs]$/i.test(value), expected: "r or s" },
  fo: {
    valid: (value) => /^[01ds]([ \t]*:[ \t]*[01ds])*$/i.test(value),
    expected: "0, 1, d or s, joined by :",
  },
  pct: {
    valid: (value) => /^\d{1,3}$/.test(value) && Number(value) <= 100,
    expected: "a whole number from 0 to 100",
  },
  // afrf is the only format IANA registers (RFC 7489 6.3, 11.4).
  rf: { valid: (value) => /^afrf([ \t]*:[ \t]*[a-z0-9]+)*$/i.test(value), expected: "afrf" },
  ri: {
    valid: (value) => /^\d{1,10}$/.test(value) && Number(value) <= 0xffffffff,
    expected: "a number of seconds below 2^32",
  },
  // RFC 9989 4.7; unknown (and so ignored) tags for an RFC 7489 receiver.
  np: {
    valid: (value) => policies.has(value.toLowerCase()),
    expected: "none, quarantine or reject (RFC 9989)",
  },
  psd: { valid: (value) => /^[ynu]$/i.test(value), expected: "y, n or u (RFC 9989)" },
  t: { valid: (value) => /^[yn]$/i.test(value), expected: "y or n (RFC 9989)" },
};
const knownTags = new Set(["v", "p", "sp", "rua", "ruf", ...Object.keys(valueRules)]);

/** RFC 3986 scheme, then anything but the separators DMARC reserves (`,`, `!`, `;`, space). */
const uriShape = /^([a-z][a-z0-9+.-]*):([^\s,;!]+)(?:!(\d+[kmgt]?))?$/i;

/** A `rua=`/`ruf=` URI, or why it is not one (RFC 7489 6.2, 6.4). */
function reportUri(tag: "rua" | "ruf", text: string): DmarcReportUri | string {
  const match = uriShape.exec(text);
  if (!match) return `${JSON.stringify(text)} is not a URI (a mailbox needs "mailto:")`;
  const [, scheme, rest, size] = match;
  const host =
    scheme!.toLowerCase() === "mailto"
      ? /^[^@]+@([a-z0-9.-]+\.?)$/i.exec(rest!)?.[1]
      : /^\/\/(?:[^@/]*@)?([a-z0-9.-]+)(?::\d+)?(?:[/?#]|$)/i.exec(rest!)?.[1];
  if (!host) return `${JSON.stringify(text)} names no mailbox or host to send reports to`;
  return {
    tag,
    uri: `${scheme}:${rest}`,
    host: host.toLowerCase().replace(/\.$/, ""),
    size: size ?? null,
  };
}

/** Reads one DMARC record (the caller has picked it with `isDmarcRecord`). */
export function readDmarcRecord(record: string): DmarcReading {
  const tags = new Map<string, string>();
  const repeated = new Set<string>();
  const discarded: DmarcDiscarded[] = [];
  const notes: string[] = [];
  const reportUris: DmarcReportUri[] = [];
  const order: string[] = [];
  const unknown: string[] = [];
  for (const part of record.split(";")) {
    if (part.trim() === "") continue;
    const match = /^[ \t]*([a-z][a-z0-9_]*)[ \t]*=[ \t]*(.*?)[ \t]*$/i.exec(part);
    if (!match) {
      notes.push(`${JSON.stringify(part.trim())} is not a tag=value pair and is ignored`);
      continue;
    }
    const name = match[1]!.toLowerCase();
    const value = match[2]!;
    order.push(name);
    if (tags.has(name)) {
      repeated.add(name);
      continue;
    }
    tags.set(name, value);
    if (!knownTags.has(name)) {
      unknown.push(name);
      notes.push(`${name}= is not a DMARC tag and is ignored (RFC 7489 6.3)`);
      continue;
    }
    const rule = valueRules[name];
    if (rule && !rule.valid(value)) {
      discarded.push({ tag: name, value, reason: `${name}= must be ${rule.expected}` });
    }
    if (name === "rua" || name === "ruf") {
      for (const text of value.split(",").map((uri) => uri.trim())) {
        const uri = reportUri(name, text);
        if (typeof uri === "string") discarded.push({ tag: name, value: text, reason: uri });
        else reportUris.push(uri);
      }
    }
  }
  // RFC 7489 6.3: "v" and "p" MUST appear in that order; RFC 9989 lets p= stand anywhere.
  if (tags.has("p") && order[1] !== "p") {
    notes.push("p= does not follow v= directly, as RFC 7489 6.3 requires (RFC 9989 allows it)");
  }
  const given = tags.get("p")?.toLowerCase();
  return {
    record,
    tags,
    repeated: [...repeated],
    policy: given !== undefined && policies.has(given) ? (given as DmarcPolicy) : null,
    discarded,
    notes,
    unknown,
    reportUris,
  };
}

/** Whether `value` is one of the three policies (`p=`, `sp=`, `np=`). */
export const isDmarcPolicy = (value: string | undefined): value is DmarcPolicy =>
  value !== undefined && policies.has(value.toLowerCase());
