import { readdirSync, readFileSync, statSync } from "node:fs";
import { type Correction, corrected, countryCodeOf } from "./corpus-corrections.js";
import type { WhoisCorpusExpected, WhoisCorpusSample } from "./corpus-judge.js";

const wepposDir = new URL("./weppos/", import.meta.url);

/**
 * weppos/whois-parser's fixtures (weppos/, MIT, its licence beside them): every
 * `<server>/<tld>/<case>.txt` registry answer that has a `.expected` file, with the fields that
 * file asserts, read from its test language (`#created_on` then `%s %TIME{...}`...). Where the
 * text contradicts it, `weppos/corrections.json` says what the text gives and why.
 */
export function wepposCorpus(): WhoisCorpusSample[] {
  const corrections = JSON.parse(
    readFileSync(new URL("corrections.json", wepposDir), "utf8"),
  ) as Record<string, Correction>;
  const samples = fixtureNames(wepposDir, "").map((fixture) => {
    const raw = readFileSync(new URL(`${fixture}.txt`, wepposDir), "utf8");
    const assertions = readAssertions(
      readFileSync(new URL(`${fixture}.expected`, wepposDir), "utf8"),
    );
    const parts = fixture.split("/");
    const tld = parts.length >= 3 ? parts[1]! : undefined;
    const domain = domainOf(assertions, raw, tld, parts.at(-1)!);
    // IANA answers for .int names and for TLDs themselves (`tld/`).
    const skip = fixture.startsWith("whois.iana.org/tld/") ? "IANA's answer for a TLD" : undefined;
    return corrected(
      {
        source: "weppos",
        fixture,
        domain,
        raw,
        expected: expectedOf(assertions),
        ...(skip ? { skip } : {}),
      },
      corrections[fixture],
    );
  });
  const unused = Object.keys(corrections).filter(
    (fixture) => !samples.some((s) => s.fixture === fixture),
  );
  if (unused.length > 0) throw new Error(`weppos corrections for no fixture: ${unused.join(", ")}`);
  return samples;
}

/** `<server>/<tld>/<case>` of every answer with an `.expected` file, in name order. */
function fixtureNames(root: URL, prefix: string): string[] {
  return readdirSync(new URL(prefix, root))
    .sort()
    .flatMap((name) => {
      const path = `${prefix}${name}`;
      if (statSync(new URL(path, root)).isDirectory()) return fixtureNames(root, `${path}/`);
      return name.endsWith(".expected") ? [path.slice(0, -".expected".length)] : [];
    });
}

/** `#attribute` then its assertions (`%s.name == "X"`), as weppos's spec generator reads them. */
function readAssertions(text: string): Map<string, [string, string][]> {
  const tests = new Map<string, [string, string][]>();
  let current: [string, string][] = [];
  for (const line of text.split(/\r?\n/)) {
    const heading = /^#(\S+)/.exec(line);
    if (heading) {
      current = [];
      tests.set(heading[1]!, current);
    }
    const assertion = /^\s+(\S+) (.+)$/.exec(line);
    if (assertion) current.push([assertion[1]!, assertion[2]!.trim()]);
  }
  return tests;
}

/** A Ruby literal of the test language: a string, nil, true, false, or undefined for others. */
function literal(condition: string | undefined): string | boolean | null | undefined {
  if (condition === undefined) return undefined;
  const value = condition.replace(/^==\s*/, "");
  if (value === "nil") return null;
  if (value === "true" || value === "false") return value === "true";
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(value);
  return quoted ? JSON.parse(`"${quoted[1]}"`) : undefined;
}

