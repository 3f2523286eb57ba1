import { readFileSync } from "node:fs";
import net from "node:net";
import { fileURLToPath } from "node:url";

/**
 * Zonemaster's own test scenarios, read from its engine's test files (`t/Test-<case>.t`, in
 * either of their two forms: the `scenario ... => sub { expect ...; forbid_others; }` DSL, or
 * the `%subtests` table of mandatory and forbidden tags). The zones they test are served by
 * `startCorefileLab` from the `test-zone-data` beside them. See `README.md` for the versions.
 */

export interface ZonemasterScenario {
  /** `basic02`. */
  testCase: string;
  /** `NS-BROKEN-1`. */
  name: string;
  zone: string;
  /** Tags Zonemaster must emit. */
  expect: string[];
  /** Tags it must not emit. */
  forbid: string[];
  /** Undelegated test: the name servers given, `name` or `name/address`. */
  undelegatedNs: string[];
  /** Undelegated test: DS records given, `keytag,algorithm,digest type,digest`. */
  undelegatedDs: string[];
  /** Zonemaster runs it (`not_testable` or a 0 in the table: no). */
  testable: boolean;
  /** Marked `todo`: Zonemaster itself does not pass it yet. */
  todo: boolean;
  /** IPv4 addresses of the root servers the scenario's resolution starts from. */
  rootHints: string[];
}

/** The directory holding `t/` and `test-zone-data/`. */
export const zonemasterDataDirectory = fileURLToPath(new URL(".", import.meta.url));

/** The test cases vendored here, in the order of Zonemaster's test plan. */
export const zonemasterTestCases = [
  "address01",
  "address03",
  "basic01",
  "basic02",
  "connectivity04",
  "consistency05",
  "consistency06",
  "delegation01",
  "delegation02",
  "delegation03",
  "dnssec01",
  "dnssec03",
  "dnssec05",
  "dnssec07",
  "dnssec10",
  "dnssec16",
  "nameserver15",
  "zone09",
  "zone11",
] as const;

type Token =
  | { kind: "word"; value: string }
  | { kind: "string"; value: string }
  | { kind: "words"; value: string[] }
  | { kind: "mark"; value: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const source = text.replace(/^=\w+[\s\S]*?^=cut.*$/gm, "");
  let index = 0;
  while (index < source.length) {
    const rest = source.slice(index);
    const space = /^\s+/.exec(rest);
    if (space) {
      index += space[0].length;
      continue;
    }
    if (rest.startsWith("#")) {
      index += /^#.*/.exec(rest)?.[0].length ?? 1;
      continue;
    }
    const quotedWords = /^qw\s*\(([^)]*)\)/.exec(rest);
    if (quotedWords) {
      tokens.push({ kind: "words", value: quotedWords[1]!.split(/\s+/).filter(Boolean) });
      index += quotedWords[0].length;
      continue;
    }
    const quoted =
      /^q\s*\(([^)]*)\)/.exec(rest) ?? /^'([^']*)'/.exec(rest) ?? /^"([^"]*)"/.exec(rest);
    if (quoted) {
      tokens.push({ kind: "string", value: quoted[1]! });
      index += quoted[0].length;
      continue;
    }
    const word = /^[A-Za-z_][\w:]*|^\d+/.exec(rest);
    if (word) {
      tokens.push({ kind: "word", value: word[0] });
      index += word[0].length;
      continue;
    }
    const mark = /^(=>|->|[[\](){},;%=$@\\])/.exec(rest);
    tokens.push({ kind: "mark", value: mark ? mark[0] : rest[0]! });
    index += mark ? mark[0].length : 1;
  }
  return tokens;
}

/** The strings of a token run (`qw(...)` spread). */
const stringsOf = (tokens: readonly Token[]) =>
  tokens.flatMap((token) =>
    token.kind === "words" ? token.value : token.kind === "string" ? [token.value] : [],
  );

/** `GOOD-{1..3}` as GOOD-1, GOOD-2, GOOD-3. */
function expandNames(name: string): string[] {
  const range = /\{(\d+)\.\.(\d+)\}/.exec(name);
  if (!range) return [name];
  const names: string[] = [];
  for (let n = Number(range[1]); n <= Number(range[2]); n++) {
    names.push(...expandNames(name.replace(range[0], String(n))));
  }
  return names;
}

/** The tokens up to the mark closing the one at `start` (`[`, `(` or `{`). */
function group(tokens: readonly Token[], start: number): { inner: Token[]; end: number } {
  const open = (tokens[start] as { value: string }).value;
  const close = { "[": "]", "(": ")", "{": "}" }[open]!;
  let depth = 0;
  for (let index = start; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind === "mark" && token.value === open) depth++;
    if (token.kind === "mark" && token.value === close && --depth === 0) {
      return { inner: tokens.slice(start + 1, index), end: index };
    }
  }
  throw new Error(`unbalanced ${open}`);
}

/** Statements separated by `;` at depth 0. */
function statements(tokens: readonly Token[]): Token[][] {
  const found: Token[][] = [];
  let current: Token[] = [];
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === "mark" && "([{".includes(token.value)) depth++;
    if (token.kind === "mark" && ")]}".includes(token.value)) depth--;
    if (depth === 0 && token.kind === "mark" && token.value === ";") {
      if (current.length > 0) found.push(current);
      current = [];
    } else current.push(token);
  }
  if (current.length > 0) found.push(current);
  return found;
}

