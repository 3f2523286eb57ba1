import { getDomain } from "tldts";
import type { WhoisCorpusExpected, WhoisCorpusSample } from "./corpus-judge.js";

/**
 * Where an upstream expectation is wrong against the raw text, the text wins: a correction
 * (kept as data beside the fixtures) replaces the fields it names and says why.
 */
export interface Correction {
  why: string;
  fields?: WhoisCorpusExpected;
  /** The name the answer is for, where upstream's file does not say it and the text does. */
  domain?: string;
}

/** The sample with its correction applied, and why the API cannot ask for it, if so. */
export function corrected(
  sample: WhoisCorpusSample,
  correction: Correction | undefined,
): WhoisCorpusSample {
  const fixed = correction
    ? {
        ...sample,
        domain: correction.domain ?? sample.domain,
        expected: { ...sample.expected, ...correction.fields },
        corrected: correction.why,
      }
    : sample;
  const skip = sample.skip ?? apiSkipReason(fixed.domain);
  return skip ? { ...fixed, skip } : fixed;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
/** Every ISO 3166 code by its English name, lower case ("united states" -> "US"). */
const codesByName = new Map<string, string>();
for (let first = 65; first <= 90; first++) {
  for (let second = 65; second <= 90; second++) {
    const code = String.fromCharCode(first, second);
    const name = regionNames.of(code);
    if (name && name !== code) codesByName.set(name.toLowerCase(), code);
  }
}

/** A country as upstream writes it (a code, or its English name) as an ISO 3166 code. */
export function countryCodeOf(country: string): string | undefined {
  const text = country.trim();
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  return codesByName.get(text.toLowerCase());
}

/**
 * Why the API cannot ask for the sample's name as recorded, or undefined: it refuses a TLD or a
 * public suffix (400), and looks a name under a private suffix (`kidzlink.ae.org`, CentralNic's)
 * up by its ICANN registrable domain (`ae.org`) at the TLD's registry.
 */
function apiSkipReason(domain: string): string | undefined {
  const registrable = getDomain(domain);
  if (registrable === null) return "a TLD or public suffix: the API answers 400 invalid_domain";
  if (registrable !== domain) {
    return getDomain(domain, { allowPrivateDomains: true }) === domain
      ? `under a private suffix: the section looks up ${registrable} at its TLD's registry`
      : `a host under a domain: the section looks up ${registrable}`;
  }
  return undefined;
}
