import { createEngine, type Engine, httpProbe, type SectionResult } from "@domain-intel/engine";
import {
  noBuiltInProbes,
  type SiteSpec,
  type SpecSites,
  startSpecSites,
} from "@domain-intel/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { htmlReport } from "./html-report.js";
import { reportView } from "./report-view.js";
import { plain, textSummary } from "./text-summary.js";

// The http section's mark in the CLI summary and on the report page is the MDN HTTP
// Observatory's score and grade (data.observatory), as a user of the Observatory knows them.

const site = (host: string, headers: Record<string, string>): SiteSpec => ({
  host,
  http: [`http://${host}/`, `https://${host}/`],
  https: "ok",
  page: { status: 200, headers: { "content-type": "text/html", ...headers }, body: "" },
  cors: null,
});

// Bonuses: CSP default-src 'none' +10, Referrer-Policy no-referrer +5, framing through CSP
// frame-ancestors +5; no penalty: 120, A+.
const strong = site("strong.example.test", {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
});
// No CSP -25, no X-Frame-Options -20, Referrer-Policy unsafe-url -5: 50, C.
const weak = site("weak.example.test", {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "unsafe-url",
});

let sites: SpecSites;
let engine: Engine;

beforeAll(async () => {
  sites = await startSpecSites([strong, weak]);
  engine = createEngine({
    keys: ["k"],
    network: { resolvers: [sites.dns.address], allowPrivateAddresses: true },
    probes: {
      ...noBuiltInProbes,
      http: httpProbe({ httpsPort: sites.httpsPort, httpPort: sites.httpPort, ca: sites.ca }),
    },
  });
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await sites?.close();
});

const lookup = async (host: string) => (await engine.lookup(host, "http")) as SectionResult;

describe("the http section's Observatory grade in the CLI", () => {
  it.each([
    [strong.host, "A+", 120, "g-good"],
    [weak.host, "C", 50, "g-mid"],
  ] as const)("%s: the summary and the page show %s %i/100", async (host, grade, score, colour) => {
    const result = await lookup(host);
    expect(result.status).toBe("ok");
    const text = textSummary(reportView(result), { paint: plain, verbose: false });
    expect(text).toMatch(new RegExp(`^ {2}http +${grade.replace("+", "\\+")} ${score}/100$`, "m"));
    const page = htmlReport([result]);
    expect(page).toContain(`<div class="mark ${colour}"><b>${grade}</b>http<br>`);
  });
});
