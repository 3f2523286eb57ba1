import net from "node:net";
import ipaddr from "ipaddr.js";
import { reversedAddress } from "../ip-network/reversed-address.js";

/** What the macro letters of RFC 7208 7.2 stand for in one evaluation. */
export interface MacroValues {
  /** `s`: the sender, `local@domain`. */
  sender: string;
  /** `l` and `o`: the sender's local-part and domain. */
  local: string;
  senderDomain: string;
  /** `d`: the domain whose record is being evaluated. */
  domain: string;
  /** The client's address (IPv4-mapped IPv6 already read as IPv4). */
  ip: string;
  /** `h`: the HELO/EHLO name. */
  helo: string;
  /** `p`: the validated name of the client, asked for only when a macro needs it. */
  validatedName: () => Promise<string>;
}

/** A macro the record may not use, or a transformer it may not write: a permerror. */
export class MacroError extends Error {}

const macroPattern = /%\{([a-z])([0-9]*)(r?)([.\-+,/_=]*)\}|%([%_-])|%/gi;
/** c, r and t belong to explanation text only (RFC 7208 7.1). */
const explanationOnly = new Set(["c", "r", "t"]);

/**
 * Expands a macro-string (RFC 7208 7): each `%{letter digits r delimiters}` becomes the
 * letter's value split on the delimiters, reversed if asked, cut to its rightmost parts, joined
 * with dots, and URL-escaped when the letter is upper case; `%%`, `%_`, `%-` are `%`, a space and
 * `%20`. Throws MacroError on what the grammar forbids.
 */
export async function expandMacros(options: {
  text: string;
  values: MacroValues;
  /** Explanation text (`exp=` TXT) may use c, r and t. */
  explanation?: boolean;
}): Promise<string> {
  const { text, values } = options;
  let expanded = "";
  let last = 0;
  for (const match of text.matchAll(macroPattern)) {
    expanded += text.slice(last, match.index);
    last = match.index + match[0].length;
    const [whole, letter, digits, reverse, delimiters, literal] = match;
    if (literal) {
      expanded += { "%": "%", _: " ", "-": "%20" }[literal];
      continue;
    }
    if (!letter) throw new MacroError(`"${whole}" is not a macro`);
    const lower = letter.toLowerCase();
    if (explanationOnly.has(lower) && !options.explanation) {
      throw new MacroError(`the macro letter ${letter} belongs to explanation text only`);
    }
    if (digits !== "" && Number(digits) === 0) {
      throw new MacroError(`%{${letter}${digits}}: a part count must not be zero`);
    }
    const value = await letterValue(lower, values);
    const parts = value.split(new RegExp(`[${escapeClass(delimiters || ".")}]`));
    if (reverse) parts.reverse();
    const kept = digits === "" ? parts : parts.slice(-Number(digits));
    const joined = kept.join(".");
    expanded += letter === lower ? joined : encodeURIComponent(joined).replace(/[!'()*]/g, hex);
  }
  return expanded + text.slice(last);
}

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
const escapeClass = (chars: string) => chars.replace(/[-\]\\^/]/g, "\\$&");

async function letterValue(letter: string, values: MacroValues): Promise<string> {
  switch (letter) {
    case "s":
      return values.sender;
    case "l":
      return values.local;
    case "o":
      return values.senderDomain;
    case "d":
      return values.domain;
    case "i":
      return dottedAddress(values.ip);
    case "p":
      return values.validatedName();
    case "v":
      return net.isIPv4(values.ip) ? "in-addr" : "ip6";
    case "h":
      return values.helo;
    case "c":
      // "Easily readable": RFC 5952's lower-case, compressed form for IPv6.
      return ipaddr.parse(values.ip).toString();
    case "r":
      return "unknown";
    case "t":
      return String(Math.floor(Date.now() / 1000));
    default:
      throw new MacroError(`%{${letter}} is not a macro letter`);
  }
}

/** `i`: an IPv4 address as it is, an IPv6 address as 32 dot-separated nibbles (RFC 7208 7.3). */
export function dottedAddress(ip: string): string {
  if (net.isIPv4(ip)) return ip;
  // reversedAddress gives the nibbles backwards, as reverse lookups want them.
  return reversedAddress(ip)!.labels.split(".").reverse().join(".");
}