const ipv4 = (values: readonly string[]) => values.filter((value) => net.isIPv4(value));

/** Every scenario of one test case. */
export function zonemasterScenarios(testCase: string): ZonemasterScenario[] {
  const text = readFileSync(`${zonemasterDataDirectory}t/Test-${testCase}.t`, "utf8");
  const top = statements(tokenize(text));
  const keyword = (statement: Token[]) => (statement[0]?.kind === "word" ? statement[0].value : "");
  const allTags = stringsOf(
    top.find((statement) => keyword(statement) === "all_tags")?.slice(1) ??
      top
        .find((statement) => statement.some((t) => t.kind === "word" && t.value === "all_tags"))
        ?.slice(1) ??
      [],
  );
  const hintsStatement = top.find(
    (statement) =>
      keyword(statement) === "root_hints" ||
      statement.some((token) => token.kind === "word" && token.value === "add_fake_addresses"),
  );
  const rootHints = ipv4(stringsOf(hintsStatement ?? []));
  const template = stringsOf(
    top.find((statement) => keyword(statement) === "zone_name_template") ?? [],
  )[0];
  const scenarios: ZonemasterScenario[] = [];

  for (const statement of top) {
    if (keyword(statement) === "scenario") {
      const arrow = statement.findIndex((t) => t.kind === "mark" && t.value === "=>");
      const names = stringsOf(statement.slice(1, arrow)).flatMap(expandNames);
      const bodyStart = statement.findIndex((t) => t.kind === "mark" && t.value === "{");
      const body = statements(group(statement, bodyStart).inner);
      for (const name of names) {
        const scenario: ZonemasterScenario = {
          testCase,
          name,
          zone: "",
          expect: [],
          forbid: [],
          undelegatedNs: [],
          undelegatedDs: [],
          testable: true,
          todo: false,
          rootHints,
        };
        let zoneTemplate = template ?? "";
        let forbidOthers = false;
        let expectOthers = false;
        for (const line of body) {
          const args = stringsOf(line.slice(1));
          switch (keyword(line)) {
            case "expect":
              scenario.expect.push(...args);
              break;
            case "forbid":
              scenario.forbid.push(...args);
              break;
            case "forbid_others":
              forbidOthers = true;
              break;
            case "expect_others":
              expectOthers = true;
              break;
            case "zone":
              zoneTemplate = args[0]!;
              break;
            case "fake_ns": {
              const [host, ...addresses] = args;
              const v4 = ipv4(addresses);
              // The lab serves IPv4 only: an IPv6 address given would only be a silent server.
              if (v4.length === 0) scenario.undelegatedNs.push(host!);
              for (const address of v4) scenario.undelegatedNs.push(`${host}/${address}`);
              break;
            }
            case "fake_ds":
              scenario.undelegatedDs.push(args.join(","));
              break;
            case "todo":
              scenario.todo = true;
              break;
            case "not_testable":
              scenario.testable = false;
              break;
          }
        }
        if (forbidOthers)
          scenario.forbid.push(...allTags.filter((tag) => !scenario.expect.includes(tag)));
        if (expectOthers)
          scenario.expect.push(...allTags.filter((tag) => !scenario.forbid.includes(tag)));
        scenario.zone = zoneTemplate
          .replace("{SCENARIO}", name.toLowerCase())
          .replace("{TESTCASE}", testCase);
        scenarios.push(scenario);
      }
    }
    const table = statement.findIndex((t) => t.kind === "word" && t.value === "subtests");
    if (table >= 0 && keyword(statement) === "my") {
      const open = statement.findIndex((t, i) => i > table && t.kind === "mark" && t.value === "(");
      const entries = group(statement, open).inner;
      for (let index = 0; index < entries.length; index++) {
        const token = entries[index]!;
        if (token.kind !== "string" || entries[index + 1]?.value !== "=>") continue;
        const { inner, end } = group(entries, index + 2);
        index = end;
        const fields: (Token[] | null)[] = [];
        for (let at = 0; at < inner.length; at++) {
          const field = inner[at]!;
          if (field.kind === "mark" && field.value === ",") continue;
          if (field.kind === "mark" && field.value === "[") {
            const nested = group(inner, at);
            fields.push(nested.inner);
            at = nested.end;
          } else if (field.kind === "word" && field.value === "undef") fields.push(null);
          else fields.push([field]);
        }
        const [testable, zone, mandatory, forbidden, ns, ds] = fields;
        const expect = mandatory ? stringsOf(mandatory) : null;
        const forbid = forbidden ? stringsOf(forbidden) : null;
        scenarios.push({
          testCase,
          name: token.value,
          zone: stringsOf(zone ?? [])[0] ?? "",
          expect: expect ?? allTags.filter((tag) => !(forbid ?? []).includes(tag)),
          forbid: forbid ?? allTags.filter((tag) => !(expect ?? []).includes(tag)),
          // IPv4 only, as fake_ns above.
          undelegatedNs: [
            ...new Set(
              stringsOf(ns ?? []).map((item) =>
                net.isIPv6(item.split("/")[1] ?? "") ? item.split("/")[0]! : item,
              ),
            ),
          ],
          undelegatedDs: stringsOf(ds ?? []),
          testable: (testable?.[0] as { value: string } | undefined)?.value !== "0",
          todo: false,
          rootHints,
        });
      }
    }
  }
  return scenarios;
}
