import { describe, expect, it } from "vitest";
import { type Finding, makeFinding } from "./finding.js";
import type { Probe } from "./probe.js";
import type { Remediation } from "./remediation.js";
import { type SectionFixes, withRemediations } from "./with-remediations.js";

interface Data {
  findings: Finding[];
  mailbox: string;
}

const fix = (summary: string): Remediation => ({ summary, changes: [], references: [] });

const fixes: SectionFixes<Data> = {
  table: {
    "t.broken": (finding, data, { domain }) => fix(`${finding.id} of ${domain} to ${data.mailbox}`),
    "t.passing": () => fix("never asked"),
    "t.none": () => undefined,
    "t.throws": () => {
      throw new Error("data the fix did not foresee");
    },
  },
  findings: (data) => data.findings,
  replace: (data, findings) => ({ ...data, findings }),
};

/** A run's context with `leftMs` of a `budgetMs` budget left when the probe answers. */
const context = (leftMs = 8000, budgetMs = 8000) => {
  const deadline = Date.now() + leftMs;
  return {
    network: { timeoutMs: budgetMs },
    remainingMs: () => deadline - Date.now(),
  } as never;
};

const probe = (findings: Finding[]): Probe<Data> => ({
  summary: "test",
  dataSchema: {},
  run: async () => ({ findings, mailbox: "ops@example.test" }),
});

describe("withRemediations", () => {
  it("attaches a fix computed from the data to failing and warning findings only", async () => {
    const data = await withRemediations(
      fixes,
      probe([
        makeFinding("t.broken", "fail", "broken"),
        makeFinding("t.passing", "pass", "fine"),
        makeFinding("t.unlisted", "warn", "no fix in the table"),
      ]),
    ).run("example.test", context());

    expect(data.findings.map((finding) => finding.remediation?.summary)).toEqual([
      "t.broken of example.test to ops@example.test",
      undefined,
      undefined,
    ]);
    expect(data.mailbox).toBe("ops@example.test");
  });

  it("leaves the finding as it is when its fix has nothing or throws, and still answers", async () => {
    const findings = [makeFinding("t.none", "warn", "w"), makeFinding("t.throws", "fail", "f")];
    const data = await withRemediations(fixes, probe(findings)).run("example.test", context());

    expect(data.findings).toEqual(findings);
  });

  it("gives fixes a bounded share of the answer reserve: the findings left past it get none", async () => {
    const slowMs = 20;
    let computed = 0;
    const slow: SectionFixes<Data> = {
      ...fixes,
      table: {
        "t.slow": () => {
          computed += 1;
          const until = Date.now() + slowMs;
          while (Date.now() < until); // a fix that takes 20 ms of the answer's time
          return fix("slow");
        },
      },
    };
    const findings = Array.from({ length: 50 }, () => makeFinding("t.slow", "fail", "f"));
    // A 1 s budget keeps a 100 ms answer reserve; the probe answered with all of it left.
    const data = await withRemediations(slow, probe(findings)).run(
      "example.test",
      context(100, 1000),
    );

    // Half the reserve (50 ms) holds at most three 20 ms fixes started in time; never all 50.
    expect(computed).toBeGreaterThanOrEqual(1);
    expect(computed).toBeLessThanOrEqual(Math.ceil(50 / slowMs));
    expect(data.findings.filter((finding) => finding.remediation)).toHaveLength(computed);
    expect(data.findings).toHaveLength(50);
  });

  it("computes no fix when the probe answered past the run's deadline", async () => {
    const findings = [makeFinding("t.broken", "fail", "broken")];
    const data = await withRemediations(fixes, probe(findings)).run(
      "example.test",
      context(-5, 1000),
    );

    expect(data.findings).toEqual(findings);
  });
});
