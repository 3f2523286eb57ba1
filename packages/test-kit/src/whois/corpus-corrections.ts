import type { WhoisCorpusExpected, WhoisCorpusSample } from "./corpus-judge.js";

/**
 * Where an upstream expectation is wrong against the raw text, the text wins: a correction
 * (kept as data beside the fixtures) replaces the fields it names and says why.
 */
export interface Correction {
  why: string;
  fields: WhoisCorpusExpected;
}

export function corrected(
  sample: WhoisCorpusSample,
  correction: Correction | undefined,
): WhoisCorpusSample {
  if (!correction) return sample;
  return {
    ...sample,
    expected: { ...sample.expected, ...correction.fields },
    corrected: correction.why,
  };
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
