/**
 * One registry answer of a WHOIS corpus and the fields its upstream asserts (python-whois,
 * weppos/whois-parser, likexian/whois-parser), and how the section's `data` is judged against
 * them. A field is `undefined` where upstream asserts nothing (not scored) and `null` where it
 * asserts the text has none: a value read there is `extra`, a field made up.
 */
export interface WhoisCorpusSample {
  /** The corpus it comes from (`python-whois`, `weppos`, `likexian`), none for a test's own. */
  source?: string;
  /** The upstream fixture (`whois.nic.it/it/status_registered`). */
  fixture?: string;
  domain: string;
  /** The registry's answer, as recorded. */
  raw: string;
  /** The bytes to send instead of `raw` in UTF-8 (an answer in another character set). */
  bytes?: Uint8Array;
  expected: WhoisCorpusExpected;
  /** Where upstream's expectation was corrected from the raw text, and why. */
  corrected?: string;
  /** Why the fixture cannot be asked through the API (a TLD, a name under a private suffix). */
  skip?: string;
}

export interface WhoisCorpusExpected {
  /**
   * true: the answer carries a registration or says so; false: it says the name is not
   * registered; null: neither (reserved, invalid, withheld), so `registered` must be null.
   */
  registered?: boolean | null;
  /** The answer refuses the query (a rate limit, a ban): the section answers 502. */
  refused?: boolean;
  registrar?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  expiresAt?: string | null;
  /** Status words as the registry writes them (EPP codes and registry words). */
  statuses?: string[] | null;
  /** Lower-case host names. */
  nameservers?: string[] | null;
  /** The registrant's ISO 3166 code where the raw text publishes its country. */
  registrantCountry?: string | null;
}

export type CorpusField =
  | "registered"
  | "registrar"
  | "createdAt"
  | "updatedAt"
  | "expiresAt"
  | "nameservers"
  | "statuses"
  | "registrantCountry";
export const corpusFields: readonly CorpusField[] = [
  "registered",
  "registrar",
  "createdAt",
  "updatedAt",
  "expiresAt",
  "nameservers",
  "statuses",
  "registrantCountry",
];

/**
 * `unscored`: nothing to judge; `extra`: a value where upstream asserts the text has none;
 * `missing`: nothing read where there is a value (for `registered`: null where the answer says).
 */
export type CorpusVerdict = "correct" | "wrong" | "missing" | "extra" | "unscored";

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** Status words in lower case: URLs and parenthesised dates set aside, commas and dots dropped. */
function statusWords(statuses: readonly string[]): Set<string> {
  return new Set(
    statuses
      .flatMap((status) =>
        status
          .replace(/\(?https?:\/\/\S+\)?/g, " ")
          .replace(/\([^)]*\)/g, " ")
          .split(/[\s,_]+/),
      )
      .map((word) => word.toLowerCase().replace(/\.$/, ""))
      .filter((word) => word !== ""),
  );
}

const folded = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s.,]+/g, " ")
    .trim();

// biome-ignore lint/suspicious/noExplicitAny: the section's data as JSON.
type Data = Record<string, any>;

/** The field's value in the section's data, or undefined when it read none. */
function readValue(field: Exclude<CorpusField, "registered">, data: Data): unknown {
  switch (field) {
    case "statuses": {
      const codes = (data.statuses ?? []).map((status: { code: string }) => status.code);
      return codes.length > 0 ? codes : undefined;
    }
    case "nameservers":
      return data.nameservers?.length > 0 ? data.nameservers : undefined;
    case "registrantCountry":
      return nonBlank(data.registrant?.country);
    case "registrar":
      return nonBlank(data.registrar?.name);
    default:
      return nonBlank(data[field]);
  }
}

const nonBlank = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

function agrees(
  field: Exclude<CorpusField, "registered">,
  expected: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: a value of the section's data as JSON.
  got: any,
): boolean {
  switch (field) {
    case "statuses": {
      const want = statusWords(expected as string[]);
      const have = statusWords(got);
      return want.size === have.size && [...want].every((word) => have.has(word));
    }
    case "nameservers": {
      const hosts = (got as string[]).map((host) => host.toLowerCase().replace(/\.$/, ""));
      const want = expected as string[];
      return hosts.length === want.length && want.every((host) => hosts.includes(host));
    }
    case "registrantCountry": {
      // The code, or the country's English name, as registries write either.
      const written = folded(got).replace(/\s*\(\w{2}\)$/, "");
      const code = expected as string;
      return written === code.toLowerCase() || written === folded(regionNames.of(code) ?? "");
    }
    case "registrar":
      return folded(got) === folded(expected as string);
    default:
      return got.replace(/\.\d+Z$/, "Z") === expected;
  }
}

/**
 * How the section's `data` (undefined for an answer other than 200) reads one field of a sample.
 * Dates compare to the second; statuses as sets of lower-case words; registrars with case,
 * spaces, dots and commas folded; a country as its code or English name. A refusal is judged on
 * `registered`: correct when there is no data (the section answered 502).
 */
export function judgeCorpusField(
  sample: WhoisCorpusSample,
  field: CorpusField,
  data: Data | undefined,
): CorpusVerdict {
  const { expected } = sample;
  if (field === "registered") {
    if (expected.refused) return data === undefined ? "correct" : "wrong";
    if (expected.registered === undefined) return "unscored";
    const got: unknown = data?.registered;
    if (got === expected.registered) return "correct";
    return got === null || got === undefined ? "missing" : "wrong";
  }
  // Fields are judged on answers with a registration only.
  if (expected.refused || expected.registered !== true) return "unscored";
  const want = expected[field];
  if (want === undefined) return "unscored";
  const got = data ? readValue(field, data) : undefined;
  const empty = want === null || (Array.isArray(want) && want.length === 0);
  if (empty) return got === undefined ? "unscored" : "extra";
  if (got === undefined) return "missing";
  return agrees(field, want, got) ? "correct" : "wrong";
}

/** Per field, how many samples got each verdict. */
export type CorpusTally = Record<CorpusField, Record<CorpusVerdict, number>>;

export function newCorpusTally(): CorpusTally {
  return Object.fromEntries(
    corpusFields.map((field) => [
      field,
      { correct: 0, wrong: 0, missing: 0, extra: 0, unscored: 0 },
    ]),
  ) as CorpusTally;
}

/** The share of judged samples read right (wrong and missing ones count against it). */
export function shareRight({ correct, wrong, missing }: Record<CorpusVerdict, number>): number {
  return correct / Math.max(1, correct + wrong + missing);
}
