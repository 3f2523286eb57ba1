import { readFileSync } from "node:fs";
import cases from "./fixtures/cases.json" with { type: "json" };
import cspParserCases from "./fixtures/csp-parser-cases.json" with { type: "json" };
import mozillaOrg from "./fixtures/scans/mozilla-org.json" with { type: "json" };
import observatoryMozillaOrg from "./fixtures/scans/observatory-mozilla-org.json" with {
  type: "json",
};

/**
 * One test case of the MDN HTTP Observatory's own suite (`test/*.test.js`), as data: what the
 * site's final HTTPS answer carries, how its http side redirects, what its CORS preflight says,
 * and the outcome the Observatory's test gives. MPL-2.0, see fixtures/LICENSE-mdn-http-observatory.txt.
 */
export interface ObservatoryCase {
  /** The Observatory's test name (`content-security-policy`, `cookies`...). */
  test: string;
  name: string;
  /** The outcome expected; null when the case checks only the CSP policy notes. */
  expect: string | null;
  /** The Observatory's CSP policy notes the case expects (`unsafeInline`, `defaultNone`...). */
  policy?: Record<string, boolean>;
  /** Headers of the final HTTPS answer; an array is sent as several field lines. */
  headers?: Record<string, string | string[]>;
  /** Set-Cookie lines of the final HTTPS answer. */
  cookies?: string[];
  /** The page: a body, or one of `files/`. Default: an empty text/html page. */
  body?: string;
  file?: string;
  status?: number;
  /** Headers of the answer to the CORS preflight; `{origin}` is the Origin the request sent. */
  cors?: Record<string, string>;
  /**
   * The http chain as URLs without ports (`{host}`, `{www}`: the case's names), each redirecting
   * to the next; null: http does not answer. Default: http://{host}/ to https://{host}/.
   */
  http?: string[] | null;
  /** `none`: nothing answers HTTPS; `invalid-cert`: a certificate no one trusts. */
  https?: "none" | "invalid-cert";
  /** A fixed host name (a case about a particular domain); default: one made up per case. */
  host?: string;
  source: string;
}

/** A whole scan the Observatory's scanner test grades (`test/fixtures/`, trimmed). */
export interface ObservatoryScan {
  source: string;
  expect: { grade: string; score: number; testsPassed: number; testsFailed: number };
  site: string;
  final: { status: number; headers: Record<string, string> };
  cors: { status: number; headers: Record<string, string> } | null;
  httpRedirects: { url: string; status: number }[];
  body: string;
}

export const observatoryCases: readonly ObservatoryCase[] = cases.cases as ObservatoryCase[];
export const observatoryScans: readonly ObservatoryScan[] = [
  mozillaOrg as ObservatoryScan,
  observatoryMozillaOrg as ObservatoryScan,
];

/** One of the Observatory's HTML test files. */
export function observatoryFile(name: string): string {
  return readFileSync(new URL(`./fixtures/files/${name}`, import.meta.url), "utf8");
}

/** The Observatory's CSP parser cases (`test/csp-parser.test.js`): policies and what it reads. */
export const observatoryCspParserCases: {
  parsed: { policies: string[]; directives: Record<string, string[]> }[];
  invalid: string[];
  readable: string[];
  duplicates: { policies: string[]; directive: string }[];
} = cspParserCases as typeof observatoryCspParserCases;
