import { readdirSync, readFileSync } from "node:fs";
import { type Correction, corrected, countryCodeOf } from "./corpus-corrections.js";
import type { WhoisCorpusExpected, WhoisCorpusSample } from "./corpus-judge.js";

const likexianDir = new URL("./likexian/", import.meta.url);

/**
 * likexian/whois-parser's test data (likexian/, Apache-2.0, its licence beside it):
 * `noterror/<tld>_<domain>` registry answers with the fields its parser gives for them in
 * `<file>.json` (checked by hand, its README says), and `notfound/<tld>_<domain>` answers its
 * test requires to read as not found. Where the text contradicts the JSON,
 * `likexian/corrections.json` says what the text gives and why.
 */
export function likexianCorpus(): WhoisCorpusSample[] {
  const corrections = JSON.parse(
    readFileSync(new URL("corrections.json", likexianDir), "utf8"),
  ) as Record<string, Correction>;
  const found = readdirSync(new URL("noterror/", likexianDir))
    .filter((name) => name.includes("_") && !name.endsWith(".json"))
    .sort()
    .map((name) => {
      const json = JSON.parse(
        readFileSync(new URL(`noterror/${name}.json`, likexianDir), "utf8"),
      ) as LikexianInfo;
      return sample(`noterror/${name}`, expectedOf(json));
    });
  const notFound = readdirSync(new URL("notfound/", likexianDir))
    .sort()
    .map((name) => sample(`notfound/${name}`, { registered: false }));
  const samples = [...found, ...notFound].map((s) => corrected(s, corrections[s.fixture!]));
  const unused = Object.keys(corrections).filter(
    (fixture) => !samples.some((s) => s.fixture === fixture),
  );
  if (unused.length > 0) {
    throw new Error(`likexian corrections for no fixture: ${unused.join(", ")}`);
  }
  return samples;
}

function sample(fixture: string, expected: WhoisCorpusExpected): WhoisCorpusSample {
  const name = fixture.slice(fixture.indexOf("/") + 1);
  const domain = name.slice(name.indexOf("_") + 1).toLowerCase();
  // `com_com`, `cn_cn`: IANA's answers for a TLD.
  const skip = domain.includes(".") ? undefined : "IANA's answer for a TLD";
  return {
    source: "likexian",
    fixture,
    domain,
    raw: readFileSync(new URL(fixture, likexianDir), "utf8"),
    expected,
    ...(skip ? { skip } : {}),
  };
}

interface LikexianInfo {
  domain: {
    status?: string[];
    name_servers?: string[];
    created_date?: string;
    created_date_in_time?: string;
    updated_date?: string;
    updated_date_in_time?: string;
    expiration_date?: string;
    expiration_date_in_time?: string;
  };
  registrar?: { name?: string };
  registrant?: { country?: string };
}

/** The fields its JSON gives; a field it leaves out is not scored (its parser may have missed it). */
function expectedOf(info: LikexianInfo): WhoisCorpusExpected {
  const { domain } = info;
  const expected: WhoisCorpusExpected = { registered: true };
  const dates = [
    ["createdAt", domain.created_date_in_time, domain.created_date],
    ["updatedAt", domain.updated_date_in_time, domain.updated_date],
    ["expiresAt", domain.expiration_date_in_time, domain.expiration_date],
  ] as const;
  for (const [field, inTime, written] of dates) {
    const instant = instantOf(inTime) ?? instantOf(isoWritten(written));
    if (instant) expected[field] = instant;
  }
  if (info.registrar?.name) expected.registrar = info.registrar.name;
  if (domain.name_servers?.length) {
    expected.nameservers = domain.name_servers.map((host) => host.toLowerCase().replace(/\.$/, ""));
  }
  if (domain.status?.length) expected.statuses = domain.status;
  const country = info.registrant?.country && countryCodeOf(info.registrant.country);
  if (country) expected.registrantCountry = country;
  return expected;
}

/** `2010-07-04 04:34:46 +03:00`, which its date reader leaves without `_in_time`. */
function isoWritten(text: string | undefined): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})\s*([+-]\d{2}:?\d{2}|Z)?$/.exec(
    text?.trim() ?? "",
  );
  if (!match) return undefined;
  const zone = match[3] ?? "Z";
  return `${match[1]}T${match[2]}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`;
}

/** An instant to the second, as the judge compares dates (its JSON keeps milliseconds). */
function instantOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
}
