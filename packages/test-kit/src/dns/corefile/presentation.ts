import net from "node:net";
import type * as packet from "dns-packet";

/**
 * Resource records in their presentation format (RFC 1035 5.1, RFC 4034 for the DNSSEC types,
 * RFC 3597 for `\#` generic data), as zone files and CoreDNS templates write them, read into
 * dns-packet's record objects. Types dns-packet cannot encode (CDS, CDNSKEY, NSEC3PARAM, SPF)
 * become their raw RDATA.
 */

export interface Defaults {
  /** The origin relative names are completed with, without the trailing dot (root: ""). */
  origin: string;
  ttl: number;
  /** The owner of a record written without one: the previous record's. */
  owner?: string;
}

/** Splits text into tokens: quoted strings kept whole (quotes marked), `;` comments dropped. */
export function tokenize(text: string): { text: string; quoted: boolean }[] {
  const tokens: { text: string; quoted: boolean }[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === ";") {
      while (index < text.length && text[index] !== "\n") index++;
    } else if (/\s/.test(char) || char === "(" || char === ")") {
      index++;
    } else if (char === '"') {
      let value = "";
      index++;
      while (index < text.length && text[index] !== '"') {
        if (text[index] === "\\" && index + 1 < text.length) {
          value += text[index]! + text[index + 1]!;
          index += 2;
        } else value += text[index++]!;
      }
      index++;
      tokens.push({ text: value, quoted: true });
    } else {
      let value = "";
      while (index < text.length && !/[\s;()"]/.test(text[index]!)) {
        if (text[index] === "\\" && index + 1 < text.length) {
          value += text[index]! + text[index + 1]!;
          index += 2;
        } else value += text[index++]!;
      }
      tokens.push({ text: value, quoted: false });
    }
  }
  return tokens;
}

const units: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/** `3600`, `1h`, `1w2d` (BIND's units) in seconds; undefined when it is no TTL. */
export function parseTtl(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  if (!/^(\d+[smhdw])+$/i.test(text)) return undefined;
  let total = 0;
  for (const [, count, unit] of text.matchAll(/(\d+)([smhdw])/gi)) {
    total += Number(count) * units[unit!.toLowerCase()]!;
  }
  return total;
}

/** A name completed with the origin, lower case, without the trailing dot (root: `.`). */
export function absoluteName(name: string, origin: string): string {
  let full: string;
  if (name === "@") full = origin;
  else if (name.endsWith(".")) full = name.slice(0, -1);
  else full = origin === "" ? name : `${name}.${origin}`;
  return full === "" ? "." : full.toLowerCase();
}

/** `\DDD` and `\X` escapes of a character-string, as bytes. */
function characterString(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "\\" && /^\d{3}$/.test(text.slice(index + 1, index + 4))) {
      bytes.push(Number(text.slice(index + 1, index + 4)));
      index += 3;
    } else if (char === "\\" && index + 1 < text.length) {
      bytes.push(...Buffer.from(text[++index]!));
    } else bytes.push(...Buffer.from(char));
  }
  return Buffer.from(bytes);
}

/** RRSIG times: `YYYYMMDDHHmmSS` (UTC) or seconds since the epoch (RFC 4034 3.2). */
function signatureTime(text: string): number {
  if (/^\d{14}$/.test(text)) {
    const [, y, mo, d, h, mi, s] = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(text)!;
    return Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!) / 1000;
  }
  return Number(text);
}

/** Type names as dns-packet spells them: `TYPE65534` is `UNKNOWN_65534`. */
const typeName = (text: string) =>
  /^TYPE\d+$/i.test(text) ? `UNKNOWN_${text.slice(4)}` : text.toUpperCase();

const classes = new Set(["IN", "CH", "HS", "CS"]);

