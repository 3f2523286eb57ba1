import {
  replaySpfSuite,
  type SpfSuiteName,
  type SpfSuiteTest,
  spfSuiteDifferences,
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
  const rounds = await replaySpfSuite({
    suite,
    run: async (test, resolver) => {
      const verdict = await checkHost({
        ip: test.host,
        sender: test.mailfrom,
        helo: test.helo,
        dns: resolverSpfDns(testProbeContext({ resolvers: [resolver], timeoutMs: 3000 })),
      });
      return { result: verdict.result, explanation: verdict.explanation ?? "DEFAULT" };
    },
  });
  return rounds.map(({ test, outcome }) => ({ test, ...outcome }));
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
