import {
  caseSite,
  engineGet,
  noBuiltInProbes,
  observatoryCases,
  observatoryScans,
  type SpecSites,
  scanSite,
  startSpecSites,
} from "@domain-intel/test-kit";
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "../../contract/finding.js";
import { createEngine, type Engine } from "../../engine.js";
import type { HttpData } from "./declaration.js";
import { httpProbe } from "./http-probe.js";

// The MDN HTTP Observatory's own test cases (mdn/mdn-http-observatory test/*.test.js and its
// two captured scans, MPL-2.0, in test-kit's observatory/ folder), each served by a loopback
// HTTPS site and asked through GET /api/v1/http/{domain}. Every case agrees with the outcome the
// Observatory expects, or is one of the differences below, each explained in the engine README.

const knownDifferences: Record<string, string> = {
  "strict-transport-security: no https":
    "no grade without an HTTPS page: nothing is judged over plain http",
  "strict-transport-security: invalid cert":
    "no grade without an HTTPS page: nothing is read over a connection whose certificate fails",
  "strict-transport-security: preloaded: bugzilla.mozilla.org":
    "Chromium's HSTS preload list is not carried",
  "strict-transport-security: preloaded: facebook.com":
    "Chromium's HSTS preload list is not carried",
  "redirection: all redirections preloaded": "Chromium's HSTS preload list is not carried",
};

interface Verdict {
  outcome: string | null;
  policy: Record<string, boolean> | null;
}

/** The Observatory test's outcome as the section reports it, in its grade or its finding. */
function verdictOf(data: HttpData | undefined, test: string): Verdict {
  const tests = data?.observatory?.tests as Record<string, { outcome: string }> | undefined;
  const graded = tests?.[test];
  const finding = data?.findings.find(
    (entry: Finding) => (entry.details?.observatory as { test?: string })?.test === test,
  );
  const observed = finding?.details?.observatory as { outcome?: string } | undefined;
  const policy = data?.findings.find((entry) => entry.id === "http.headers.csp")?.details?.policy;
  return {
    outcome: graded?.outcome ?? observed?.outcome ?? null,
    policy: (policy as Record<string, boolean> | null | undefined) ?? null,
  };
}

/** The warning or failing findings carrying an Observatory verdict but no recommendation. */
function unadvised(data: HttpData | undefined): string[] {
  return (data?.findings ?? [])
    .filter(
      (entry) => (entry.status === "warn" || entry.status === "fail") && entry.details?.observatory,
    )
    .filter(
      (entry) =>
        !(
          typeof entry.details?.recommendation === "string" &&
          entry.details.recommendation.length > 20
        ),
    )
    .map((entry) => `${entry.id}: ${String(entry.details?.outcome)}`);
}

let sites: SpecSites;
let engine: Engine;
const caseSites = observatoryCases.map(caseSite);

beforeAll(async () => {
  sites = await startSpecSites([...caseSites, ...observatoryScans.map(scanSite)]);
  engine = createEngine({
    keys: ["replay"],
    // 211 requests in well under a minute: the default bucket (120, then 2 a second) would
    // answer the last ones 429 on a fast machine.
    rateLimit: false,
    // Generous caps: a busy machine must not turn a case into a timeout.
    network: { resolvers: [sites.dns.address], allowPrivateAddresses: true, timeoutMs: 30_000 },
    probes: {
      ...noBuiltInProbes,
      http: httpProbe({
        httpsPort: sites.httpsPort,
        httpPort: sites.httpPort,
        ca: sites.ca,
        requestTimeoutMs: 15_000,
      }),
    },
  });
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await sites?.close();
});

async function section(host: string): Promise<HttpData | undefined> {
  const answer = await engineGet(engine, `/api/v1/http/${host}`, "replay");
  return answer.status === 200 ? (answer.body.data as HttpData) : undefined;
}

describe("the MDN HTTP Observatory's test cases, replayed over loopback", () => {
  it("every case agrees with the Observatory's expected outcome, or is a known difference", async () => {
    const limit = pLimit(6);
    const results = await Promise.all(
      observatoryCases.map((entry, index) =>
        limit(async () => {
          const data = await section(caseSites[index]!.host);
          const verdict = verdictOf(data, entry.test);
          const outcomeAgrees = entry.expect === null || verdict.outcome === entry.expect;
          const policyAgrees = Object.entries(entry.policy ?? {}).every(
            ([trait, value]) => verdict.policy?.[trait] === value,
          );
          return {
            key: `${entry.test}: ${entry.name}`,
            expected: { outcome: entry.expect, policy: entry.policy ?? null },
            got: verdict,
            agrees: outcomeAgrees && policyAgrees,
            unadvised: unadvised(data),
          };
        }),
      ),
    );
    // Every judged finding that warns or fails says what to do, in words.
    expect(results.flatMap((result) => result.unadvised)).toEqual([]);
    const agreeing = results.filter((result) => result.agrees).length;
    console.log(
      `MDN HTTP Observatory cases: ${agreeing} of ${results.length} agree; ${
        results.length - agreeing
      } known differences (engine README, "The Observatory's own cases").`,
    );
    const unexpected = results.filter(
      (result) => !result.agrees && !(result.key in knownDifferences),
    );
    expect(unexpected.map((result) => result.key)).toEqual([]);
    expect(unexpected).toEqual([]);
    // A known difference that now agrees must leave the list (and the README).
    const stale = results.filter((result) => result.agrees && result.key in knownDifferences);
    expect(stale.map((result) => result.key)).toEqual([]);
    expect(Object.keys(knownDifferences).every((key) => results.some((r) => r.key === key))).toBe(
      true,
    );
  }, 300_000);

  it.each(observatoryScans.map((scan) => [scan.site, scan] as const))(
    "grades the captured scan of %s as the Observatory's scanner test expects",
    async (_site, scan) => {
      const data = await section(scan.site);
      const tests = Object.values(data?.observatory?.tests ?? {});
      expect({
        grade: data?.observatory?.grade,
        score: data?.observatory?.score,
        testsPassed: tests.filter((test) => test.pass).length,
        testsFailed: tests.filter((test) => !test.pass).length,
      }).toEqual(scan.expect);
    },
    60_000,
  );
});