const base32hexDigits = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
function base32hex(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.toUpperCase().replace(/=+$/, "")) {
    value = (value << 5) | base32hexDigits.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

const hex = (parts: string[]) => Buffer.from(parts.join(""), "hex");
const base64 = (parts: string[]) => Buffer.from(parts.join(""), "base64");

/**
 * One record from its tokens: `[owner] [ttl] [class] type rdata...`. `startsBlank` says the line
 * began with white space (the owner is the previous record's).
 */
export function recordFromTokens(
  tokens: { text: string; quoted: boolean }[],
  defaults: Defaults,
  startsBlank = false,
): packet.Answer {
  const queue = [...tokens];
  const owner = startsBlank
    ? (defaults.owner ?? absoluteName("@", defaults.origin))
    : absoluteName(queue.shift()!.text, defaults.origin);
  let ttl = defaults.ttl;
  let recordClass = "IN";
  for (let step = 0; step < 2; step++) {
    const next = queue[0]?.text ?? "";
    const asTtl = parseTtl(next);
    if (asTtl !== undefined) {
      ttl = asTtl;
      queue.shift();
    } else if (classes.has(next.toUpperCase())) {
      recordClass = next.toUpperCase();
      queue.shift();
    }
  }
  const type = typeName(queue.shift()?.text ?? "");
  const rdata = queue.map((token) => token.text);
  const name = (text: string) => absoluteName(text, defaults.origin);
  const base = { name: owner, ttl, class: recordClass } as const;
  const record = (recordType: string, data: unknown) =>
    ({ ...base, type: recordType, data }) as unknown as packet.Answer;

  // RFC 3597: `\# <length> <hex>` for any type.
  if (rdata[0] === "\\#") return record(type, hex(rdata.slice(2)));
  switch (type) {
    case "A":
      return record(type, rdata[0]);
    case "AAAA":
      if (!net.isIPv6(rdata[0] ?? "")) throw new Error(`not an IPv6 address: ${rdata[0]}`);
      return record(type, rdata[0]!.toLowerCase());
    case "NS":
    case "CNAME":
    case "DNAME":
    case "PTR":
      return record(type, name(rdata[0]!));
    case "MX":
      return record(type, { preference: Number(rdata[0]), exchange: name(rdata[1]!) });
    case "SOA":
      return record(type, {
        mname: name(rdata[0]!),
        rname: name(rdata[1]!),
        serial: Number(rdata[2]),
        refresh: parseTtl(rdata[3]!),
        retry: parseTtl(rdata[4]!),
        expire: parseTtl(rdata[5]!),
        minimum: parseTtl(rdata[6]!),
      });
    case "TXT":
      return record(type, rdata.map(characterString));
    case "SPF":
      return record(
        type,
        Buffer.concat(
          rdata.map(characterString).map((part) => Buffer.concat([Buffer.of(part.length), part])),
        ),
      );
    case "HINFO":
      return record(type, { cpu: rdata[0], os: rdata[1] });
    case "SRV":
      return record(type, {
        priority: Number(rdata[0]),
        weight: Number(rdata[1]),
        port: Number(rdata[2]),
        target: name(rdata[3]!),
      });
    case "CAA":
      return record(type, { flags: Number(rdata[0]), tag: rdata[1], value: rdata[2] ?? "" });
    case "DS":
      return record(type, {
        keyTag: Number(rdata[0]),
        algorithm: Number(rdata[1]),
        digestType: Number(rdata[2]),
        digest: hex(rdata.slice(3)),
      });
    case "CDS": {
      const head = Buffer.alloc(4);
      head.writeUInt16BE(Number(rdata[0]), 0);
      head.writeUInt8(Number(rdata[1]), 2);
      head.writeUInt8(Number(rdata[2]), 3);
      return record(type, Buffer.concat([head, hex(rdata.slice(3))]));
    }
    case "DNSKEY":
      return record(type, {
        flags: Number(rdata[0]),
        algorithm: Number(rdata[2]),
        key: base64(rdata.slice(3)),
      });
    case "CDNSKEY": {
      const head = Buffer.alloc(4);
      head.writeUInt16BE(Number(rdata[0]), 0);
      head.writeUInt8(Number(rdata[1]), 2);
      head.writeUInt8(Number(rdata[2]), 3);
      return record(type, Buffer.concat([head, base64(rdata.slice(3))]));
    }
    case "RRSIG":
      return record(type, {
        typeCovered: typeName(rdata[0]!),
        algorithm: Number(rdata[1]),
        labels: Number(rdata[2]),
        originalTTL: Number(rdata[3]),
        expiration: signatureTime(rdata[4]!),
        inception: signatureTime(rdata[5]!),
        keyTag: Number(rdata[6]),
        signersName: name(rdata[7]!),
        signature: base64(rdata.slice(8)),
      });
    case "NSEC":
      return record(type, { nextDomain: name(rdata[0]!), rrtypes: rdata.slice(1).map(typeName) });
    case "NSEC3":
      return record(type, {
        algorithm: Number(rdata[0]),
        flags: Number(rdata[1]),
        iterations: Number(rdata[2]),
        salt: rdata[3] === "-" ? Buffer.alloc(0) : hex([rdata[3]!]),
        nextDomain: base32hex(rdata[4]!),
        rrtypes: rdata.slice(5).map(typeName),
      });
    case "NSEC3PARAM": {
      const salt = rdata[3] === "-" ? Buffer.alloc(0) : hex([rdata[3]!]);
      const head = Buffer.alloc(5);
      head.writeUInt8(Number(rdata[0]), 0);
      head.writeUInt8(Number(rdata[1]), 1);
      head.writeUInt16BE(Number(rdata[2]), 2);
      head.writeUInt8(salt.length, 4);
      return record(type, Buffer.concat([head, salt]));
    }
    case "TLSA":
      return record(type, {
        usage: Number(rdata[0]),
        selector: Number(rdata[1]),
        matchingType: Number(rdata[2]),
        certificate: hex(rdata.slice(3)),
      });
    default:
      throw new Error(`record type ${type} is not read here`);
  }
}

/** One record written on one line (a CoreDNS template's `answer "..."`). */
export function parseRecord(text: string, defaults: Defaults): packet.Answer {
  return recordFromTokens(tokenize(text), defaults);
}