function expectedOf(tests: Map<string, [string, string][]>): WhoisCorpusExpected {
  const value = (attribute: string, method = "%s") =>
    literal(tests.get(attribute)?.find(([m, c]) => m === method && c.startsWith("=="))?.[1]);
  const registered = value("registered?");
  const available = value("available?");
  const expected: WhoisCorpusExpected = {};
  if (value("response_throttled?") === true || value("response_unavailable?") === true) {
    expected.refused = true;
    return expected;
  }
  // "registered? false" with "available? false" (reserved, invalid): not free, not registered.
  // Without either, the `#status` symbol says; without that, asserting a registration's fields
  // says it is one. A reserved name is neither, whatever else the file says (it says
  // "registered? true" for some registries' reserved names, false for others').
  const symbol = /^== :(\w+)$/.exec(tests.get("status")?.find(([m]) => m === "%s")?.[1] ?? "");
  if (symbol?.[1] === "reserved") {
    expected.registered = null;
  } else if (typeof registered === "boolean") {
    expected.registered = registered ? true : available === true ? false : null;
  } else {
    if (symbol) expected.registered = statusSymbols[symbol[1]!] ?? null;
    else if (
      registrationAttributes.some((attribute) => tests.has(attribute)) ||
      /^== \["/.test(tests.get("status")?.find(([m]) => m === "%s")?.[1] ?? "")
    ) {
      expected.registered = true;
    }
  }
  if (expected.registered !== true) return expected;
  for (const [attribute, field] of [
    ["created_on", "createdAt"],
    ["updated_on", "updatedAt"],
    ["expires_on", "expiresAt"],
  ] as const) {
    const date = dateOf(tests.get(attribute));
    if (date !== undefined) expected[field] = date;
  }
  const registrar = tests.get("registrar");
  if (registrar) {
    const name = value("registrar", "%s.name");
    const organization = value("registrar", "%s.organization");
    // The registrar's name over its handle (`MARKMONITOR-REG`, `MarkMonitor International Limited`).
    const chosen = typeof organization === "string" && organization !== "" ? organization : name;
    if (typeof chosen === "string" || value("registrar") === null) {
      expected.registrar = typeof chosen === "string" ? chosen : null;
    }
  }
  const nameservers = tests.get("nameservers");
  if (nameservers) {
    const hosts = nameservers
      .filter(([method]) => /^%s\[\d+\]\.name$/.test(method))
      .map(([, condition]) => literal(condition))
      .filter((host): host is string => typeof host === "string")
      .map((host) => host.toLowerCase().replace(/\.$/, ""));
    if (hosts.length > 0 || nameservers.some(([, c]) => c === "== []" || c === "%SIZE{0}")) {
      expected.nameservers = hosts;
    }
  }
  const statuses = tests.get("status")?.find(([m, c]) => m === "%s" && /^== \[/.test(c))?.[1];
  if (statuses) expected.statuses = JSON.parse(statuses.slice(3)) as string[];
  const country = countryOf(tests.get("registrant_contacts"));
  if (country !== undefined) expected.registrantCountry = country;
  return expected;
}

/** Attributes only a registration has: a fixture asserting one is a registered name's. */
const registrationAttributes = [
  "created_on",
  "updated_on",
  "expires_on",
  "nameservers",
  "registrar",
  "registrant_contacts",
  "admin_contacts",
  "technical_contacts",
];

/** weppos's `#status` symbols: a registration exists, the name is free, or neither. */
const statusSymbols: Record<string, boolean | null> = {
  registered: true,
  redemption: true,
  expired: true,
  inactive: true,
  suspended: true,
  available: false,
  reserved: null,
  invalid: null,
  unavailable: null,
  incomplete: null,
};

/** `%s %TIME{2001-06-25 20:37:59 UTC}` as an ISO instant; nil as null; nothing as undefined. */
function dateOf(assertions: [string, string][] | undefined): string | null | undefined {
  if (!assertions) return undefined;
  if (assertions.some(([method, condition]) => method === "%s" && condition === "== nil")) {
    return null;
  }
  const time = assertions.find(([method, c]) => method === "%s" && c.startsWith("%TIME{"));
  return time ? rubyTime(time[1].slice("%TIME{".length, -1)) : undefined;
}

/** Offsets of the zone abbreviations the fixtures' times use. */
const zones: Record<string, string> = {
  UTC: "Z",
  GMT: "Z",
  WAT: "+01:00",
  EAT: "+03:00",
  PDT: "-07:00",
  JST: "+09:00",
};

/**
 * Ruby's `Time.parse` of the fixtures' times: `2001-06-25 20:37:59 UTC`, `... +02:00`,
 * `2013-04-21T01:05:35Z`, `2010-02-10` (no zone: the time as written, read as UTC here as the
 * section does).
 */
function rubyTime(text: string): string | undefined {
  const match =
    /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?)?\s*(Z|[A-Z]{3}|[+-]\d{2}:?\d{2})?$/.exec(
      text.trim(),
    );
  if (!match) return undefined;
  const [, day, clock = "00:00:00", zone] = match;
  const offset = !zone
    ? "Z"
    : (zones[zone] ?? (zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone));
  const time = Date.parse(`${day}T${clock.length === 5 ? `${clock}:00` : clock}${offset}`);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.000Z$/, "Z");
}

/** The registrant's country as a code: `country_code`, or `country` when it is one or a name. */
function countryOf(assertions: [string, string][] | undefined): string | null | undefined {
  if (!assertions) return undefined;
  const of = (method: string) =>
    literal(assertions.find(([m, c]) => m === method && c.startsWith("=="))?.[1]);
  const code = of("%s[0].country_code");
  if (typeof code === "string" && code !== "") return countryCodeOf(code) ?? undefined;
  const country = of("%s[0].country");
  if (typeof country === "string" && country !== "") return countryCodeOf(country) ?? undefined;
  return undefined;
}

/**
 * The name the fixture answers for: its `#domain` assertion; else a name of its TLD in the text
 * (an available answer usually repeats the name asked); else one made from the case's name.
 */
function domainOf(
  tests: Map<string, [string, string][]>,
  raw: string,
  tld: string | undefined,
  name: string,
): string {
  const asserted = literal(tests.get("domain")?.find(([m]) => m === "%s")?.[1]);
  if (typeof asserted === "string" && asserted.includes(".")) return asserted.toLowerCase();
  if (tld) {
    const host = String.raw`((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+${tld.replace(/\./g, "\\.")})`;
    // A quoted name ("No match for "x.uy""), then one on a domain line, then any but the
    // registry's own hosts and mail domains.
    const found =
      new RegExp(`"${host}"`, "i").exec(raw)?.[1] ??
      new RegExp(
        String.raw`^[^\S\n]*(?:domain|dominio|nombre de dominio)[^:\n]*:\s*${host}\s*$`,
        "im",
      ).exec(raw)?.[1] ??
      [...raw.matchAll(new RegExp(String.raw`(?<![\w.@/-])${host}(?![\w-])`, "gi"))]
        .map((match) => match[1]!)
        .find((candidate) => !/^(?:whois|www|nic|rdap|ns\d*|dns\d*)\./i.test(candidate));
    if (found) return found.toLowerCase();
  }
  return `${name.replace(/_/g, "-")}.${tld ?? "com"}`;
}
