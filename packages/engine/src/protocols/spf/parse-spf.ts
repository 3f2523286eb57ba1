import net from "node:net";

export type SpfQualifier = "+" | "-" | "~" | "?";

export interface SpfMechanism {
  kind: "mechanism";
  qualifier: SpfQualifier;
  name: "all" | "include" | "a" | "mx" | "ptr" | "ip4" | "ip6" | "exists";
  /** The domain-spec or network, without the CIDR suffixes; null when absent. */
  value: string | null;
  /** The IPv4 and IPv6 prefix lengths written (`/24`, `//64`); null when absent. */
  cidr4: number | null;
  cidr6: number | null;
  text: string;
}

export interface SpfModifier {
  kind: "modifier";
  name: string;
  value: string;
  text: string;
}

export type SpfTerm = SpfMechanism | SpfModifier;

export interface ParsedSpf {
  terms: SpfTerm[];
  /** Each problem that makes the record a permerror (RFC 7208 4.6), in order. */
  errors: string[];
}

/** `v=spf1` followed by a space or the end (RFC 7208 4.5: anything else is not SPF). */
export const isSpfRecord = (text: string): boolean => /^v=spf1(?: |$)/i.test(text);

/** Terms that cost a DNS lookup toward the limit of 10 (RFC 7208 4.6.4). */
export const queryingTerms = new Set(["include", "a", "mx", "ptr", "exists", "redirect"]);

const mechanismNames = new Set(["all", "include", "a", "mx", "ptr", "ip4", "ip6", "exists"]);
// RFC 7208 7.1: a macro is %{letter digits? r? delimiters?}, or %%, %_, %-. The letters c, r
// and t belong to explanation text only, never to the record itself.
const macroText = /^(?:[\x21-\x24\x26-\x7e]|%\{[slodiphv][0-9]*r?[.\-+,/_=]*\}|%[%_-])*$/i;

const endsInMacro = /(?:%\{[a-z][0-9]*r?[.\-+,/_=]*\}|%[%_-])$/i;

/**
 * A domain-spec (RFC 7208 7.1): macro text whose domain-end is a macro or "." and a valid top
 * label; without macros, also a host name with at least two labels.
 */
function domainSpecError(spec: string): string | null {
  if (spec === "" || !macroText.test(spec)) return "is not a valid domain-spec";
  // Macros expand per message; only their syntax and the domain-end can be judged here.
  if (hasMacro(spec)) {
    const name = spec.replace(/\.$/, "");
    if (endsInMacro.test(name)) return null;
    const dot = name.lastIndexOf(".");
    return dot >= 0 && topLabelError(name.slice(dot + 1)) === null
      ? null
      : "does not end in a macro or a valid top-level label";
  }
  const name = spec.replace(/\.$/, "");
  const labels = name.split(".");
  if (labels.length < 2) return "needs at least two labels";
  if (labels.some((label) => label.length === 0 || label.length > 63)) {
    return "has an empty or over-long label";
  }
  return topLabelError(labels[labels.length - 1]!);
}

/** toplabel (RFC 7208 7.1): letters, digits and inner hyphens, not all digits. */
const topLabelError = (top: string): string | null =>
  !/^(?=.*[a-z])[a-z0-9-]+$/i.test(top) || top.startsWith("-") || top.endsWith("-")
    ? "does not end in a valid top-level label"
    : null;

const cidrError = (cidr: string | undefined, max: number): string | null =>
  cidr === undefined || (/^(?:0|[1-9][0-9]{0,2})$/.test(cidr) && Number(cidr) <= max)
    ? null
    : `has an invalid prefix length /${cidr}`;

/**
 * Parses an SPF record by the grammar of RFC 7208 section 12: the version, then mechanisms
 * with optional qualifiers and modifiers, separated by spaces. Collects every error rather
 * than stopping at the first, so the message can list them all.
 */
