import { isIP } from "node:net";
import { domainToASCII } from "node:url";
import { parse } from "tldts";
import { DomainIntelError } from "../contract/domain-intel-error.js";

export interface NormalizedDomain {
  /** Lower-case ASCII (punycode) host name without a trailing dot. */
  readonly name: string;
  /** The registrable domain (eTLD+1) the name belongs to. */
  readonly registrableDomain: string;
  readonly publicSuffix: string;
}

const maxNameLength = 253;
const maxLabelLength = 63;
// Characters that can never appear in a host name, checked before IDNA mapping so that
// URL syntax (ports, paths, userinfo, brackets) is refused instead of silently cut off.
const forbidden = /[\s/\\?#@:[\]%<>"'`{}|^,;=!$&()*+~]/u;
const label = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;

function invalid(detail: string): DomainIntelError {
  return new DomainIntelError("invalid_domain", detail);
}

/**
 * Normalises user input (case, one trailing dot, IDN to punycode) and validates it as a
 * host name under a public suffix. Throws `DomainIntelError("invalid_domain")`.
 */
export function normalizeDomain(input: string): NormalizedDomain {
  if (typeof input !== "string" || input.length === 0) throw invalid("The domain is empty.");
  if (input.length > 1024) throw invalid("The domain is longer than 253 characters.");
  if (forbidden.test(input))
    throw invalid("The domain contains characters not allowed in a host name.");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/u.test(input))
    throw invalid("The domain contains control characters.");

  const withoutDot = input.endsWith(".") ? input.slice(0, -1) : input;
  if (withoutDot.split(".").some((part) => part.length === 0)) {
    throw invalid("The domain has an empty label.");
  }
  if (isIP(withoutDot) || /^[0-9.]+$/.test(withoutDot) || /^0x[0-9a-f]*(\.|$)/i.test(withoutDot)) {
    throw invalid("An IP address is not a domain name.");
  }
  const name = domainToASCII(withoutDot).toLowerCase();
  if (name === "") throw invalid("The domain is not a valid internationalised host name.");
  // WHATWG host parsing turns forms like 0x7f.1 into IPv4; refuse them as IP literals.
  if (isIP(name)) throw invalid("An IP address is not a domain name.");
  if (name.length > maxNameLength) throw invalid("The domain is longer than 253 characters.");

  const labels = name.split(".");
  if (labels.length < 2) throw invalid("A single label is not a domain name.");
  for (const part of labels) {
    if (part.length === 0) throw invalid("The domain has an empty label.");
    if (part.length > maxLabelLength)
      throw invalid(`The label "${part.slice(0, 16)}…" is longer than 63 characters.`);
    if (!label.test(part)) throw invalid(`The label "${part}" is not a valid host name label.`);
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1] ?? "")) {
    throw invalid("The top-level domain cannot be numeric.");
  }

  const parsed = parse(name, { allowPrivateDomains: false });
  if (parsed.isIp) throw invalid("An IP address is not a domain name.");
  if (!parsed.domain || !parsed.publicSuffix) {
    throw invalid(`"${name}" is a public suffix, not a registrable domain.`);
  }
  if (parsed.domain.includes("_")) {
    throw invalid("Underscores are not allowed in the registrable part of a domain.");
  }
  if (parsed.publicSuffix.includes("_")) throw invalid("The public suffix is not valid.");
  return { name, registrableDomain: parsed.domain, publicSuffix: parsed.publicSuffix };
}
