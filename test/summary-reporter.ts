import type { Reporter, SerializedError, TestModule, TestSuite } from "vitest/node";

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * Counts the passed and skipped tests under `suite` into `counts` and returns its failures.
 * A module or suite with errors of its own (a file that does not load, a beforeAll or afterAll
 * that throws) is broken: the tests it kept from running count as failed, not skipped, and
 * when no test is left to show the breakage the module or suite is one failure itself.
 */
function countSuite(suite: TestModule | TestSuite, counts: Counts, brokenAbove: boolean): number {
  const ownErrors = suite.errors().length > 0;
  const broken = brokenAbove || ownErrors;
  let failures = 0;
  for (const child of suite.children) {
    if (child.type === "suite") {
      failures += countSuite(child, counts, broken);
      continue;
    }
    const state = child.result().state;
    const meantToSkip = child.options.mode === "skip" || child.options.mode === "todo";
    if (state === "passed") counts.passed++;
    else if (state === "failed" || (broken && !meantToSkip)) failures++;
    else counts.skipped++;
  }
  return ownErrors && failures === 0 ? 1 : failures;
}

/**
 * Prints one plain `tests: N passed, N failed, N skipped` line that any CI log reader
 * understands. It says 0 failed only when vitest has nothing to fail for: a file that does not
 * load, a hook that throws and an error outside any test all count as failures.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const counts: Counts = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    for (const module of testModules) counts.failed += countSuite(module, counts, false);
    process.stdout.write(
      `\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
