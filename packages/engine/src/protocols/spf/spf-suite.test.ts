import {
  type SpfSuiteName,
  type SpfSuiteTest,
  spfSuite,
  spfSuiteDifferences,
  spfSuiteHandler,
  startDnsServer,
  testProbeContext,
} from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { checkHost } from "./check-host.js";
import { resolverSpfDns } from "./spf-dns.js";

interface Replayed {
  test: SpfSuiteTest;
  result: string;
  explanation: string | null;
}

/**
 * Every test of a suite through checkHost(), each scenario's zone data served by a loopback
 * resolver (a TIMEOUT is a query never answered), the suite's default explanation "DEFAULT".
 */
async function replay(suite: SpfSuiteName): Promise<Replayed[]> {
  const rounds = await Promise.all(
    spfSuite(suite).map(async (scenario) => {
      const server = await startDnsServer(spfSuiteHandler(scenario.zone));
      try {
        return await Promise.all(
          scenario.tests.map(async (test) => {
            const context = testProbeContext({ resolvers: [server.address], timeoutMs: 3000 });
            const verdict = await checkHost({
              ip: test.host,
              sender: test.mailfrom,
              helo: test.helo,
              dns: resolverSpfDns(context),
            });
            return { test, result: verdict.result, explanation: verdict.explanation ?? "DEFAULT" };
          }),
        );
      } finally {
        await server.close();
      }
    }),
  );
  return rounds.flat();
}

/** The tests whose result, or explanation where the suite gives one, differs from ours. */
function differences(replayed: readonly Replayed[]) {
  return replayed.flatMap(({ test, result, explanation }) => [
    ...(test.results.includes(result)
      ? []
      : [{ id: test.id, field: "result", expected: test.results.join(" or "), got: result }]),
    ...(test.explanation === null || test.explanation === explanation
      ? []
      : [{ id: test.id, field: "explanation", expected: test.explanation, got: explanation }]),
  ]);
}

const listed = Object.entries(spfSuiteDifferences).map(([id, { field }]) => ({ id, field }));

describe("the openspf test suites (pyspf's rfc7208-tests.yml, rfc4408-tests.yml) over loopback DNS", () => {
  it.each(["rfc7208", "rfc4408"] as const)(
    "%s: every result agrees, every explanation but the listed ones",
    async (suite) => {
      const replayed = await replay(suite);
      const differ = differences(replayed);
      const results = differ.filter((entry) => entry.field === "result").length;
      console.log(
        `${suite}: ${replayed.length} tests, results ${replayed.length - results} agree / ${results} differ; explanations differing: ${differ.length - results}`,
      );
      expect(replayed.length).toBe(suite === "rfc7208" ? 203 : 191);
      // Each kind of result the suite expects is reached somewhere: nothing is stubbed.
      expect(new Set(replayed.map((entry) => entry.result))).toEqual(
        new Set(["pass", "fail", "softfail", "neutral", "none", "permerror", "temperror"]),
      );
      expect(differ.map(({ id, field }) => ({ id, field }))).toEqual(listed);
    },
    60_000,
  );
});