export function parseSpf(record: string): ParsedSpf {
  const errors: string[] = [];
  const terms: SpfTerm[] = [];
  if (!isSpfRecord(record)) return { terms, errors: ["does not start with v=spf1"] };
  const seen = new Map<string, number>();
  for (const text of record
    .slice(6)
    .split(" ")
    .filter((part) => part !== "")) {
    const modifier = /^([a-z][a-z0-9_.-]*)=(.*)$/i.exec(text);
    if (modifier) {
      const name = modifier[1]!.toLowerCase();
      const value = modifier[2]!;
      seen.set(name, (seen.get(name) ?? 0) + 1);
      if ((name === "redirect" || name === "exp") && seen.get(name) === 2) {
        errors.push(`${name}= appears more than once`);
      }
      if (name === "redirect" || name === "exp") {
        const problem = domainSpecError(value);
        if (problem) errors.push(`${text}: the domain ${problem}`);
      } else if (!macroText.test(value)) {
        errors.push(`${text}: the modifier value is not valid macro text`);
      }
      terms.push({ kind: "modifier", name, value, text });
      continue;
    }
    // A domain-spec may hold ":" and "/" (RFC 7208 12): only digits after the last "/" or
    // "//" at the end are a prefix length, e.g. a:foo:bar/baz.example.com has none.
    const match =
      /^([+\-~?]?)([a-z0-9]+)(?::(.*?)((?:\/[0-9]*)?(?:\/\/[0-9]*)?)|((?:\/[^/]*)?(?:\/\/[^/]*)?))$/i.exec(
        text,
      );
    const name = match?.[2]?.toLowerCase();
    if (!match || !name || !mechanismNames.has(name)) {
      errors.push(`${text}: unknown mechanism`);
      continue;
    }
    const qualifier = (match[1] || "+") as SpfQualifier;
    const value = match[3] ?? null;
    const cidrs = match[4] ?? match[5] ?? "";
    const [, first, second] = /^(?:\/([0-9]+))?(?:\/\/([0-9]+))?$/.exec(cidrs) ?? [];
    // ip6 has one prefix, written "/n": it is the IPv6 length.
    const [cidr4, cidr6] = name === "ip6" ? [undefined, first] : [first, second];
    const mechanism: SpfMechanism = {
      kind: "mechanism",
      qualifier,
      name: name as SpfMechanism["name"],
      value,
      cidr4: cidr4 === undefined ? null : Number(cidr4),
      cidr6: cidr6 === undefined ? null : Number(cidr6),
      text,
    };
    const problem = mechanismError({ mechanism, cidrs, hasColon: text.includes(":") });
    if (problem) errors.push(`${text}: ${problem}`);
    else terms.push(mechanism);
  }
  return { terms, errors };
}

function mechanismError(options: {
  mechanism: SpfMechanism;
  cidrs: string;
  hasColon: boolean;
}): string | null {
  const { mechanism, cidrs, hasColon } = options;
  const { name, value } = mechanism;
  const dual = /^(?:\/([^/]*))?(?:\/\/([^/]*))?$/.exec(cidrs);
  switch (name) {
    case "all":
      return hasColon || cidrs !== "" ? "all takes no argument" : null;
    case "include":
    case "exists":
      if (value === null || cidrs !== "") return `${name} needs a domain and takes no prefix`;
      return prefixed(domainSpecError(value));
    case "ptr":
      if (cidrs !== "") return "ptr takes no prefix";
      return value === null ? null : prefixed(domainSpecError(value));
    case "a":
    case "mx":
      if (hasColon && !value) return `${name}: needs a domain after the colon`;
      if (!dual) return "has an invalid prefix";
      return (
        (value ? prefixed(domainSpecError(value)) : null) ??
        cidrError(dual[1], 32) ??
        cidrError(dual[2], 128)
      );
    case "ip4": {
      const prefix = /^\/([^/]*)$/.exec(cidrs)?.[1];
      if (!value || !net.isIPv4(value)) return "ip4 needs an IPv4 address";
      if (cidrs !== "" && prefix === undefined) return "has an invalid prefix";
      return cidrError(prefix, 32);
    }
    case "ip6": {
      const prefix = /^\/([^/]*)$/.exec(cidrs)?.[1];
      if (!value || !net.isIPv6(value) || value.includes("%")) return "ip6 needs an IPv6 address";
      if (cidrs !== "" && prefix === undefined) return "has an invalid prefix";
      return cidrError(prefix, 128);
    }
  }
}

const prefixed = (problem: string | null) => (problem ? `the domain ${problem}` : null);

/** Whether a domain-spec carries macros, which only a real check with a sender can expand. */
export const hasMacro = (spec: string): boolean => spec.includes("%");
