import type * as packet from "dns-packet";

/**
 * Reads the record data a remediation writes in zone-file presentation form back into
 * dns-packet records, so a test zone can take the change as a name server would load it.
 * Written apart from the engine's builders: a value they get wrong fails here.
 */

/** Presentation tokens: bare words and quoted strings (with `\"` and `\\` escapes). */
export function tokens(text: string): { text: string; quoted: boolean }[] {
  const found: { text: string; quoted: boolean }[] = [];
  let at = 0;
  while (at < text.length) {
    if (/\s/.test(text[at]!)) {
      at++;
      continue;
    }
    if (text[at] === '"') {
      let value = "";
      at++;
      while (at < text.length && text[at] !== '"') {
        if (text[at] === "\\" && at + 1 < text.length) at++;
        value += text[at];
        at++;
      }
      if (text[at] !== '"') throw new Error(`unterminated quoted string in ${text}`);
      at++;
      found.push({ text: value, quoted: true });
      continue;
    }
    const end = text.slice(at).search(/\s/);
    const word = end === -1 ? text.slice(at) : text.slice(at, at + end);
    found.push({ text: word, quoted: false });
    at += word.length;
  }
  return found;
}

const name = (text: string) => {
  if (!text.endsWith(".")) throw new Error(`${text} is not fully qualified`);
  return text === "." ? "." : text.slice(0, -1);
};
const integer = (text: string | undefined, what: string) => {
  if (text === undefined || !/^\d+$/.test(text)) throw new Error(`${what}: ${text} is no number`);
  return Number(text);
};

/** The record `owner ttl IN type value`, as dns-packet encodes it. */
export function recordFromText(options: {
  owner: string;
  type: string;
  ttl: number;
  value: string;
}): packet.Answer {
  const { type, ttl } = options;
  const owner = name(options.owner);
  const words = tokens(options.value);
  const texts = words.map((word) => word.text);
  switch (type) {
    case "TXT":
      if (words.some((word) => !word.quoted))
        throw new Error(`TXT data must be quoted: ${options.value}`);
      return { type, name: owner, ttl, data: texts.map((text) => Buffer.from(text, "utf8")) };
    case "CAA":
      return {
        type,
        name: owner,
        ttl,
        data: { flags: integer(texts[0], "CAA flags"), tag: texts[1]!, value: texts[2] ?? "" },
      } as packet.Answer;
    case "MX":
      return {
        type,
        name: owner,
        ttl,
        data: { preference: integer(texts[0], "MX"), exchange: name(texts[1]!) },
      };
    case "A":
    case "AAAA":
      return { type, name: owner, ttl, data: texts[0]! };
    case "CNAME":
    case "NS":
    case "PTR":
      return { type, name: owner, ttl, data: name(texts[0]!) };
    case "SOA": {
      const [mname, rname, serial, refresh, retry, expire, minimum] = texts;
      return {
        type,
        name: owner,
        ttl,
        data: {
          mname: name(mname!),
          // An escaped dot stays part of the mailbox's first label (RFC 1035 5.1).
          rname: name(rname!),
          serial: integer(serial, "serial"),
          refresh: integer(refresh, "refresh"),
          retry: integer(retry, "retry"),
          expire: integer(expire, "expire"),
          minimum: integer(minimum, "minimum"),
        },
      };
    }
    case "TLSA":
      return {
        type,
        name: owner,
        ttl,
        data: {
          usage: integer(texts[0], "usage"),
          selector: integer(texts[1], "selector"),
          matchingType: integer(texts[2], "matching type"),
          certificate: Buffer.from(texts.slice(3).join(""), "hex"),
        },
      } as unknown as packet.Answer;
    case "DS":
      return dsFromText(owner, options.value, ttl);
    default:
      throw new Error(`no reader for ${type} records`);
  }
}

/** A DS record from its data (`keyTag algorithm digestType DIGEST`). */
export function dsFromText(owner: string, value: string, ttl = 3600): packet.Answer {
  const [keyTag, algorithm, digestType, ...digest] = value.trim().split(/\s+/);
  return {
    type: "DS",
    name: owner,
    ttl,
    data: {
      keyTag: integer(keyTag, "key tag"),
      algorithm: integer(algorithm, "algorithm"),
      digestType: integer(digestType, "digest type"),
      digest: Buffer.from(digest.join(""), "hex"),
    },
  };
}

/** Whether a served record is the one a presentation value names (same owner, type and data). */
export function sameRecord(a: packet.Answer, b: packet.Answer): boolean {
  if (
    a.type !== b.type ||
    a.name.toLowerCase().replace(/\.$/, "") !== b.name.toLowerCase().replace(/\.$/, "")
  )
    return false;
  return canonical(a) === canonical(b);
}

function canonical(record: packet.Answer): string {
  const data = (record as { data: unknown }).data;
  if (record.type === "TXT") {
    const parts = (Array.isArray(data) ? data : [data]) as (Buffer | string)[];
    return parts.map((part) => part.toString()).join("");
  }
  return JSON.stringify(data, (_key, value) => {
    if (value && value.type === "Buffer" && Array.isArray(value.data))
      return Buffer.from(value.data).toString("hex");
    return typeof value === "string" ? value.toLowerCase().replace(/\.$/, "") : value;
  });
}
